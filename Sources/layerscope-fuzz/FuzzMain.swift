import Fuzzing
import Mutation

#if FUZZING
    // libFuzzer's entry point (built with -sanitize=fuzzer -DFUZZING, see scripts/fuzz.sh). The
    // first byte picks the target; the rest is the input.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
        guard size > 0 else { return 0 }
        let targets = MutationFuzzer.Target.allCases
        let target = targets[Int(data[0]) % targets.count]
        _ = MutationFuzzer.run(Array(UnsafeBufferPointer(start: data + 1, count: size - 1)), on: target)
        return 0
    }

    @_silgen_name("LLVMFuzzerRunDriver")
    func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32
    ) -> Int32

    /// SwiftPM links an executable's entry point as `<module>_main`; hand over to libFuzzer.
    @_cdecl("layerscope_fuzz_main")
    func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
        var count = argc
        var arguments = argv
        return LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzzOneInput(data, size) }
    }
#else
    import Foundation
    import Engine
    import SceneFiles

    /// `layerscope-fuzz [COUNT] [SEED] [CORPUS-DIR…]`: the seeded mutation fuzzer, COUNT inputs
    /// per target (default 100 000), over the files in the corpus folders (default Layouts and
    /// Tests/LayoutFilesTests/Malformed/layouts, Tests/EngineTests/Malformed/scripts). Prints a report per target; exits 1 on a problem. A
    /// crash or hang ends it, with the seed in the output to reproduce it.
    @main
    struct FuzzMain {
        static func main() {
            let arguments = Array(CommandLine.arguments.dropFirst())
            let count = arguments.first.flatMap { Int($0) } ?? 100_000
            let seed = arguments.dropFirst().first.flatMap { UInt64($0) } ?? 15
            var folders = Array(arguments.dropFirst(2))
            if folders.isEmpty { folders = ["Layouts", "Tests/LayoutFilesTests/Malformed/layouts", "Tests/EngineTests/Malformed/scripts"] }
            var corpus: [[UInt8]] = []
            for folder in folders {
                for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() {
                    if let data = FileManager.default.contents(atPath: folder + "/" + name) { corpus.append(Array(data)) }
                }
            }
            var dumps: [[UInt8]] = []
            let dumpFolder = "Tests/LayoutFilesTests/Dumps"
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: dumpFolder)) ?? []).sorted()
            where name.hasSuffix(".txt") || name.hasSuffix(".json") || name.hasSuffix(".yaml") {
                if let data = FileManager.default.contents(atPath: dumpFolder + "/" + name) { dumps.append(Array(data)) }
            }
            if dumps.isEmpty { dumps = corpus }
            print("corpus: \(corpus.count) files; seed \(seed); \(count) inputs per target")
            var failed = false
            var total = 0
            for (i, target) in MutationFuzzer.Target.allCases.enumerated() {
                // The animation target mutates animation and step command lines (and the scripts).
                // The dump target mutates the real dumps of the import corpus.
                let base =
                    target == .animation
                    ? SceneFuzzer.commandCorpus + corpus.filter { $0.first != UInt8(ascii: "{") }
                    : target == .dump ? dumps : corpus
                var fuzzer = MutationFuzzer(corpus: base, seed: seed &+ UInt64(i))
                if target == .animation { fuzzer.extraTokens = SceneFuzzer.commandTokens }
                // Round trips render and hit-test every step: a tenth as many inputs.
                let report = fuzzer.run(target == .roundTrip ? max(1, count / 10) : count, on: target)
                total += report.inputs
                print("\(target): \(report)")
                fflush(nil)
                if !report.problems.isEmpty { failed = true }
            }
            // The explorer's reducer: random keys, clicks, `:` lines, resizes and ticks over
            // every shipped scene, rendered after each (issue 20's SIGILL hunt).
            var actions = 0, slowest = 0.0
            let layouts = folders.first ?? "Layouts"
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: layouts)) ?? []).sorted() {
                guard let scene = try? SceneLoader.load(layouts + "/" + name) else { continue }
                var fuzzer = ExplorerFuzzer(seed: seed &+ UInt64(actions))
                var last = ContinuousClock.now
                fuzzer.run(scene, path: layouts + "/" + name, count: max(1, count / 100)) { _, _, _ in
                    let took = last.duration(to: .now)
                    last = .now
                    slowest = max(slowest, Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18)
                    actions += 1
                }
            }
            print("explorer: \(actions) actions over the shipped scenes, slowest \((slowest * 1000).rounded() / 1000) s")
            // Follow mode's feed (issue 36): mutated records, numbers, text and pieces.
            if let popup = try? String(contentsOfFile: layouts + "/popup.json", encoding: .utf8) {
                var feeds = FeedFuzzer(sceneText: popup, seed: seed)
                let report = feeds.run(max(1, count / 100))
                total += report.inputs
                print("feed: \(report)")
                if !report.problems.isEmpty { failed = true }
            }
            if slowest > 5 { failed = true }
            print("total: \(total + actions) inputs")
            exit(failed ? 1 : 0)
        }
    }
#endif
