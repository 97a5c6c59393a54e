#!/usr/bin/env python3
"""The terminal backend stays a leaf: NCursesTerminal and ncurses-demo must not link the
model, the engine, the layout files, the rasterizer or Yams (issue 8). Reads the package
graph from `swift package describe --type json` and fails loudly naming the path to the
forbidden target."""
import json
import subprocess
import sys

CHECKED = ["NCursesTerminal", "ncurses-demo", "TerminalKit", "Cells"]
FORBIDDEN = {"LayerModel", "LayerKit", "LayoutFiles", "CommandLanguage", "Raster", "Explorer", "Yams"}

def main():
    raw = subprocess.run(["swift", "package", "describe", "--type", "json"],
                         check=True, capture_output=True, text=True).stdout
    targets = {t["name"]: t for t in json.loads(raw)["targets"]}
    failures = []
    for root in CHECKED:
        if root not in targets:
            failures.append(f"{root}: no such target in Package.swift")
            continue
        # Breadth-first over target and product dependencies, remembering how each was reached.
        parent = {root: None}
        queue = [root]
        while queue:
            name = queue.pop(0)
            target = targets.get(name, {})
            for dep in target.get("target_dependencies", []) + target.get("product_dependencies", []):
                if dep not in parent:
                    parent[dep] = name
                    queue.append(dep)
        for bad in sorted(FORBIDDEN & parent.keys()):
            path, node = [], bad
            while node is not None:
                path.append(node)
                node = parent[node]
            failures.append(f"{root} depends on {bad}: {' -> '.join(reversed(path))}")
        print(f"target graph: {root} -> {', '.join(sorted(k for k in parent if k != root)) or '(nothing)'}")
    if failures:
        print("target graph: FORBIDDEN DEPENDENCIES (the backend must depend on Cells, not on the model):",
              file=sys.stderr)
        for f in failures:
            print("  " + f, file=sys.stderr)
        sys.exit(1)

if __name__ == "__main__":
    main()
