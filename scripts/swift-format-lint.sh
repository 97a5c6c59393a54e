#!/usr/bin/env bash
# `swift format lint` with the checked-in .swift-format, strict on everything: its rules
# (every rule the code satisfies is on) and its layout (indentation, line breaks, spacing,
# line length 160). Layout is not argued about: `scripts/swift-format-lint.sh --fix` formats
# Sources, Tests and Package.swift in place, and any finding left fails (DECISIONS.md,
# 2026-11-27).
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Sources Tests Package.swift)
if [ "${1:-}" = "--fix" ]; then
  swift format format --configuration .swift-format --recursive --parallel --in-place "${paths[@]}"
fi
out=$(swift format lint --strict --configuration .swift-format --recursive --parallel "${paths[@]}" 2>&1) && status=0 || status=$?
findings=$(printf '%s\n' "$out" | grep -E 'warning:|error:' || true)
if [ -n "$findings" ] || [ "$status" -ne 0 ]; then
  echo "swift format lint: $(printf '%s\n' "$findings" | grep -c . || true) finding(s) (scripts/swift-format-lint.sh --fix formats them):" >&2
  printf '%s\n' "$out" >&2
  exit 1
fi
echo "swift format lint: clean"
