import CommandLanguage
import Scenes
import LayoutFiles
import Engine
import Mutation

/// The fuzzer's targets: the layout readers, the command parser, the dumps, and what runs
/// the engine (animation and step commands, scenes that must save and reopen equal).
extension MutationFuzzer {
    public enum Target: String, CaseIterable, Sendable {
        case json, yaml, command
        case dump  // DumpFuzzTarget.swift
        /// Issue 20: animation and step commands (`SceneFuzzer.runCommands`).
        case animation
        /// Issue 20: the input seeds a random scene that must save and reopen equal
        /// (`SceneFuzzer.roundTrip`, JSON and YAML).
        case roundTrip
    }

    /// Runs one input through `target`. Never traps on any input (that is the property
    /// under test); answers whether the input was accepted, and a problem if an accepted
    /// layout did not save and read back equal.
    public static func run(_ bytes: [UInt8], on target: Target) -> (accepted: Bool, problem: String?) {
        switch target {
        case .json, .yaml:
            let format: LayoutFormat = target == .json ? .json : .yaml
            guard let scene = try? LayoutFile.parse(data: bytes, file: "fuzz", format: format) else { return (false, nil) }
            let text = LayoutFile.encode(scene, format: format)
            do {
                let back = try LayoutFile.parse(text, file: "fuzz", format: format)
                if let d = LayoutFile.difference(between: scene, and: back) { return (true, "\(target): re-read differs in \(d)") }
            } catch {
                // Deep YAML past libyaml's own limit, say: a save would refuse it (verified).
                return (true, nil)
            }
            return (true, nil)
        case .dump:
            return DumpFuzzTarget.run(bytes)
        case .command:
            guard let commands = try? CommandParser.parseLine(String(decoding: bytes, as: UTF8.self)) else { return (false, nil) }
            var session = Session(scene: sample)
            for case let .engine(c) in commands {
                switch c {
                case .save, .load, .reload, .exportSwift: continue  // no files
                default: _ = try? session.perform(c)
                }
            }
            return (true, nil)
        case .animation:
            return SceneFuzzer.runCommands(bytes)
        case .roundTrip:
            // FNV-1a of the bytes: every input a different scene.
            var seed: UInt64 = 0xcbf2_9ce4_8422_2325
            for b in bytes { seed = (seed ^ UInt64(b)) &* 0x100_0000_01b3 }
            let scene = SceneFuzzer.randomScene(seed: seed)
            for format in [LayoutFormat.json, .yaml] {
                if let problem = SceneFuzzer.roundTrip(scene, format: format) { return (true, "roundTrip (seed \(seed)): \(problem)") }
            }
            // Through a file and the preserving save for one input in 16: those wait for the
            // disk (two fsyncs a save), the in-memory round trips above do not.
            guard seed % 16 == 0 else { return (true, nil) }
            defer { SceneFuzzer.removeScratchFile() }
            if let problem = SceneFuzzer.roundTripThroughSave(scene, path: SceneFuzzer.scratchFile, seed: seed) {
                return (true, "roundTrip through the preserving save (seed \(seed)): \(problem)")
            }
            return (true, nil)
        }
    }

    /// A small scene for commands to act on: a view with a sublayer, rotated and scaled.
    static let sample: Scene = {
        let text = """
            {"screen": {"width": 320, "height": 240}, "layers": [
              {"name": "card", "kind": "view", "frame": [40, 40, 200, 140], "transform": [{"rotate": 30}],
               "subviews": [{"name": "badge", "kind": "view", "frame": [160, 20, 80, 40]}]},
              {"name": "flat", "bounds": [0, 0, 10, 10], "transform": [{"scale": [0, 1]}]}]}
            """
        return (try? LayoutFile.parse(text, file: "sample.json", format: .json)) ?? Scene()
    }()

    /// Runs `count` inputs on `target`.
    public mutating func run(_ count: Int, on target: Target) -> Report {
        var report = Report()
        for _ in 0..<count {
            let input = nextInput()
            let start = ContinuousClock.now
            let (accepted, problem) = Self.run(input, on: target)
            let took = start.duration(to: .now)
            let seconds = Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18
            report.slowest = max(report.slowest, seconds)
            if seconds > 5 { report.hangs += 1; report.problems.append("\(target): an input took \(seconds) s") }
            report.inputs += 1
            if accepted { report.accepted += 1 }
            if let problem { report.problems.append(problem + " — input " + String(decoding: input.prefix(200), as: UTF8.self).debugDescription) }
        }
        return report
    }
}
