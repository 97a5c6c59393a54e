import Geometry
import Scenes
import LayerModel
import CommandLanguage
import LayoutFiles

/// Authoring a demo in the explorer (issue 32): `set screen W H`, `step add [NOTE]`,
/// `step note N TEXT`, `step remove N`, and `get screen` / `get steps`. Each edit is one undo
/// entry holding the screen, the steps and the step machinery as they were, so `u` puts
/// them back; the preserving save writes them beside the author's text (Patcher+Steps.swift).
extension Session {
    /// What an authoring command changes, for undo: the screen, the steps, and the tree and
    /// step snapshots (`step remove` goes back a step).
    struct AuthoringState: Equatable, Sendable {
        var screen: Size?
        var steps: [SceneStep]
        var authored: Bool
        var step: StepState
        var selection: LayerID?
    }

    /// An undo entry's authoring state, boxed: most entries have none, and an inline one
    /// would make every entry as big as two trees' headers and the step machinery.
    struct AuthoringUndo: Equatable, Sendable {
        private final class Box: Sendable {
            let state: AuthoringState
            init(_ state: AuthoringState) { self.state = state }
        }
        private let box: Box
        init(_ state: AuthoringState) { box = Box(state) }
        var state: AuthoringState { box.state }
        static func == (a: AuthoringUndo, b: AuthoringUndo) -> Bool { a.box === b.box || a.state == b.state }
    }

    var authoringState: AuthoringState {
        AuthoringState(
            screen: scene.screen, steps: scene.steps, authored: stepsAuthored,
            step: StepState(tree: scene.tree, settings: StepSettings(self), currentStep: scene.currentStep, snapshots: stepSnapshots),
            selection: selection)
    }

    mutating func restoreAuthoring(_ a: AuthoringState) {
        editScene { scene in
            scene.screen = a.screen
            scene.steps = a.steps
            scene.tree = a.step.tree
            scene.currentStep = a.step.currentStep
        }
        stepsAuthored = a.authored
        depth = a.step.settings.depth
        hitTestOrder = a.step.settings.hitTestOrder
        stepSnapshots = a.step.snapshots
        selection = a.selection.flatMap { scene.tree.contains($0) ? $0 : nil } ?? scene.tree.roots.first
    }

    /// The scene a save writes: with the tree at step 0 when the steps were authored here, so
    /// a file written anew keeps them (PreservingSave.canonical).
    public var savable: Scene {
        guard stepsAuthored, !scene.steps.isEmpty else { return scene }
        var out = scene
        out.stepBase = StepBase(tree: scene.currentStep == 0 ? scene.tree : stepSnapshots.first?.tree)
        return out
    }

    /// `step add` from a front end that knows its view (the explorer): `view`, the front end's
    /// own view commands (`zoom`, `pan`, `panel`, `cursor-at`…), ends the new step's script, so
    /// the step replays to the view it was authored in. The engine skips them when it plays.
    /// A step of view commands alone is a step. One undo entry, as `perform(.author(.stepAdd))`.
    public mutating func addStep(titled note: String?, view: [String]) throws(CommandError) {
        warning = nil
        drawingEnd.end = nil
        let before = authoringState
        try addStep(titled: note, viewLines: view)
        recordAuthoring(.author(.stepAdd(note)), before: before)
    }

    mutating func performAuthoring(_ command: AuthorCommand) throws(CommandError) {
        let before = authoringState
        switch command {
        case let .setScreen(w, h):
            guard w.isFinite, h.isFinite, w > 0, h > 0, w <= 1e9, h <= 1e9 else {
                throw CommandError("the screen must be positive and at most 1e9 points each way", suggestion: "set screen 390 844")
            }
            editScene { $0.screen = Size(width: w, height: h) }
        case let .stepAdd(note):
            try addStep(titled: note)
        case let .stepNote(n, text):
            try checkStepNumber(n, verb: "step note")
            editScene { $0.steps[n - 1].notes = text.isEmpty ? nil : text }
            stepsAuthored = true
        case let .stepRemove(n):
            try removeStep(n)
        }
        recordAuthoring(.author(command), before: before)
    }

