// swift-tools-version: 6.0
import PackageDescription
import Foundation

/// Release links on Linux with gold: the key path's functions first (see the end of this file).
/// (Worked out once: the manifest asks it twice.)
let keyPathOrdering: [LinkerSetting] = {
    #if os(Linux)
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ld.gold") else { return [] }
        return [
            .unsafeFlags(
                ["-use-ld=gold", "-Xlinker", "--section-ordering-file=\(Context.packageDirectory)/Sources/layerscope/key-path.order"],
                .when(configuration: .release))
        ]
    #else
        return []
    #endif
}()

/// Release builds on an x86-64 machine with AVX2, FMA and BMI2 (every x86 server and desktop
/// since 2013–2015) are compiled for that level (`-target-cpu haswell`): the pixel painter's
/// rows take about 7 % fewer instructions (docs/performance.md, issue 35 part thirteen). The
/// machine asked is the one building, as `swift run -c release` builds where it runs; set
/// LAYERSCOPE_PORTABLE=1 when building a binary for older machines. Debug builds, other
/// architectures and other systems are unchanged.
let hostCPUSettings: [SwiftSetting] = {
    #if os(Linux) && arch(x86_64)
        guard ProcessInfo.processInfo.environment["LAYERSCOPE_PORTABLE"] == nil,
            let cpuinfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
            let line = cpuinfo.split(separator: "\n").first(where: { $0.hasPrefix("flags") })
        else { return [] }
        let flags = Set(line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == ":" }).map(String.init))
        guard ["avx2", "fma", "bmi1", "bmi2", "f16c", "movbe", "abm"].allSatisfy(flags.contains) else { return [] }
        return [.unsafeFlags(["-target-cpu", "haswell"], .when(configuration: .release))]
    #else
        return []
    #endif
}()

