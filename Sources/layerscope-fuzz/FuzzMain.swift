import Fuzzing

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
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32) -> Int32

/// SwiftPM links an executable's entry point as `<module>_main`; hand over to libFuzzer.
@_cdecl("layerscope_fuzz_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzzOneInput(data, size) }
}
#else
import Foundation

/// `layerscope-fuzz [COUNT] [SEED] [CORPUS-DIR…]`: the seeded mutation fuzzer, COUNT inputs
/// per target (default 100 000), over the files in the corpus folders (default Layouts and
/// Tests/LayerKitTests/Malformed/*). Prints a report per target; exits 1 on a problem. A
/// crash or hang ends it, with the seed in the output to reproduce it.
@main
struct FuzzMain {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let count = arguments.first.flatMap { Int($0) } ?? 100_000
        let seed = arguments.dropFirst().first.flatMap { UInt64($0) } ?? 15
        var folders = Array(arguments.dropFirst(2))
        if folders.isEmpty { folders = ["Layouts", "Tests/LayerKitTests/Malformed/layouts", "Tests/LayerKitTests/Malformed/scripts"] }
        var corpus: [[UInt8]] = []
        for folder in folders {
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() {
                if let data = FileManager.default.contents(atPath: folder + "/" + name) { corpus.append(Array(data)) }
            }
        }
        print("corpus: \(corpus.count) files; seed \(seed); \(count) inputs per target")
        var failed = false
        for (i, target) in MutationFuzzer.Target.allCases.enumerated() {
            var fuzzer = MutationFuzzer(corpus: corpus, seed: seed &+ UInt64(i))
            let report = fuzzer.run(count, on: target)
            print("\(target): \(report)")
            if !report.problems.isEmpty { failed = true }
        }
        exit(failed ? 1 : 0)
    }
}
#endif
