#!/usr/bin/env python3
"""The terminal backend stays a leaf: NCursesTerminal and ncurses-demo must not link the
model, the engine, the layout files, the rasterizer or Yams (issue 8). Reads the package
graph from `swift package describe --type json` and fails loudly naming the path to the
forbidden target. Also checks that docs/architecture.md's target graph is Package.swift's
(every non-test target with exactly its dependencies), so the map stays true, and that every
library target has its own test target, named after it (the exceptions are listed in
TESTED_ELSEWHERE with where they are tested)."""
import json
import os
import re
import subprocess
import sys

ARCHITECTURE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs", "architecture.md")

def documented_graph():
    """{target: [dependencies]} from the block between <!-- target-graph --> markers."""
    text = open(ARCHITECTURE, encoding="utf-8").read()
    match = re.search(r"<!-- target-graph[^>]*-->\s*```text\n(.*?)```\s*<!-- /target-graph -->", text, re.S)
    if not match:
        return None
    graph = {}
    for line in match.group(1).splitlines():
        if not line.strip():
            continue
        name, _, deps = line.partition(":")
        graph[name.strip()] = [d.strip() for d in deps.split(",") if d.strip()]
    return graph

def check_documented(targets):
    """Failures where docs/architecture.md and Package.swift disagree."""
    documented = documented_graph()
    if documented is None:
        return ["docs/architecture.md has no <!-- target-graph --> block"]
    actual = {name: t.get("target_dependencies", []) + t.get("product_dependencies", [])
              for name, t in targets.items() if t.get("type") != "test"}
    failures = []
    for name in sorted(actual.keys() - documented.keys()):
        failures.append(f"{name}: in Package.swift, missing from docs/architecture.md (add `{name}: {', '.join(actual[name])}`)")
    for name in sorted(documented.keys() - actual.keys()):
        failures.append(f"{name}: in docs/architecture.md, not a target of Package.swift")
    for name in sorted(actual.keys() & documented.keys()):
        if sorted(actual[name]) != sorted(documented[name]):
            failures.append(f"{name}: Package.swift says {', '.join(actual[name]) or '(nothing)'}; "
                            f"docs/architecture.md says {', '.join(documented[name]) or '(nothing)'}")
    return failures

# Targets without a test target of their own name, and where they are tested instead.
TESTED_ELSEWHERE = {
    "CNCurses": "a system library (the ncursesw headers)",
    "CZlib": "a system library (the zlib headers); GraphicsTests test the encoders over it",
    "NCursesTerminal": "EndToEndTests, through real terminals (tmux)",
    "layerscope": "EndToEndTests, as the built executable",
    "ncurses-demo": "EndToEndTests, as the built executable",
    "layerscope-fuzz": "FuzzingTests runs the fuzzer it wraps",
    "TestSupport": "it is the tests' own support code",
    "SceneFiles": "EngineTests (loads, saves, eval's file effects, lesson packs) and ExplorerRuntimeTests, through the engine",
    "ExplorerTestSupport": "it is the explorer tests' own support code (ExplorerTests, ExplorerRuntimeTests)",
}

def check_test_targets(targets):
    """Failures where a target has no test target of its name, or a test target names none."""
    failures = []
    tests = {name for name, t in targets.items() if t.get("type") == "test"}
    for name, t in sorted(targets.items()):
        if t.get("type") == "test" or name in TESTED_ELSEWHERE:
            continue
        if name + "Tests" not in tests:
            failures.append(f"{name}: no test target {name}Tests (add it to Package.swift, or say in "
                            f"TESTED_ELSEWHERE where it is tested)")
    for name in sorted(tests):
        if name != "EndToEndTests" and name.removesuffix("Tests") not in targets:
            failures.append(f"{name}: tests no target of its name")
    return failures

CHECKED = ["NCursesTerminal", "ncurses-demo", "TerminalKit", "Cells"]
FORBIDDEN = {"LayerModel", "Engine", "LayoutFiles", "CommandLanguage", "Raster", "Explorer", "Yams"}

# Layers kept in their place (issue 31), on direct dependencies — a direct edge is what lets a
# file `import` the target (the build's explicit import check refuses the rest):
# - the scene is a value below the format: Scenes knows no file format, picture or terminal;
# - the format is only the format: LayoutFiles draws nothing and knows no terminal cell;
# - the explorer's core does no I/O of its own: no LayoutFiles (the format: the runtime reads
#   a feed's scene text), no runtime, no terminal backend — effects ask ExplorerRuntime to.
DIRECT_FORBIDDEN = {
    "Scenes": {"LayoutFiles", "CommandLanguage", "Cells", "Raster", "Export", "Engine", "Explorer", "Yams"},
    "LayoutFiles": {"Cells", "Raster", "Export", "Engine", "Explorer", "ExplorerRuntime", "Graphics"},
    "Export": {"LayoutFiles", "Engine", "Explorer", "ExplorerRuntime"},
    "Explorer": {"LayoutFiles", "ExplorerRuntime", "NCursesTerminal", "CNCurses"},
}

