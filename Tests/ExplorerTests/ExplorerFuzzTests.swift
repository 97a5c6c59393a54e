@testable import Explorer
import Foundation
import Fuzzing
import Testing
import CommandLanguage
import LayoutFiles
import Engine
import SceneFiles
import TestSupport

/// Issue 20, finding: 48 000 random keys, clicks, `:` commands and resizes over the shipped
/// scenes ended once in SIGILL (`Layouts/time-clock.json`, after `:wait 1e9`, slow motion and
/// scrubbing). A seeded run of the explorer fuzzer over every shipped scene: it must not trap,
/// and no action (with its render) may take a second — `:scale 1e9` froze the explorer.
@Suite("Explorer reducer fuzzing")
struct ExplorerFuzzTests {
    static let layouts = PackageRoot.url.appendingPathComponent("Layouts")

    /// Every shipped scene (`EXPLORER_FUZZ_SCENE=time-clock.json` runs one).
    static var scenes: [String] {
        let only = ProcessInfo.processInfo.environment["EXPLORER_FUZZ_SCENE"]
        return ((try? FileManager.default.contentsOfDirectory(atPath: layouts.path)) ?? []).sorted().filter { $0.contains(".") && (only == nil || $0 == only) }
    }

    @Test(arguments: scenes)
    func randomActionsNeitherTrapNorStall(_ name: String) throws {
        let path = Self.layouts.appendingPathComponent(name).path
        let scene = try SceneLoader.load(path)
        let count = Int(ProcessInfo.processInfo.environment["EXPLORER_FUZZ_COUNT"] ?? "") ?? 300
        let seed = UInt64(ProcessInfo.processInfo.environment["EXPLORER_FUZZ_SEED"] ?? "") ?? 2026_11_25
        var fuzzer = ExplorerFuzzer(seed: seed &+ UInt64(name.utf8.reduce(0) { $0 &* 31 &+ Int($1) }.magnitude))
        var last = Date()
        var slowest = (0.0, "")
        fuzzer.run(scene, path: path, count: count) { index, actions, state in
            let now = Date()
            let took = now.timeIntervalSince(last)
            last = now
            if took > slowest.0 { slowest = (took, "\(index): \(actions)") }
        }
        // Debug builds are slow; a second is far above any action's normal few milliseconds.
        #expect(slowest.0 < 1, "\(name): slowest action \(slowest.1) took \(slowest.0) s")
    }
}