    private func checkStepNumber(_ n: Int, verb: String) throws(CommandError) {
        guard !scene.steps.isEmpty else {
            throw CommandError("this scene has no steps", suggestion: "make one: edit the scene, then step add \"what it shows\"")
        }
        guard n >= 1, n <= scene.steps.count else {
            throw CommandError("no step \(n): this scene has steps 1…\(scene.steps.count)", suggestion: "\(verb) 1…\(scene.steps.count)")
        }
    }

    // MARK: step add

    /// The commands since the last step (or since load or the last save), oldest first, as a
    /// step's script: the edits on the undo stack above that point, each after the `select`
    /// it needs, then the exploded view's settings and the selection as they are now.
    func authoredScript() -> [String] {
        var edits: [UndoEntry] = []
        collect: for entry in undoStack.reversed() {
            if entry.stepState != nil { break }
            if let saved = savedSerial, entry.serial == saved { break }
            if case let .author(a) = entry.command {
                // A step added or removed ends "since the last step"; the screen and notes do not.
                switch a {
                case .stepAdd, .stepRemove: break collect
                case .setScreen, .stepNote: continue
                }
            }
            edits.append(entry)
        }
        var script: [String] = []
        var selected: String? = nil
        func select(_ name: String?) {
            guard let name, name != selected else { return }
            script.append(EngineCommand.select(name).text)
            selected = name
        }
        for entry in edits.reversed() {
            switch entry.command {
            case let .edit(.add(name, _, _, _)):
                script.append(entry.command.text)
                selected = name
            case .edit(.remove):
                script.append(entry.command.text)
                selected = nil
            case let .edit(.layer(.set(.name, .text(newName)))):
                select(entry.selectedName)
                script.append(entry.command.text)
                selected = newName
            case .edit, .clock(.animated):
                select(entry.selectedName)
                script.append(entry.command.text)
                if case .clock = entry.command { selected = nil }
            default:
                script.append(entry.command.text)
            }
        }
        // The settings a step keeps (steps are states): what changed since the step before.
        let start = stepSnapshots.indices.contains(scene.currentStep) ? stepSnapshots[scene.currentStep].settings : StepSettings(self)
        let from = start.depth, to = depth
        var settings: [DepthCommand] = []
        if from.order != to.order { settings.append(.order(to.order)) }
        if from.spacing != to.spacing { settings.append(.spacing(to.spacing)) }
        if from.range != to.range { settings.append(.range(to.range)) }
        if from.yaw != to.yaw { settings.append(.yaw(to.yaw)) }
        if from.pitch != to.pitch { settings.append(.pitch(to.pitch)) }
        if from.exploded != to.exploded { settings.append(.explode(to.exploded)) }
        script += settings.map { EngineCommand.depth($0).text }
        if start.hitTestOrder != hitTestOrder { script.append(EngineCommand.hitTestOrder(hitTestOrder).text) }
        if !script.isEmpty || selection != start.selection {
            select(selection.flatMap { scene.tree.contains($0) ? scene.tree[$0].name : nil })
        }
        return script
    }

    private mutating func addStep(titled note: String?, viewLines: [String] = []) throws(CommandError) {
        let c = scene.currentStep
        let script = authoredScript() + viewLines
        guard !script.isEmpty else {
            throw CommandError(
                "nothing to make a step of: no edits since \(c == 0 ? "the scene was loaded or saved" : "step \(c)")",
                suggestion: "edit the scene first (:add, :set, :rotate…), then step add \"what it shows\"")
        }
        guard stepSnapshots.indices.contains(c) else { throw CommandError("the steps before this one are not known; go to a step first (step \(c))") }
        let title = note ?? "step \(c + 1)"
        let step = SceneStep(title: title, script: script.map { ScriptLine($0) })
        // The new step, played from where the last one left the scene, must give this scene
        // again; and every later step must still play after it.
        var trial = self
        trial.replaceTree(stepSnapshots[c].tree)
        trial.depth = stepSnapshots[c].settings.depth
        trial.hitTestOrder = stepSnapshots[c].settings.hitTestOrder
        trial.selection = stepSnapshots[c].settings.selection
        do throws(ScriptFailure) {
            try ScriptRunner.run(step.script, in: .step, step: ScriptFailure.Step(number: c + 1, title: title), on: &trial)
        } catch {
            throw CommandError(
                "the commands since the last step do not play back: \(error.description)", suggestion: "undo the edit it names, then step add again")
        }
        if let difference = SceneComparison.treeDifference(trial.scene.tree, scene.tree) {
            throw CommandError(
                "the commands since the last step do not give this scene again (\(difference))",
                suggestion: "edits made before stepping back are not part of a step; step \(c) and make them again")
        }
        var steps = scene.steps
        steps.insert(step, at: c)
        try checkLaterSteps(steps, from: c + 1, on: trial)
        editScene {
            $0.steps = steps
            $0.currentStep = c + 1
        }
        stepsAuthored = true
        stepSnapshots = Array(stepSnapshots.prefix(c + 1)) + [StepSnapshot(self)]
    }

