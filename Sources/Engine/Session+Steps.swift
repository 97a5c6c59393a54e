import CommandLanguage
import LayoutFiles
/// Step-through demos (`steps:` in a layout, `step N`): forward runs each step's script,
/// back restores the tree as it was after that step, so `step N` always leaves the scene
/// exactly as after step N's script.
extension Session {
    /// The number of steps the scene has.
    public var stepCount: Int { scene.steps.count }

    /// The step the scene is at (0: before any).
    public var currentStep: Int { scene.currentStep }

    /// Goes to step `n` (0…stepCount). Throws, changing nothing, when `n` is out of range or
    /// a step's script fails.
    mutating func goToStep(_ n: Int) throws(CommandError) {
        do throws(ScriptFailure) { try playSteps(to: n) } catch { throw error.commandError }
    }

    /// `goToStep`, failing with the script line that failed (its file, line and column), as
    /// a layout's own script does.
    mutating func playSteps(to n: Int) throws(ScriptFailure) {
        let request = ScriptLine(EngineCommand.step(n).text)
        guard !scene.steps.isEmpty else {
            throw ScriptFailure(.step, at: request, message: "this scene has no steps", suggestion: "a layout lists them under \"steps\"")
        }
        guard n >= 0, n <= scene.steps.count else {
            throw ScriptFailure(.step, at: request, message: "no step \(n): this scene has steps 0…\(scene.steps.count) (0 is before the first)")
        }
        let before = StepState(tree: scene.tree, currentStep: scene.currentStep, snapshots: stepSnapshots)
        let oldSelection = selection
        let keptSelection = selection.flatMap { scene.tree.contains($0) ? scene.tree[$0].name : nil }
        if stepSnapshots.isEmpty { stepSnapshots = [scene.tree] }
        var trial = self
        trial.lastEdit = nil
        if n <= scene.currentStep, n < stepSnapshots.count {
            trial.replaceTree(stepSnapshots[n])
            trial.stepSnapshots.removeSubrange((n + 1)...)
        } else {
            for index in scene.currentStep..<n {
                let step = scene.steps[index]
                // What a step may do is ScriptContext.step's to say.
                try ScriptRunner.run(step.script, in: .step, step: ScriptFailure.Step(number: index + 1, title: step.title), on: &trial)
                if trial.stepSnapshots.count > index + 1 { trial.stepSnapshots.removeSubrange((index + 1)...) }
                // A memory budget (numeric policy): snapshots past it are refused, not allocated.
                let kept = trial.stepSnapshots.reduce(0) { $0 + $1.count } + trial.scene.tree.count
                guard kept <= Session.historyLayerBudget else {
                    throw ScriptFailure(.step, at: step.script.last ?? request,
                                        message: "the steps keep \(kept) layers in all (\(index + 2) trees of up to \(trial.scene.tree.count) layers), over the budget of \(Session.historyLayerBudget)",
                                        suggestion: "split the demo into several files, or use fewer steps or layers",
                                        step: ScriptFailure.Step(number: index + 1, title: step.title))
                }
                trial.stepSnapshots.append(trial.scene.tree)
            }
        }
        trial.setCurrentStep(n)
        // Stepping back over edits made since the step: they are one `undo` away (issue 20:
        // `p` silently discarded them and undo said "nothing to undo").
        if n < scene.currentStep, scene.currentStep < stepSnapshots.count, scene.tree != stepSnapshots[scene.currentStep] {
            trial.warning = "step \(n) set aside your edits made since step \(scene.currentStep); undo brings them back"
        }
        // Forward, the step shows what it did as a key would: its `select` stays selected and
        // its last edit (an anchor jump) keeps its ghost and deltas. Back, the selection is kept.
        let forward = n > scene.currentStep
        let stepEdit = forward ? trial.lastEdit : nil
        trial.recordStep(from: before, history: self, selection: oldSelection, command: .step(n))
        trial.lastEdit = stepEdit.flatMap { trial.scene.tree.contains($0.layer) ? $0 : nil }
        let alive = trial.selection.flatMap { trial.scene.tree.contains($0) ? $0 : nil }
        trial.selection = (forward ? alive : nil) ?? keptSelection.flatMap { trial.scene.tree.id(named: $0) } ?? alive ?? trial.scene.tree.roots.first
        self = trial
    }

    /// Plays every step of a freshly loaded scene on a copy, so a bad step is an error at
    /// load (with its file, line and column), not in the middle of a talk.
    public static func checkSteps(of scene: Scene) throws(SceneLoadError) {
        guard !scene.steps.isEmpty else { return }
        var session = Session(scene: scene)
        for index in scene.steps.indices {
            // The failing line's place (it was the step's first line, whichever failed).
            do { try session.playSteps(to: index + 1) } catch { throw SceneLoadError(error.description) }
        }
    }
}