# The explorer's core does no I/O (issue 31): neither it nor the engine may reach, through any
# chain of dependencies, a target that does. IO_TARGETS names them, with what they do.
PURE_CORE = ["Explorer", "Engine"]
IO_TARGETS = {
    "LayoutFileIO": "the atomic text file and the save lock, layout files read and written, the preserving save's read and write",
    "SceneFiles": "reads layouts and lesson packs, saves scenes",
    "ExplorerRuntime": "the run loop, the effect performer, the file watcher, the follow feed",
    "NCursesTerminal": "the terminal", "CNCurses": "the terminal",
    "Fuzzing": "writes its findings", "layerscope": "the program", "layerscope-fuzz": "the program",
    "ncurses-demo": "the terminal",
}
# And file by file: the sources the core reaches may make no file-system or descriptor call.
# KNOWN_IO would list a file still allowed one, with why; none is left (the last, the engine's
# `stat` of a session's file, went in issue 31: a scene's reader hands the version it read
# over with the scene). A new call anywhere fails the check; a listed file that no longer
# calls any fails it too (take it off the list).
IO_CALL = re.compile(r"\b(O_RDONLY|O_WRONLY|O_CREAT)\b|(?<![\w.])(fsync|flock|opendir|readdir|unlink|rename|poll"
                     r"|stat|lstat|fstat|access|readlink|mkstemp)\s*\("
                     r"|(?<![\w.])(read|write)\s*\(\s*fd\b|\bFileManager\b|\bFileHandle\b|contentsOfFile"
                     r"|\bTextFile\.(read\w*|write\w*|replace|lock\w*)\s*\(|\bLayoutFile\.load\(contentsOf|\bPreservingSave\.save\(")
KNOWN_IO: dict[str, str] = {}

def closure(targets, root):
    """{target: the target it was reached from} over target and product dependencies."""
    parent = {root: None}
    queue = [root]
    while queue:
        name = queue.pop(0)
        target = targets.get(name, {})
        for dep in target.get("target_dependencies", []) + target.get("product_dependencies", []):
            if dep not in parent:
                parent[dep] = name
                queue.append(dep)
    return parent

def path_to(parent, node):
    path = []
    while node is not None:
        path.append(node)
        node = parent[node]
    return " -> ".join(reversed(path))

def check_pure_core(targets):
    failures = []
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    reached = set()
    for core in PURE_CORE:
        if core not in targets:
            failures.append(f"{core}: no such target in Package.swift")
            continue
        parent = closure(targets, core)
        reached |= parent.keys()
        for bad in sorted(IO_TARGETS.keys() & parent.keys()):
            failures.append(f"{core} reaches {bad}, which does I/O ({IO_TARGETS[bad]}): {path_to(parent, bad)}")
    calling = set()
    for name in sorted(reached):
        path = targets.get(name, {}).get("path")
        if not path or not path.startswith("Sources"):
            continue
        directory = os.path.join(root, path)
        for dirpath, _, files in os.walk(directory):
            for f in sorted(files):
                if not f.endswith(".swift"):
                    continue
                full = os.path.join(dirpath, f)
                rel = os.path.relpath(full, root)
                for number, line in enumerate(open(full, encoding="utf-8"), 1):
                    code = line.split("//")[0]
                    if IO_CALL.search(code):
                        calling.add(rel)
                        if rel not in KNOWN_IO:
                            failures.append(f"{rel}:{number}: I/O in a target the core reaches ({name}): {code.strip()[:80]}")
    for rel in sorted(KNOWN_IO.keys() - calling):
        failures.append(f"{rel}: listed in KNOWN_IO but makes no I/O call the core reaches: take it off the list")
    if not failures:
        print(f"target graph: {', '.join(PURE_CORE)} reach no I/O target; known I/O left in their reach: {len(KNOWN_IO)} files")
    return failures

def check_direct(targets):
    failures = []
    for name, banned in sorted(DIRECT_FORBIDDEN.items()):
        t = targets.get(name)
        if t is None:
            failures.append(f"{name}: no such target in Package.swift")
            continue
        deps = set(t.get("target_dependencies", []) + t.get("product_dependencies", []))
        for bad in sorted(deps & banned):
            failures.append(f"{name} depends directly on {bad} (issue 31: docs/architecture.md says why not)")
    return failures

def main():
    raw = subprocess.run(["swift", "package", "describe", "--type", "json"],
                         check=True, capture_output=True, text=True).stdout
    targets = {t["name"]: t for t in json.loads(raw)["targets"]}
    failures = []
    for root in CHECKED:
        if root not in targets:
            failures.append(f"{root}: no such target in Package.swift")
            continue
        parent = closure(targets, root)
        for bad in sorted(FORBIDDEN & parent.keys()):
            failures.append(f"{root} depends on {bad}: {path_to(parent, bad)}")
        print(f"target graph: {root} -> {', '.join(sorted(k for k in parent if k != root)) or '(nothing)'}")
    failures += check_direct(targets)
    failures += check_pure_core(targets)
    documented = check_documented(targets) + check_test_targets(targets)
    if documented:
        print("target graph: docs/architecture.md disagrees with Package.swift (edit the doc's graph):", file=sys.stderr)
        for f in documented:
            print("  " + f, file=sys.stderr)
    else:
        print(f"target graph: docs/architecture.md matches Package.swift; every target has its test target")
    if failures:
        print("target graph: FORBIDDEN DEPENDENCIES (the backend depends on Cells, not on the model; issue 31's layers):",
              file=sys.stderr)
        for f in failures:
            print("  " + f, file=sys.stderr)
    if failures or documented:
        sys.exit(1)

if __name__ == "__main__":
    main()
