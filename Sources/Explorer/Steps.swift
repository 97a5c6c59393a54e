import Cells
import TerminalKit
import Raster
import CommandLanguage

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
            state.setStatus(forward ? "that was the last step (\(session.stepCount)/\(session.stepCount)) — p goes back" : "already before the first step — n plays it")
            return .none
        }
        return perform(&state, .step(target), echo: key)
    }
}

extension Reducer {
    /// The view commands in step N's script (`cursor-at`, `cursor`, `panel`, `zoom`…) are the
    /// explorer's: the engine skips them, so the explorer applies them once the step has
    /// played (a demo can end with the cursor on the point it is about). Quitting and the
    /// `:` line are not applied.
    static func applyStepView(_ state: inout ExplorerState, _ n: Int) {
        let steps = state.session.scene.steps
        guard n >= 1, n <= steps.count else { return }
        for line in steps[n - 1].script {
            guard let commands = try? CommandParser.parseLine(line.text) else { continue }
            for case let .explorer(c) in commands {
                switch c {
                case .quit, .commandLine, .help: continue
                default: _ = explorerCommand(&state, c)
                }
            }
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
        let style = CellStyle(foreground: .rgb(20, 20, 30), background: .rgb(255, 210, 80), bold: false)
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

extension RunLoop {
    /// `e` then `y`: the Swift goes to the clipboard over OSC 52 when the terminal can take
    /// it. Returns the action that tells the reducer how it went.
    func sendToClipboard(_ text: String) -> Action {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        do {
            try terminal.copyToClipboard(text)
            return .copied("sent \(lines) lines to the clipboard (OSC 52) — if nothing arrives, the terminal may not support it (tmux: set -g set-clipboard on)")
        } catch TerminalError.cannotCopy {
            return .copyFailed(TerminalError.cannotCopy.description)
        } catch {
            return .copyFailed("copy failed: \(error)")
        }
    }
}