    /// Plays `steps` after step `k` on `session` (at step k): a step a change leaves unplayable
    /// is refused now, not at the next load.
    private func checkLaterSteps(_ steps: [SceneStep], from k: Int, on session: Session) throws(CommandError) {
        guard k < steps.count else { return }
        var trial = session
        for index in k..<steps.count {
            let step = steps[index]
            do throws(ScriptFailure) {
                try ScriptRunner.run(step.script, in: .step, step: ScriptFailure.Step(number: index + 1, title: step.title), on: &trial)
            } catch {
                throw CommandError(
                    "step \(index + 1) (\(step.title)) would no longer play: \(error.description)",
                    suggestion: "undo, or remove that step first")
            }
        }
    }

    // MARK: step remove

    private mutating func removeStep(_ n: Int) throws(CommandError) {
        try checkStepNumber(n, verb: "step remove")
        let c = scene.currentStep
        var steps = scene.steps
        steps.remove(at: n - 1)
        if n <= c {
            // The scene included the step: it goes back to step n−1, as `step n−1` would.
            guard stepSnapshots.indices.contains(n - 1) else { throw CommandError("step \(n - 1) is not known; go to it first (step \(n - 1))") }
            let snapshot = stepSnapshots[n - 1]
            var trial = self
            trial.replaceTree(snapshot.tree)
            trial.depth = snapshot.settings.depth
            trial.hitTestOrder = snapshot.settings.hitTestOrder
            try checkLaterSteps(steps, from: n - 1, on: trial)
            editScene {
                $0.tree = snapshot.tree
                $0.steps = steps
                $0.currentStep = n - 1
            }
            depth = snapshot.settings.depth
            hitTestOrder = snapshot.settings.hitTestOrder
            selection = snapshot.settings.selection.flatMap { scene.tree.contains($0) ? $0 : nil } ?? scene.tree.roots.first
            lastEdit = nil
            stepSnapshots = Array(stepSnapshots.prefix(n))
        } else {
            // Later than the scene: the steps from here on play without it.
            var trial = self
            guard stepSnapshots.indices.contains(c) else { return }
            trial.replaceTree(stepSnapshots[c].tree)
            trial.depth = stepSnapshots[c].settings.depth
            trial.hitTestOrder = stepSnapshots[c].settings.hitTestOrder
            try checkLaterSteps(steps, from: c, on: trial)
            editScene { $0.steps = steps }
            stepSnapshots = Array(stepSnapshots.prefix(c + 1))
        }
        stepsAuthored = true
    }

    // MARK: Saving

    /// After a save: the file now loads to this tree at the current step, so the step
    /// machinery starts from it (the next `step add` takes the commands after the save).
    mutating func rebaseStepsAfterSave() {
        let c = scene.currentStep
        guard stepSnapshots.indices.contains(c), stepSnapshots[c].tree != scene.tree else { return }
        stepSnapshots = Array(stepSnapshots.prefix(c)) + [StepSnapshot(self)]
    }

    // MARK: Queries

    func authorAnswer(_ query: AuthorQuery) -> String {
        switch query {
        case .screen:
            guard let s = scene.screen else { return "{\"size\":null}" }
            return "{\"size\":\(JSON.numbers([s.width, s.height]))}"
        case .steps:
            let steps = scene.steps.map { step in
                "{\"title\":\(JSON.string(step.title)),\"notes\":\(step.notes.map(JSON.string) ?? "null"),\"script\":[\(step.script.map { JSON.string($0.text) }.joined(separator: ","))]}"
            }
            return "{\"steps\":[\(steps.joined(separator: ","))],\"current\":\(scene.currentStep)}"
        }
    }
}
