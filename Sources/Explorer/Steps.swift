import Cells
import TerminalKit
import Raster
import CommandLanguage
import Scenes

/// Step-through demos in the explorer: `n` / `p` play the next step or go back one, a
/// caption at the foot of the canvas shows the step's title and notes, the status line its
/// progress (3/7).
extension Reducer {
    static func stepKey(_ state: inout ExplorerState, forward: Bool, key: String) -> ExplorerEffect {
        let session = state.session
        let target = session.currentStep + (forward ? 1 : -1)
        // Echo the command even when it cannot apply, so the echo always replays (to the same refusal).
        state.echo = "\(key) → " + EngineCommand.step(target).text
        guard session.stepCount > 0 else {
            state.setStatus("this scene has no steps (a layout lists them under \"steps\")", error: true)
            return .none
        }
        guard target >= 0, target <= session.stepCount else {
            state.setStatus(
                forward ? "that was the last step (\(session.stepCount)/\(session.stepCount)) — p goes back" : "already before the first step — n plays it")
            return .none
        }
        return perform(&state, .step(target), echo: key)
    }
}

extension Reducer {
    /// The view commands in the steps' scripts (`cursor-at`, `cursor`, `panel`, `zoom`…) are
    /// the explorer's: the engine skips them, so the explorer applies them once the step has
    /// played (a demo can end with the cursor on the point it is about). Quitting and the
    /// `:` line are not applied.
    ///
    /// Steps are states (issue 32): each part of the view that some step sets — the zoom and
    /// pan, the mode and crosshair, the panel page, the anchor behaviour, the content page's
    /// place — is the steps' alone. At step N it is its start value (fitted, no crosshair,
    /// the inspector…) with the view commands of steps 1…N applied in order, so `step N`
    /// shows the same whether it came from 0, from N+1 or from anywhere. A part no step sets
    /// stays as you left it.
    static func applyStepView(_ state: inout ExplorerState, _ n: Int) {
        let steps = state.session.scene.steps
        guard n >= 0, n <= steps.count else { return }
        let perStep = stepViewCommands(steps)
        var governed = Set<StepViewPart>()
        for c in perStep.joined() { if let part = StepViewPart(c) { governed.insert(part) } }
        for part in governed { resetViewPart(part, &state) }
        // Presenting, a step the demo does not aim the camera for frames its subject.
        if state.picture.present, !governed.contains(.camera) { Framing.presentSubject(&state) }
        for c in perStep.prefix(n).joined() { _ = explorerCommand(&state, c) }
    }

    /// Each step's view commands, in order (quitting, help and the `:` line left out).
    static func stepViewCommands(_ steps: [SceneStep]) -> [[ExplorerCommand]] {
        steps.map { step in
            step.script.flatMap { line -> [ExplorerCommand] in
                guard let commands = try? CommandParser.parseLine(line.text) else { return [] }
                return commands.compactMap { command in
                    guard case let .explorer(c) = command else { return nil }
                    switch c {
                    case .quit, .commandLine, .help: return nil
                    default: return c
                    }
                }
            }
        }
    }

    /// A part of the view back at its start value (before any step set it).
    static func resetViewPart(_ part: StepViewPart, _ state: inout ExplorerState) {
        switch part {
        case .camera:
            state.view = ViewControl()
            state.view.fitted = state.openedView ?? state.session.scene.screenRect
        case .crosshair:
            if !state.mode.isLine { state.mode = .normal }
            state.cursor = nil
        case .panelPage: state.panelPage = .inspector
        case .anchorBehaviour: state.anchorBehaviour = .coreAnimation
        case .contentPlace: state.contentCursor = nil
        }
    }
}

/// The parts of the explorer's view a step's commands set (applyStepView).
enum StepViewPart: Hashable, CaseIterable {
    case camera, crosshair, panelPage, anchorBehaviour, contentPlace

    init?(_ command: ExplorerCommand) {
        switch command {
        case .zoom, .pan, .fit: self = .camera
        case .cursor, .cursorMove, .cursorAt, .mode: self = .crosshair
        case .panel: self = .panelPage
        case .anchorBehaviour: self = .anchorBehaviour
        case .operation: self = .contentPlace
        default: return nil
        }
    }
}

private extension Mode {
    /// The `:` line, help or a question: a step never ends those.
    var isLine: Bool {
        switch self {
        case .normal, .anchor, .cursor, .tree: return false
        default: return true
        }
    }
}

extension ExplorerScreen {
    /// The caption: `2/3 · title — notes` on the canvas's last row while a scene has steps;
    /// before the first step, what `n` will play.
    static func drawStepCaption(_ canvas: inout Canvas, _ state: ExplorerState, _ area: CellRect) {
        let session = state.session
        guard session.stepCount > 0, !area.isEmpty else { return }
        let n = session.currentStep
        var text: String
        if n == 0 {
            text = " 0/\(session.stepCount) · press n for step 1: \(session.scene.steps[0].title) "
        } else {
            let step = session.scene.steps[n - 1]
            text = " \(n)/\(session.stepCount) · \(step.title)" + (step.notes.map { " — " + $0 } ?? "") + " "
        }
        text = text.replacingNewlines()
        // Never cut: a caption wider than the canvas wraps onto rows above its last (up to
        // half the canvas), each row led by a space.
        let lines = Footer.wrap(text, width: area.columns - 2, budget: max(1, area.rows / 2)).map { " " + $0 + " " }
        let style = CellStyle(foreground: Chrome.captionText, background: Chrome.highlight, bold: false)
        let top = area.row + area.rows - lines.count
        for (i, line) in lines.enumerated() {
            canvas.clear(row: top + i, column: area.column, count: area.columns, style: style)
            canvas.write(line, column: area.column, row: top + i, style: style, maxWidth: area.columns)
        }
    }
}

private extension String {
    func replacingNewlines() -> String { String(map { $0 == "\n" ? " " : $0 }) }
}
