import Cells
import Mutation
import Scenes
import Foundation
import CommandLanguage
import Geometry
import Engine
import SceneFiles
import LayerModel
import LayoutFiles
import LayoutFileIO
import Raster
import SafeText

/// Issue 20's fuzzing: random seeded scenes whose save must reopen equal, and the animation
/// and step commands with numbers at and past the limits.
public enum SceneFuzzer {
    /// Numbers worth trying: the limits, the smallest, float noise, negative zero.
    static let numbers: [Double] = [
        0, -0.0, 1, -1, 0.5, 1e-10, .leastNonzeroMagnitude, 0.1 + 0.2, 1.0 / 3, 1e9, -1e9, 999_999_999.5,
        123.456, 2.5e-7, 0.49999999999999994, 45, 90, 1e-9, 7
    ]

    /// A random scene from `seed`, built through the command language (so it is one the
    /// tool could make): up to 12 layers nested up to 4 deep, every saved property set to
    /// numbers from `numbers` and random ones, 0–3 declared animations, 0–3 steps whose
    /// scripts were checked to run.
    public static func randomScene(seed: UInt64) -> Scene {
        var random = MutationFuzzer.Random(seed: seed)
        func pick() -> Double {
            random.below(3) == 0 ? numbers[random.below(numbers.count)] : Double(random.below(2001)) / 8 - 125
        }
        func small() -> Double { Double(random.below(1001)) / 1000 }
        let n = NumberText.exact
        var session = Session(
            scene: Scene(screen: random.below(4) == 0 ? nil : Size(width: Double(100 + random.below(400)), height: Double(100 + random.below(400)))))
        var names: [String] = []
        func run(_ line: String) {
            guard let commands = try? CommandParser.parseLine(line) else { return }
            for case let .engine(c) in commands { _ = try? session.perform(c) }
        }
        for i in 0..<(1 + random.below(12)) {
            let name = "l\(i)"
            let parent = names.isEmpty || random.below(3) == 0 ? "" : " in " + names[random.below(names.count)]
            run("add \(name) \(random.below(2) == 0 ? "layer" : "view")\(parent)")
            guard session.tree.id(named: name) != nil else { continue }
            names.append(name)
            run("select \(name); set bounds \(n(pick())) \(n(pick())) \(n(abs(pick()))) \(n(abs(pick())))")
            run("set position \(n(pick())) \(n(pick()))")
            if random.below(2) == 0 { run("set anchorPoint \(n(small())) \(n(small()))") }
            if random.below(2) == 0 { run("set zPosition \(n(pick()))") }
            if random.below(3) == 0 { run("set anchorPointZ \(n(pick()))") }
            switch random.below(6) {
            case 0: run("set transform rotate \(n(pick()))")
            case 1: run("set transform scale \(n(pick())) \(n(pick()))")
            case 2: run("set transform translate \(n(pick())) \(n(pick())) then rotate \(n(pick())) 0 1 0")
            case 3: run("set transform perspective \(n(abs(pick()) + 1)) then rotate \(n(pick())) 1 0 0")
            default: break
            }
            if random.below(4) == 0 { run("set sublayerTransform scale \(n(pick()))") }
            if random.below(2) == 0 { run("set opacity \(n(small()))") }
            if random.below(2) == 0 { run("set backgroundColor #\(String(random.next() & 0xFFFFFF, radix: 16))") }
            if random.below(3) == 0 { run("set borderColor red; set borderWidth \(n(abs(pick())))") }
            if random.below(4) == 0 { run("toggle masksToBounds") }
            if random.below(8) == 0 { run("toggle hidden") }
            if random.below(6) == 0 { run("toggle geometryFlipped") }
        }
        var scene = session.scene
        guard !names.isEmpty else { return scene }
        // Declared animations: their specs are checked by reading them back, so only
        // lines the parser takes are kept.
        let paths = ["position.x", "opacity", "transform.rotation.z", "transform.scale", "transform.translation.y", "zPosition"]
        for _ in 0..<random.below(4) {
            let path = paths[random.below(paths.count)]
            let value = path == "opacity" ? n(small()) : n(pick())
            var line = "animate \(path) to \(value) duration \(n(0.1 + small() * 3))"
            switch random.below(4) {
            case 0: line += " timing cubic-bezier \(n(small())) \(n(pick())) \(n(small())) \(n(pick()))"
            case 1: line += " timing spring \(n(0.5 + small())) \(n(50 + small() * 100)) \(n(small() * 20))"
            case 2: line += " repeat forever autoreverse"
            default: break
            }
            guard case let .engine(.clock(.animate(spec)))? = try? CommandParser.parseLine(line).first else { continue }
            let layer = names[random.below(names.count)]
            var trial = Session(scene: scene)
            guard (try? trial.perform(.select(layer))) != nil, (try? trial.perform(.clock(.animate(spec)))) != nil else { continue }
            scene.animations.append(AnimationDeclaration(layer: layer, spec: spec))
        }
        // Steps whose scripts run (each checked on the scene played so far).
        var played = Session(scene: scene)
        for s in 0..<random.below(4) {
            let layer = names[random.below(names.count)]
            let line = [
                "select \(layer); move \(n(pick())) \(n(pick()))", "select \(layer); set zPosition \(n(pick()))",
                "select \(layer); rotate \(n(pick()))", "select \(layer); set opacity \(n(small()))"
            ][random.below(4)]
            var trial = played
            guard let commands = try? CommandParser.parseLine(line) else { continue }
            var ok = true
            for case let .engine(c) in commands where (try? trial.perform(c)) == nil { ok = false }
            guard ok else { continue }
            played = trial
            scene.steps.append(SceneStep(title: "step \(s + 1)", script: [ScriptLine(line)]))
        }
        return scene
    }