let package = Package(
    name: "LayerScope",
    products: [
        .executable(name: "layerscope", targets: ["layerscope"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2")
    ],
    targets: [
        // Pure maths: points, rects, angles, Core Animation's row-vector matrices.
        .target(name: "Geometry"),
        // The one gate for text going out: controls, bidi and zero-width characters made visible.
        .target(name: "SafeText"),
        // The model: layers and the tree, Apple's geometry rules, conversion, hit testing,
        // the property vocabulary, animations and their presentation values.
        .target(name: "LayerModel", dependencies: ["Geometry", "SafeText"]),
        // The command language: commands as values, the tokenizer and parser, their errors, and
        // the printers of the values they read (transforms, property values, animations, drawings).
        .target(name: "CommandLanguage", dependencies: ["LayerModel", "Geometry"]),
        // A scene and its parts as values: the tree with its title, notes, screen, script,
        // animations, steps and lesson; where each came from; the version of the file read.
        .target(name: "Scenes", dependencies: ["LayerModel", "Geometry", "SafeText"]),
        // The layout format only: JSON/YAML readers, decoder, encoder, errors, the preserving
        // save's text (a file's text and a scene in, the text to write out), and the import
        // forms (recursiveDescription, po, AppKit, Sentry, SDCALayer). It opens no file.
        .target(
            name: "LayoutFiles",
            dependencies: [
                "Scenes", "LayerModel", "CommandLanguage", "Geometry", "SafeText",
                .product(name: "Yams", package: "Yams")
            ]),
        // The layout format's files: the atomic text file (read, temp+rename, the save lock,
        // a file's version on disk), a layout read from a path, a scene written and read back,
        // and the preserving save's read and write. Below the engine's files (SceneFiles) and
        // free of the engine: whatever reads or writes a layout file without running it.
        .target(name: "LayoutFileIO", dependencies: ["LayoutFiles", "Scenes", "LayerModel"]),
        // Pictures and code out: the SVG (labels placed by Raster's label layout, as on the
        // canvas) and the Swift export.
        .target(name: "Export", dependencies: ["Raster", "Scenes", "LayerModel", "CommandLanguage", "Geometry", "SafeText"]),
        // The engine: a session that applies commands to a scene (undo, queries, steps, time),
        // loads and saves scenes, and runs scripts.
        .target(name: "Engine", dependencies: ["Scenes", "LayerModel", "CommandLanguage", "LayoutFiles", "Export", "Geometry", "SafeText"]),
        // The engine's files: a layout read and its script run, a scene saved (keeping its
        // file's text), `eval`'s save/load/export, lesson files and packs. Above the engine,
        // which reads and writes no file of its own; the explorer's core never reaches it.
        .target(name: "SceneFiles", dependencies: ["Engine", "LayoutFileIO", "Scenes", "CommandLanguage", "LayoutFiles", "SafeText"]),
        // The leaf between pictures and terminals: cells, styles, colours and the one
        // colour-depth ladder, the canvas, display width, the ASCII fallback, colour
        // reduction, and the frame diff that turns canvases into terminal bytes.
        .target(name: "Cells", dependencies: ["SafeText"]),
        // Viewport, rasterizer, labels, themes: layers onto a canvas.
        .target(name: "Raster", dependencies: ["Cells", "LayerModel", "Geometry", "SafeText"]),
        // A seeded random generator (SplitMix64), the same on every platform: the benchmark's
        // generated scenes, the fuzzer and the tests' seeded cases.
        .target(name: "SeededRandom"),
        // `layerscope bench`'s raster figures and its generated scenes (also the Raster tests'
        // big scenes), kept out of Raster's library.
        .target(name: "Benchmarks", dependencies: ["Raster", "Cells", "LayerModel", "Geometry", "SeededRandom"]),
        // zlib, seen from Swift: the PNG and kitty encoders compress with it.
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        // The canvas's pixels to terminal bytes: PNG, the kitty graphics protocol, sixel,
        // iTerm2 images; the start-up graphics probe and the choice of protocol.
        .target(name: "Graphics", dependencies: ["CZlib", "Cells"]),
        // The terminal protocol, keys, input events, an in-memory terminal.
        .target(name: "TerminalKit", dependencies: ["Cells"]),
        // The explorer's pure core: state, actions, the reducer, keymap, the text panels and the
        // screen it draws. It reads and writes no file (effects ask the runtime to), so it
        // imports no LayoutFiles: the build's import check and the graph check hold it.
        .target(
            name: "Explorer",
            dependencies: ["Graphics", "TerminalKit", "Cells", "Raster", "Engine", "Scenes", "LayerModel", "CommandLanguage", "Geometry", "SafeText"]),
        // The explorer's runtime, above its pure core: the run loop, the effect performer (files,
        // clipboard, saves), the file watcher, follow mode's feed writer and reader, and the
        // embedded default scene. Only here does the explorer do I/O.
        .target(
            name: "ExplorerRuntime",
            dependencies: [
                "Explorer", "SceneFiles", "LayoutFileIO", "Graphics", "TerminalKit", "Cells", "Raster", "Engine", "Scenes", "LayerModel", "CommandLanguage",
                "LayoutFiles", "Geometry", "SafeText"
            ]),
        // ncursesw, seen from Swift through a small shim.
        .systemLibrary(name: "CNCurses", providers: [.apt(["libncursesw5-dev"])]),
        // Depends on Cells, never on Raster or the model: `.ci/run` checks the backend and
        // ncurses-demo link neither LayerModel, Engine, LayoutFiles, Raster nor Yams.
        .target(name: "NCursesTerminal", dependencies: ["CNCurses", "TerminalKit", "Cells", "SafeText"]),
        .executableTarget(
            name: "layerscope",
            dependencies: [
                "ExplorerRuntime", "Explorer", "SceneFiles", "LayoutFileIO", "Graphics", "NCursesTerminal", "TerminalKit", "Cells", "Raster", "Benchmarks",
                "Engine", "Scenes", "LayerModel", "CommandLanguage", "LayoutFiles", "Export", "Geometry", "SafeText",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ],
            exclude: ["key-path.order"],
            // The functions a key runs, placed first and together (issue 36; see below).
            linkerSettings: keyPathOrdering),

        // A small full-screen program exercising the ncurses backend alone, for the
        // end-to-end tests of terminal hygiene (restore on every exit).
        .executableTarget(name: "ncurses-demo", dependencies: ["NCursesTerminal"]),
        // The seeded mutation fuzzer (layout readers, command parser), its command-line runner
        // and libFuzzer entry point (scripts/fuzz.sh).
        // The fuzzer's generator of mutated inputs and its dump target: what a test of the
        // format alone needs, without the engine or the explorer.
        .target(name: "Mutation", dependencies: ["LayoutFiles", "SeededRandom"]),
        .target(
            name: "Fuzzing",
            dependencies: [
                "Mutation", "ExplorerRuntime", "SceneFiles", "LayoutFileIO", "Engine", "Scenes", "CommandLanguage", "LayoutFiles", "Explorer", "Raster",
                "TerminalKit", "Cells", "SeededRandom", "SafeText"
            ]),
        .executableTarget(name: "layerscope-fuzz", dependencies: ["Fuzzing", "Mutation", "SceneFiles", "Engine"]),
        // Test helpers shared by the test targets: approximate comparison, goldens, the screen
        // model of the end-to-end tests, the malformed corpora's manifests, a layer builder.
        .target(name: "TestSupport", dependencies: ["Geometry", "Cells", "LayerModel", "CommandLanguage"], path: "Tests/TestSupport"),
        // The explorer tests' own support: the fixture scene, keys pressed on a state, the
        // shipped layouts' folder (shared by ExplorerTests and ExplorerRuntimeTests).
        .target(
            name: "ExplorerTestSupport",
            dependencies: ["Explorer", "Engine", "Scenes", "LayerModel", "LayoutFiles", "Raster", "TerminalKit", "Geometry", "TestSupport"],
            path: "Tests/ExplorerTestSupport"),
        // One test target per source target, named after it (docs/architecture.md). EndToEndTests
        // tests the executables (layerscope, ncurses-demo and through them NCursesTerminal) in
        // real terminals.
        .testTarget(name: "GeometryTests", dependencies: ["Geometry", "TestSupport"]),
        .testTarget(name: "SafeTextTests", dependencies: ["SafeText"]),
        .testTarget(name: "SeededRandomTests", dependencies: ["SeededRandom"]),
        .testTarget(name: "LayerModelTests", dependencies: ["LayerModel", "Geometry", "TestSupport", "SeededRandom"]),
        .testTarget(name: "CommandLanguageTests", dependencies: ["CommandLanguage", "LayerModel", "Geometry", "TestSupport"]),
        .testTarget(name: "ScenesTests", dependencies: ["Scenes", "LayerModel", "Geometry", "TestSupport"]),
        .testTarget(
            name: "LayoutFilesTests", dependencies: ["LayoutFiles", "Scenes", "CommandLanguage", "LayerModel", "Geometry", "TestSupport", "Mutation"],
            exclude: ["Synthetic"], resources: [.copy("Malformed"), .copy("Dumps")]),
        .testTarget(
            name: "LayoutFileIOTests", dependencies: ["LayoutFileIO", "LayoutFiles", "Scenes", "LayerModel", "CommandLanguage", "Geometry", "TestSupport"]),
        .testTarget(
            name: "ExportTests",
            dependencies: ["Export", "Engine", "Scenes", "LayerModel", "CommandLanguage", "LayoutFiles", "LayoutFileIO", "Geometry", "TestSupport"]),
        .testTarget(
            name: "EngineTests",
            dependencies: [
                "SceneFiles", "LayoutFileIO", "Engine", "Scenes", "Export", "LayerModel", "CommandLanguage", "LayoutFiles", "Geometry", "TestSupport"
            ],
            resources: [.copy("Malformed")]),
        .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit"]),
        .testTarget(name: "CellsTests", dependencies: ["Cells", "SafeText", "TestSupport"]),
        .testTarget(
            name: "RasterTests", dependencies: ["Raster", "Benchmarks", "SeededRandom", "Cells", "LayerModel", "Geometry", "TestSupport"],
            exclude: ["__Goldens__"]),
        .testTarget(name: "GraphicsTests", dependencies: ["Graphics", "Cells"]),
        .testTarget(name: "BenchmarksTests", dependencies: ["Benchmarks", "Raster", "Geometry"]),
        .testTarget(
            name: "ExplorerTests",
            dependencies: [
                "SceneFiles", "Explorer", "ExplorerRuntime", "ExplorerTestSupport", "Graphics", "Fuzzing", "SeededRandom", "TerminalKit", "Cells", "Raster",
                "Engine", "Scenes", "Export", "LayerModel", "CommandLanguage", "LayoutFiles", "Geometry", "TestSupport"
            ],
            exclude: ["__Goldens__"]),
        .testTarget(
            name: "ExplorerRuntimeTests",
            dependencies: [
                "SceneFiles", "LayoutFileIO", "ExplorerRuntime", "Explorer", "ExplorerTestSupport", "Graphics", "Fuzzing", "SeededRandom", "TerminalKit",
                "Cells", "Raster", "Engine", "Scenes", "Export", "LayerModel", "CommandLanguage", "LayoutFiles", "Geometry", "TestSupport"
            ],
            exclude: ["Feeds"]),
        .testTarget(name: "MutationTests", dependencies: ["Mutation", "LayoutFiles", "TestSupport"]),
        .testTarget(
            name: "FuzzingTests", dependencies: ["Fuzzing", "Mutation", "TestSupport", "Engine", "Scenes", "LayerModel", "CommandLanguage", "LayoutFiles"]),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", "Cells"])
    ],
    swiftLanguageModes: [.v6]
)

// Release builds put every function in a section of its own, so that the link can lay out
// the code a key runs together (`Sources/layerscope/key-path.order`, written by
// `scripts/key-path-order.py`): a few dozen pages instead of a few hundred spread over the
// binary, fetched again after every idle moment (issue 36, docs/performance.md). Unused
// functions are dropped by the link's --gc-sections as well. Debug builds are unchanged.
// The ordering file is gold's (`--section-ordering-file`), so gold is named for the link and
// both flags are given only where gold is installed (Linux; Swift 6.3's toolchain links with
// it by default): another linker gets neither and builds as before, unordered.
if !keyPathOrdering.isEmpty {
    for target in package.targets where target.type == .regular || target.type == .executable {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-Xfrontend", "-function-sections"], .when(configuration: .release))]
    }
}
for target in package.targets where target.type == .regular || target.type == .executable {
    target.swiftSettings = (target.swiftSettings ?? []) + hostCPUSettings
}
