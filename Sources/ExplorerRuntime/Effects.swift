import Foundation
import TerminalKit
import Explorer
import Scenes
import CommandLanguage
import LayoutFiles
import LayoutFileIO
import Engine
import SceneFiles

extension ExplorerEffect {
    /// The kind of effect, as `ScriptContext` declares answers for; nil for none.
    public var kind: EffectKind? {
        switch self {
        case .none: return nil
        // A key's (an attendee's F), never a command's: no script can ask for it.
        case .followPresenter: return nil
        case .quit: return .quit
        case .save, .overwrite, .rewrite: return .save
        case .load: return .load
        case .copy: return .copy
        case .write: return .write
        // Tab on the `:` line: reading a directory changes nothing, so any script may.
        case .listDirectory: return nil
        }
    }
}

/// The explorer's effects carried out: the one place where the run loop and the explorer's
/// scripts (`render --script`, `explore --script`) do I/O. The result comes back as an
/// action for `Reducer.reduce`, so nothing but the reducer changes the explorer's state.
public enum EffectPerformer {
    /// Performs `effect` on `scene`; returns the action that reports how it went, nil for
    /// `.none` and `.quit` (the caller's to act on). `copy` puts text on the clipboard.
    public static func perform(
        _ effect: ExplorerEffect, scene: Scene, io: ExplorerIO,
        copy: (String) -> Action
    ) -> Action? {
        switch effect {
        case .none, .quit, .followPresenter: return nil
        case let .save(path), let .overwrite(path):
            // The scene keeps its script and steps: a save over its own file keeps them in
            // the text, a canonical save drops them (their effects are in the layers).
            // `overwrite` was asked for: the version the scene was read at no longer matters.
            var scene = scene
            if case .overwrite = effect { scene.loaded = LoadedFile() }
            switch io.save(scene, path) {
            case .success: return .saved(path: path, version: FileVersion.of(path))
            case let .failure(e): return .saveFailed(e.description, offersRewrite: e.offersRewrite)
            }
        case let .rewrite(path):
            switch io.rewrite(scene, path) {
            case let .success(summary): return .rewrote(path: path, summary: summary, version: FileVersion.of(path))
            case let .failure(e): return .saveFailed(e.description)
            }
        case let .load(path):
            switch io.load(path) {
            case let .success(scene): return .loaded(scene, path: path)
            case let .failure(e): return .loadFailed(e.description)
            }
        case let .write(path, text):
            do throws(TextFile.Failure) {
                _ = try TextFile.writeAtomically(text, to: path)
                return .wrote(path: path)
            } catch {
                return .writeFailed(path: path, message: error.message)
            }
        case let .copy(text):
            return copy(text)
        case let .listDirectory(directory):
            return .directoryListed(directory, entries: directoryEntries(directory))
        }
    }

    /// The entries of a directory ("" is the current one), directories with a `/`; hidden
    /// files left out.
    public static func directoryEntries(_ directory: String) -> [String] {
        let path = directory.isEmpty ? "." : directory
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [] }
        return names.filter { !$0.hasPrefix(".") }.map { name in
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &isDirectory)
            return isDirectory.boolValue ? name + "/" : name
        }
    }
}

extension Reducer {
    /// Runs a script through the reducer, as if each command were typed on the `:` line
    /// (`render --script`, `explore --script`), carrying out each effect as `context`
    /// declares (`ScriptContext.refusal(of:)`): performed through `EffectPerformer` with its
    /// result reduced, or refused. The first command that fails, or whose effect fails or is
    /// refused, stops the script with its line; `quit` ends it. A command that runs but warns
    /// (`Session.warning`) goes to `warn` as `line N: FILE:N:C: warning: …` and the script
    /// goes on (the screen's status line keeps the warning, as the explorer's would) — unless
    /// `failOnWarning`, when it stops the script like an error.
    public static func runScript(
        _ state: inout ExplorerState, _ text: String, name: String,
        context: ScriptContext = .render, io: ExplorerIO = .files,
        failOnWarning: Bool = false, warn: (String) -> Void = { _ in }
    ) throws(ScriptFailure) {
        try ScriptRunner.forEach(in: text, name: name, context: context) { (line: ScriptLine, command: Command) throws(ScriptFailure) -> Bool in
            func failure(_ message: String) -> ScriptFailure { ScriptFailure(context, at: line, message: message) }
            // quit ends the script (never the explorer's unsaved-edits question).
            if case .explorer(.quit) = command {
                if let reason = context.refusal(of: .quit) { throw failure(context.message(refusing: command, because: reason)) }
                return false
            }
            var effect = reduce(&state, .command(command))
            // The command ran and warned: its status is the warning, not a failure.
            var warned = false
            if state.statusIsError, let w = state.session.warning {
                if failOnWarning { throw ScriptFailure.warning(context, at: line, w, failing: true) }
                warn(ScriptFailure.warning(context, at: line, w).description)
                warned = true
            }
            while true {
                if state.statusIsError, !warned { throw failure(state.status) }
                warned = false
                guard let kind = effect.kind else { return true }
                if kind == .quit { return false }
                if let reason = context.refusal(of: kind) { throw failure(context.message(refusing: command, because: reason)) }
                // A save that would need the question is refused: a script cannot answer it.
                if case let .save(path) = effect, let conflict = state.session.saveConflict(to: path) {
                    throw failure("save: \(conflict.message(path)); not saving over it — the file is untouched (save NEW.json writes elsewhere)")
                }
                guard
                    let result = EffectPerformer.perform(
                        effect, scene: state.session.savable, io: io,
                        copy: { _ in .copyFailed("no clipboard here") })
                else { return true }
                effect = reduce(&state, result)
            }
        }
    }
}