    /// Save → reopen → equal: the scene written in `format` reads back with every layer's
    /// fields bit for bit, the same animations and steps, and then the same picture at
    /// several moments, the same hit at a grid of points, and the same tree after every
    /// step. Nil when it does; else what differs.
    public static func roundTrip(_ scene: Scene, format: LayoutFormat) -> String? {
        let text = LayoutFile.encode(scene, format: format)
        let back: Scene
        do { back = try LayoutFile.parse(text, file: "roundtrip", format: format) } catch {
            // A scene the tool made must always reopen.
            return "\(format): the written scene does not read back: \(error)"
        }
        if let d = LayoutFile.difference(between: scene, and: back) { return "\(format): \(d)" }
        if back.animations.map(\.spec) != scene.animations.map(\.spec) || back.animations.map(\.layer) != scene.animations.map(\.layer) {
            return "\(format): the animations differ"
        }
        // The canonical form writes the scene as it is (no steps); a demo's steps round-trip
        // through the preserving save (`roundTripThroughSave`).
        var withSteps = back
        withSteps.steps = scene.steps
        var a = Session(scene: scene), b = Session(scene: withSteps)
        let viewport = Viewport.fitting(scene.screenRect, columns: 40, rows: 12)
        for step in 0...scene.steps.count {
            if step > 0 {
                do { _ = try a.perform(.step(step)) } catch { return "step \(step) does not play on the scene made: \(error)" }
                do { _ = try b.perform(.step(step)) } catch { return "\(format): step \(step) does not play after reopening: \(error)" }
                if let d = LayoutFile.difference(between: a.scene, and: b.scene) { return "\(format): after step \(step): \(d)" }
            }
            for t in [0.0, 0.37, 1.5] {
                _ = try? a.perform(.clock(.time(t))); _ = try? b.perform(.clock(.time(t)))
                let ta = a.presentationTree(), tb = b.presentationTree()
                let ca = SceneRasterizer.render(ta, viewport: viewport, columns: 40, rows: 12)
                let cb = SceneRasterizer.render(tb, viewport: viewport, columns: 40, rows: 12)
                if ca != cb { return "\(format): the picture at step \(step), \(t) s differs" }
                let r = scene.screenRect
                for i in 0..<5 {
                    for j in 0..<5 {
                        let p = Point(x: r.minX + r.width * (Double(i) + 0.5) / 5, y: r.minY + r.height * (Double(j) + 0.5) / 5)
                        let ha = ta.hitTestScreen(p).map { ta[$0].name }, hb = tb.hitTestScreen(p).map { tb[$0].name }
                        if ha != hb { return "\(format): at step \(step), \(t) s the hit at \(p) is \(hb ?? "nothing"), was \(ha ?? "nothing")" }
                    }
                }
            }
        }
        return nil
    }

    /// The JSON file of `scene` with its steps (the canonical form writes the scene as it is
    /// now, without steps; a demo's file keeps them): the canonical text with a `steps` member.
    public static func fileWithSteps(_ scene: Scene) -> String {
        var text = LayoutFile.encode(scene, format: .json)
        guard !scene.steps.isEmpty, let end = text.lastIndex(of: "}") else { return text }
        let steps = scene.steps.map { step in
            "{\"title\": \(SafeText.jsonQuoted(step.title)), \"script\": [" + step.script.map { SafeText.jsonQuoted($0.text) }.joined(separator: ", ") + "]}"
        }
        text.replaceSubrange(end..., with: ",\n  \"steps\": [\n    " + steps.joined(separator: ",\n    ") + "\n  ]\n}\n")
        return text
    }

