@testable import Explorer
import Scenes
import CommandLanguage
import Foundation
import Testing
import LayoutFiles
import Engine
import SceneFiles

/// Every effect in every script context is performed or refused with its reason — never
/// dropped. Generated over `ScriptContext.allCases` × `EffectKind.allCases`: a new context
/// or effect is covered without editing this file (the switch over kinds must grow).
@Suite struct ScriptContextTests {
    /// A folder holding base.json (one layer, `a`) and other.json (one layer, `other`).
    static func folder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("contexts-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        var s = Session()
        try ScriptRunner.run("add a; save \(dir)/base.json", name: "setup", session: &s, emit: { _ in })
        var o = Session()
        try ScriptRunner.run("add other; save \(dir)/other.json", name: "setup", session: &o, emit: { _ in })
        return dir
    }

    /// A script asking for `kind`, and a check that it was carried out (given what the
    /// run left: the emitted answers and the scene's layer names).
    static func trigger(_ kind: EffectKind, _ dir: String) -> (
        script: String, performed: (_ answers: [String], _ status: String, _ names: Set<String>) -> Bool
    )? {
        switch kind {
        case .answer:
            return ("select a; get name", { answers, status, _ in answers == ["{\"string\":\"a\"}"] || status == "get name = {\"string\":\"a\"}" })
        case .output:
            return ("export swift", { answers, status, _ in answers.first?.hasPrefix("{\"swift\":") == true || status == "export swift: Esc closes" })
        case .write:
            return ("export svg \(dir)/k.svg", { _, _, _ in FileManager.default.fileExists(atPath: "\(dir)/k.svg") })
        case .save:
            return (
                "add saved; save \(dir)/k.json",
                { _, _, _ in
                    (try? String(contentsOfFile: "\(dir)/k.json", encoding: .utf8))?.contains("\"saved\"") == true
                }
            )
        case .load:
            return ("load \(dir)/other.json", { _, _, names in names == ["other"] })
        case .reload:
            // The edit goes: the file (one layer, a) is read again.
            return ("add b; reload", { _, _, names in names == ["a"] })
        case .copy:
            return nil  // no command copies: the clipboard is the `y` key on the output overlay
        case .quit:
            // quit ends the script: `add after` never runs.
            return ("quit; add after", { _, _, names in !names.contains("after") })
        }
    }

    /// Runs `script` in `context` from base.json; the error's text when it failed.
    static func run(_ script: String, in context: ScriptContext, _ dir: String) throws -> (
        error: String?, answers: [String], status: String, names: Set<String>
    ) {
        let base = "\(dir)/base.json"
        let scene = try SceneLoader.load(base)
        var answers: [String] = []
        let names: (Session) -> Set<String> = { s in Set(s.scene.tree.names) }
        switch context {
        case .eval:
            var s = Session(scene: scene, filePath: base)
            do { try ScriptRunner.run(script, name: "t", session: &s, emit: { answers.append($0) }) } catch {
                return (error.description, answers, "", names(s))
            }
            return (nil, answers, "", names(s))
        case .render, .explore:
            var state = ExplorerState(session: Session(scene: scene, filePath: base))
            do { try Reducer.runScript(&state, script, name: "t", context: context) } catch {
                return (error.description, [], state.status, names(state.session))
            }
            return (nil, [], state.status, names(state.session))
        case .layoutScript:
            var s = Session(scene: scene, filePath: base)
            do { try s.runScript([ScriptLine(script)]) } catch { return (error.description, [], "", names(s)) }
            return (nil, [], "", names(s))
        case .step:
            var stepped = scene
            stepped.steps = [SceneStep(title: "t", script: [ScriptLine(script)])]
            var s = Session(scene: stepped, filePath: base)
            do { _ = try s.perform(.step(1)) } catch { return (error.description, [], "", names(s)) }
            return (nil, [], "", names(s))
        }
    }

    @Test(arguments: ScriptContext.allCases, EffectKind.allCases)
    func everyEffectIsPerformedOrRefused(_ context: ScriptContext, _ kind: EffectKind) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        guard let (script, performed) = Self.trigger(kind, dir) else {
            // No command asks for it; every script context must still declare a refusal.
            let reason = try #require(context.refusal(of: kind), "\(context) must refuse \(kind): no script can ask for it")
            #expect(!reason.isEmpty)
            return
        }
        let result = try Self.run(script, in: context, dir)
        if let reason = context.refusal(of: kind) {
            let error = try #require(result.error, "\(kind) in \(context.title): declared refused, but the script ran")
            #expect(error.contains("is not allowed in \(context.title): \(reason)"), "\(error)")
        } else {
            #expect(result.error == nil, "\(kind) in \(context.title): \(result.error ?? "")")
            #expect(performed(result.answers, result.status, result.names), "\(kind) in \(context.title) was dropped: \(result)")
        }
    }

    /// A save with no file name is an error in every context that saves, not a no-op.
    @Test func aSaveWithNoFileIsAnError() throws {
        var s = Session()
        #expect(throws: ScriptFailure.self) { try ScriptRunner.run("add a; save", name: "t", session: &s, emit: { _ in }) }
        var state = ExplorerState(session: Session())
        #expect(throws: ScriptFailure.self) { try Reducer.runScript(&state, "add a; save", name: "t", context: .render) }
        #expect(throws: ScriptFailure.self) { try Reducer.runScript(&state, "reload", name: "t", context: .render) }
    }
}
