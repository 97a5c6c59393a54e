import CommandLanguage
import Scenes
import LayerModel
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
    ///
    /// A step's command that warns (`set frame` under a rotation) goes to `warned` at its
    /// script line; the first warning of the steps played is the session's `warning`, with the
    /// step and command it came from (the explorer's status line as the step runs).
    mutating func playSteps(to n: Int, warned: (LayoutWarning) -> Void = { _ in }) throws(ScriptFailure) {
        let request = ScriptLine(EngineCommand.step(n).text)
        guard !scene.steps.isEmpty else {
            throw ScriptFailure(.step, at: request, message: "this scene has no steps", suggestion: "a layout lists them under \"steps\"")
        }
        guard n >= 0, n <= scene.steps.count else {
            throw ScriptFailure(.step, at: request, message: "no step \(n): this scene has steps 0…\(scene.steps.count) (0 is before the first)")
        }
        let before = StepState(tree: scene.tree, settings: StepSettings(self), currentStep: scene.currentStep, snapshots: stepSnapshots)
        let oldSelection = selection
        if stepSnapshots.isEmpty { stepSnapshots = [StepSnapshot(self)] }
        // Asked before step 0's settings are taken from the scene below.
        let keptReach = keptStepsReach(to: n)
        // Step 0 has no script to say what it looks like: it is what you had there when you
        // left it (the exploded view, the order, the selection; the tree stays the loaded one).
        if scene.currentStep == 0, n > 0 { stepSnapshots[0].settings = StepSettings(self) }
        var trial = self
        trial.lastEdit = nil
        if n <= scene.currentStep, n < stepSnapshots.count {
            // Back: the snapshot. The later ones stay, for going forward again.
        } else if keptReach {
            // Forward over steps already played from this very state: their snapshots are what
            // playing them again would give (issue 32: a step change ≤ 2 ms on 10 000 layers).
            // The first warning of the steps passed over, as playing them would say.
            if let said = stepSnapshots[(scene.currentStep + 1)...n].first(where: { $0.warning != nil })?.warning { trial.warning = said }
        } else {
            // Played from the scene as it is: this step's snapshot is kept for going forward
            // again only when the scene is as the snapshot left it.
            let fromSnapshot = isAtKeptStep
            var firstSaid: String? = nil
            for index in scene.currentStep..<n {
                let step = scene.steps[index]
                // A step's "last edit" (its ghost and deltas) is its own script's, whichever
                // step came before it.
                trial.lastEdit = nil
                // What a step may do is ScriptContext.step's to say.
                let stepName = ScriptFailure.Step(number: index + 1, title: step.title)
                var stepWarnings: [LayoutWarning] = []
                try ScriptRunner.run(step.script, in: .step, step: stepName, on: &trial) { line, command, message in
                    stepWarnings.append(Self.stepWarning(message, at: line, command: command, step: stepName))
                }
                stepWarnings.forEach(warned)
                // The step's first warning (not the last command's: a later one clears it),
                // and how many more, with the command that prints them all.
                trial.warning = Self.stepStatus(stepWarnings)
                firstSaid = firstSaid ?? trial.warning
                if trial.stepSnapshots.count > index + 1 { trial.stepSnapshots.removeSubrange((index + 1)...) }
                // A memory budget (numeric policy): snapshots past it are refused, not allocated.
                let kept = trial.stepSnapshots.reduce(0) { $0 + $1.tree.count } + trial.scene.tree.count
                guard kept <= Session.historyLayerBudget else {
                    throw ScriptFailure(
                        .step, at: step.script.last ?? request,
                        message:
                            "the steps keep \(kept) layers in all (\(index + 2) trees of up to \(trial.scene.tree.count) layers), over the budget of \(Session.historyLayerBudget)",
                        suggestion: "split the demo into several files, or use fewer steps or layers",
                        step: ScriptFailure.Step(number: index + 1, title: step.title))
                }
                var snapshot = StepSnapshot(trial)
                snapshot.playedFromKept = index > scene.currentStep || fromSnapshot
                snapshot.warning = trial.warning
                trial.stepSnapshots.append(snapshot)
            }
            trial.warning = firstSaid
        }
        trial.setCurrentStep(n)
        // Stepping back over edits made since the step: they are one `undo` away (issue 20:
        // `p` silently discarded them and undo said "nothing to undo").
        // (Edited since: the top undo entry is an edit, not this step's own entry — asked of
        // the history, not by comparing two 10 000-layer trees.)
        let editedSinceStep = undoStack.last.map { $0.stepState == nil } ?? false
        if n < scene.currentStep, scene.currentStep < stepSnapshots.count, editedSinceStep, scene.tree != stepSnapshots[scene.currentStep].tree {
            trial.warning = "step \(n) set aside your edits made since step \(scene.currentStep); undo brings them back"
        }
        trial.recordStep(from: before, history: self, selection: oldSelection, command: .step(n))
        // Steps are states (issue 32): step N leaves what playing steps 1…N from step 0 left —
        // the tree, the exploded view's settings, the hit-test order, the selection and the
        // step's own last edit (its ghost) — whether it came forward or back.
        let target = trial.stepSnapshots[n]
        trial.replaceTree(target.tree)
        trial.depth = target.settings.depth
        trial.hitTestOrder = target.settings.hitTestOrder
        trial.lastEdit = target.settings.lastEdit.flatMap { trial.scene.tree.contains($0.layer) ? $0 : nil }
        let alive = target.settings.selection.flatMap { trial.scene.tree.contains($0) ? $0 : nil }
        trial.selection = alive ?? trial.scene.tree.roots.first
        self = trial
    }

    /// True when the scene is exactly as the current step's snapshot left it: the same tree (an
    /// unchanged copy, not compared layer by layer) and the same settings.
    var isAtKeptStep: Bool {
        let c = scene.currentStep
        guard c < stepSnapshots.count else { return false }
        return scene.tree.isUnchangedCopy(of: stepSnapshots[c].tree) && StepSettings(self) == stepSnapshots[c].settings
    }

    /// True when going forward to step `n` may take the kept snapshots instead of playing the
    /// steps' scripts: the scene is as the current step's snapshot left it, every snapshot up
    /// to n was played from the one before it, and those steps' scripts change nothing a
    /// snapshot does not hold (edits, the selection, the exploded view and the hit-test order:
    /// no clock, no pins, no undo).
    func keptStepsReach(to n: Int) -> Bool {
        let c = scene.currentStep
        guard n > c, n < stepSnapshots.count, isAtKeptStep else { return false }
        return (c + 1...n).allSatisfy { k in
            stepSnapshots[k].playedFromKept
                && scene.steps[k - 1].script.allSatisfy { line in
                    guard let commands = try? CommandParser.parseLine(line.text) else { return false }
                    return commands.allSatisfy { command in
                        guard case let .engine(c) = command else { return true }
                        switch c {
                        case .edit, .query, .select, .selectNext, .selectPrevious, .selectParent, .selectChild, .hitTestOrder, .depth: return true
                        default: return false
                        }
                    }
                }
        }
    }

    /// Plays every step of a freshly loaded scene on a copy, so a bad step is an error at
    /// load (with its file, line and column), not in the middle of a talk. Returns the steps'
    /// warnings, at their script lines, in step order: load warnings like the script's.
    @discardableResult
    public static func checkSteps(of scene: Scene) throws(SceneLoadError) -> [LayoutWarning] {
        guard !scene.steps.isEmpty else { return [] }
        var session = Session(scene: scene)
        var warnings: [LayoutWarning] = []
        for index in scene.steps.indices {
            // The failing line's place (it was the step's first line, whichever failed).
            do { try session.playSteps(to: index + 1) { warnings.append($0) } } catch { throw SceneLoadError(error.description) }
        }
        return warnings
    }
}

/// What a step leaves besides its tree: the exploded view's settings, the hit-test order,
/// the selection and the step's own last edit (so its anchor jump keeps its ghost).
struct StepSettings: Equatable, Sendable {
    var depth: DepthSettings
    var hitTestOrder: SiblingOrder
    var selection: LayerID?
    var lastEdit: EditRecord?

    init(_ session: Session) {
        depth = session.depth
        hitTestOrder = session.hitTestOrder
        selection = session.selection
        lastEdit = session.lastEdit
    }
}

/// The scene after a step played from step 0 (index 0: before any), for going back to it.
struct StepSnapshot: Equatable, Sendable {
    var tree: LayerTree
    var settings: StepSettings
    /// Played by its step's script from the snapshot before it (not from an edited scene): going
    /// forward from that snapshot may take this one instead of playing the script again.
    var playedFromKept = false
    /// The warning its step's script left, if any (going forward over it says it again).
    var warning: String? = nil

    init(_ session: Session) {
        tree = session.scene.tree
        settings = StepSettings(session)
    }
}