    /// Save over the scene's own file → reopen → equal, through the preserving save: `scene`
    /// is written with its steps to `path`, loaded, edited at step `editStep` with numbers
    /// that are not their short form (zPosition 1e-10, opacity 0.30000000000000004, a move by
    /// 1/3), saved in place and loaded again; the reopened scene at that step must have every
    /// layer's fields bit for bit, and every step must play to the same trees, pictures and
    /// hits. A refused save (its message says why) must leave the file as it was.
    public static func roundTripThroughSave(_ scene: Scene, path: String, seed: UInt64) -> String? {
        var random = MutationFuzzer.Random(seed: seed)
        let original = fileWithSteps(scene)
        do { try TextFile.writeAtomically(Array(original.utf8), to: path) } catch { return "cannot write \(path): \(error)" }
        var session: Session
        do { session = Session(scene: try SceneLoader.load(path), filePath: path) } catch { return "the written file does not load: \(error)" }
        let editStep = random.below(scene.steps.count + 1)
        if editStep > 0 { _ = try? session.perform(.step(editStep)) }
        let names = session.tree.treeOrder.map { session.tree[$0].name }
        guard !names.isEmpty else { return nil }
        let layer = names[random.below(names.count)]
        let edit = [
            "set zPosition 1e-10", "set opacity 0.30000000000000004", "move \(NumberText.exact(1.0 / 3)) 0",
            "set anchorPointZ 5e-324", "set borderWidth 0.1"
        ][random.below(5)]
        guard let commands = try? CommandParser.parseLine("select \(layer); \(edit)") else { return "the edit does not parse" }
        for case let .engine(c) in commands { _ = try? session.perform(c) }
        do { try SceneLoader.save(session.scene, to: path) } catch {
            // Refused: the file must be untouched…
            let now = (try? TextFile.readBytes(path, limit: LayoutFile.sizeLimit)).map { String(decoding: $0, as: UTF8.self) }
            guard now == original else { return "a refused save changed the file (\(error))" }
            // …and `save --rewrite` (issue 36) writes it, to reopen as the scene below, or
            // refuses too (the steps would no longer run) with the file untouched.
            do { _ = try SceneLoader.rewrite(session.scene, to: path) } catch {
                let after = (try? TextFile.readBytes(path, limit: LayoutFile.sizeLimit)).map { String(decoding: $0, as: UTF8.self) }
                return after == original ? nil : "a refused save --rewrite changed the file (\(error))"
            }
        }
        var reopened: Session
        do { reopened = Session(scene: try SceneLoader.load(path), filePath: path) } catch { return "the saved file does not load: \(error)" }
        if editStep > 0 {
            do { _ = try reopened.perform(.step(editStep)) } catch { return "step \(editStep) does not play after the save: \(error)" }
        }
        if let d = LayoutFile.difference(between: session.scene, and: reopened.scene) { return "after \(edit) on \(layer) at step \(editStep): \(d)" }
        // Every step still plays on the saved file, the same way twice (pictures included).
        guard let saved = try? SceneLoader.load(path) else { return "the saved file does not load again" }
        var a = Session(scene: saved), b = Session(scene: saved)
        let viewport = Viewport.fitting(scene.screenRect, columns: 30, rows: 10)
        for step in 0...saved.steps.count {
            if step > 0 {
                guard (try? a.perform(.step(step))) != nil, (try? b.perform(.step(step))) != nil else { return "step \(step) does not play after the save" }
            }
            if let d = LayoutFile.difference(between: a.scene, and: b.scene) { return "step \(step): \(d)" }
            if SceneRasterizer.render(a.tree, viewport: viewport, columns: 30, rows: 10)
                != SceneRasterizer.render(b.tree, viewport: viewport, columns: 30, rows: 10)
            {
                return "step \(step): the pictures differ"
            }
        }
        return nil
    }

    /// The file the save round trip writes: one per process, in the temporary folder.
    public static let scratchFile: String = {
        let folder = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
        return folder + "/layerscope-fuzz-\(ProcessInfo.processInfo.processIdentifier).json"
    }()

    /// Removes the save round trip's file (left by each input otherwise).
    public static func removeScratchFile() { try? FileManager.default.removeItem(atPath: scratchFile) }

    /// Animation and step command lines to mutate (the `animation` target's corpus).
    public static let commandCorpus: [[UInt8]] = [
        "animate transform.scale to 1e9 duration 1 timing cubic-bezier 0 1e9 1 1e9; time 0.5; get presentation bounds",
        "animate position to 100 150 duration 1 timing spring 1 100 10; wait 0.5; get presentation position",
        "animate opacity from 0 to 1 duration 2 delay 0.5 repeat forever autoreverse fill both keep; time 3.25; get presentation opacity",
        "animate transform.rotation.z by 360 duration 60 repeat forever; wait 1e9; speed 0.1; time 15; get presentation transform",
        "animated 0.3 timing ease-in { scale 2; move 10 0 }; time 0.15; hit-test presentation 10 10",
        "animate bounds.size.width to 0 duration 1e-9; time 1e9; get presentation bounds; remove-animations",
        "step 1; step 3; step 0; undo; undo; redo; step 2; get frame",
        "step -9223372036854775808", "step 1000000000; step 2; undo",
        "animate zPosition to 1e-10 duration 1; time 0.5; hit-test 100 100; get presentation zPosition",
        "animate anchorPoint to 1e9 -1e9 duration 1 timing spring 1e-6 1e-6 0 1e9; time 0.999; get presentation anchorPoint"
    ].map { Array($0.utf8) }

    /// Tokens for the animation and step commands.
    public static let commandTokens: [[UInt8]] = [
        "animate ", "animated 1 { ", "} ", "duration ", "delay ", "timing ", "spring ", "cubic-bezier ", "repeat ", "forever ",
        "autoreverse ", "fill both ", "keep ", "from ", "to ", "by ", "step ", "wait ", "time ", "speed ", "undo; ", "redo; ",
        "transform.scale ", "transform.rotation.z ", "position ", "opacity ", "1e9 ", "-1e9 ", "5e-324 ", "1e-10 ", "nan ",
        "-9223372036854775808 ", "9223372036854775807 ", "1e308 ", "0 ", "; ", "get presentation ", "hit-test presentation "
    ].map { Array($0.utf8) }

    /// Runs one animation/step input on popup-like scene with steps: it must never trap, and
    /// no answer may hold `null` where a number belongs (presentation values are finite).
    public static func runCommands(_ bytes: [UInt8]) -> (accepted: Bool, problem: String?) {
        guard let commands = try? CommandParser.parseLine(String(decoding: bytes, as: UTF8.self)) else { return (false, nil) }
        var session = Session(scene: stepScene)
        for case let .engine(c) in commands {
            switch c {
            case .save, .load, .reload, .exportSwift, .exportSVG: continue
            default:
                guard let effect = try? session.perform(c) else { continue }
                if case let .answer(text) = effect, text.contains("null"), c.isPresentationQuery {
                    return (true, "animation: \(c.text) answered \(text)")
                }
            }
        }
        // The presentation at now and a few moments on: every value finite.
        for t in [session.now, session.now + 0.5, 1e9] {
            let tree = session.presentationTree(at: t)
            for id in tree.treeOrder {
                let l = tree[id]
                if !(l.position.isFinite && l.transform.isFinite && l.bounds.origin.isFinite && l.opacity.isFinite && l.zPosition.isFinite) {
                    return (true, "animation: a presentation value of \(l.name) at \(t) s is not finite")
                }
            }
        }
        return (true, nil)
    }

    /// A scene with three layers, two steps and a repeating animation.
    static let stepScene: Scene = {
        let text = """
            {"screen": {"width": 320, "height": 320}, "layers": [
              {"name": "button", "kind": "view", "frame": [100, 100, 40, 40], "backgroundColor": "green"},
              {"name": "card", "bounds": [0, 0, 100, 100], "position": [190, 190], "transform": [{"rotate": 30}]},
              {"name": "dot", "bounds": [0, 0, 0, 0]}],
             "animations": [{"layer": "card", "keyPath": "transform.rotation.z", "by": 360, "duration": 60, "repeat": "forever"}],
             "steps": [{"title": "one", "script": ["select dot; set frame 140 140 100 100"]},
                       {"title": "two", "script": ["select card; scale 0.5"]},
                       {"title": "three", "script": ["select button; set zPosition 1e-10"]}]}
            """
        return (try? LayoutFile.parse(text, file: "steps.json", format: .json)) ?? Scene()
    }()
}

extension EngineCommand {
    /// `get presentation …` and `hit-test presentation …`: answers whose numbers come from animations.
    var isPresentationQuery: Bool {
        if case .query(.getPresentation) = self { return true }
        return false
    }
}
