import Cells
import Geometry
import Raster
import LayerModel
import CommandLanguage

/// What the explorer shows about time (time contract): the model's outline where the
/// presentation has moved away from it ("touches go here"), the timeline rows, model and
/// presentation values in the panel, and the playback keys.
public enum TimeView {
    static let outlineColor = Color(red: 255, green: 170, blue: 60)
    static let timelineStyle = CellStyle(foreground: Chrome.boxText, background: Chrome.timelineBackground)
    static let barStyle = CellStyle(foreground: Chrome.warning, background: Chrome.timelineBackground)
    static let playheadStyle = CellStyle(foreground: Chrome.barText, background: Chrome.timelineBackground, bold: true)
    /// One explorer frame at 30 frames per second: the `.` and `,` step.
    public static let frame = 1.0 / 30
    /// The `>` and `<` scrub step.
    public static let scrub = 0.25

    /// The tree the canvas draws: the presentation while animations show, else the model.
    static func drawnTree(_ state: ExplorerState) -> LayerTree {
        state.session.animations.isEmpty ? state.session.tree : state.session.presentationTree()
    }

    /// A dotted outline of each animated layer's model bounds, on screen, wherever the
    /// presentation has left it: hit testing uses the model, so touches land there. A quiet
    /// ghost drawn under its layer (`Annotation.under`): the moving presentation is the figure.
    static func modelOutlines(_ state: ExplorerState, presentation: LayerTree) -> [Annotation] {
        let model = state.session.tree
        let now = state.session.now
        var seen: Set<LayerID> = []
        var out: [Annotation] = []
        for a in state.session.animations where a.isVisible(at: now) && model.contains(a.layer) && !seen.contains(a.layer) {
            seen.insert(a.layer)
            let layer = model[a.layer]
            if layer.isHidden { continue }
            let corners = layer.bounds.corners
            let m = corners.compactMap { model.convert($0, from: a.layer, to: nil) }
            let p = corners.compactMap { presentation.convert($0, from: a.layer, to: nil) }
            guard m.count == 4 else { continue }
            let moved = p.count != 4 || zip(m, p).contains { !$0.isApproximatelyEqual(to: $1, tolerance: 1e-6) }
            if moved { out.append(Annotation(.polygon(m), color: outlineColor, pattern: .dotted, under: a.layer)) }
        }
        return out
    }

    /// Rows the timeline takes at the bottom of the canvas (0 without animations).
    static func timelineRows(_ state: ExplorerState, canvasRows: Int) -> Int {
        guard !state.session.animations.isEmpty, canvasRows >= 10 else { return 0 }
        return 1 + min(state.session.animations.count, maxBars(canvasRows: canvasRows))
    }

    /// At least three bars, more when the canvas is tall (a quarter of its rows).
    static func maxBars(canvasRows: Int) -> Int { max(3, canvasRows / 4) }

    /// The timeline: now, speed and pause, then one bar per animation (the latest ones that fit) on a
    /// shared time axis from 0 with the playhead at `now`; a bar that repeats forever shows one
    /// cycle with the playhead at the current phase.
    static func drawTimeline(_ canvas: inout Canvas, _ state: ExplorerState, area: CellRect, unicode: Bool) {
        let rows = timelineRows(state, canvasRows: area.rows)
        guard rows > 0, area.columns >= 20 else { return }
        let s = state.session
        let top = area.row + area.rows - rows
        for r in top..<(area.row + area.rows) {
            canvas.clear(row: r, column: area.column, count: area.columns, style: timelineStyle)
        }
        let running = s.hasRunningAnimations
        let state_ = s.isPaused ? "paused" : (running ? "playing" : "ended")
        // In cursor mode the header carries the crosshair's two answers when they differ (the
        // panel may be on another page, or collapsed on a narrow terminal).
        var header = " now \(NumberFormat.format(s.now)) s · \(NumberFormat.format(s.playbackSpeed))× · \(state_) · Space . , < > 1-4"
        if state.mode == .cursor, let p = state.cursor, let line = hitLine(state, point: p) {
            header = " \(NumberFormat.format(s.now)) s ·" + line.text
        }
        canvas.write(header, column: area.column, row: top, style: playheadStyle, maxWidth: area.columns)
        // Axis: 0 … the latest finite end (or now). An animation that repeats forever has a
        // bar of its own scale instead: one cycle across, the playhead at its phase.
        let shown = Array(s.animations.suffix(rows - 1))
        var span = s.now
        for a in shown where a.activeDuration.isFinite { span = max(span, a.endTime) }
        span = max(span, 1e-9)
        let labelWidth = min(22, area.columns / 3)
        let barColumns = area.columns - labelWidth - 2
        guard barColumns > 4 else { return }
        func column(_ t: Double, of length: Double) -> Int {
            // Clamped in Double before the conversion: no clock value can trap here.
            let x = (t / length * Double(barColumns - 1)).rounded()
            guard x == x else { return 0 }
            return Int(min(max(x, 0), Double(barColumns - 1)))
        }
        for (i, a) in shown.enumerated() {
            let row = top + 1 + i
            let name = s.tree.contains(a.layer) ? s.tree[a.layer].name : "?"
            // Too long, the label keeps its end (`rotation.z`, not `rotati`) around a `…`.
            let label = Panel.middleEllipsis(name + "." + a.spec.keyPath.rawValue, width: labelWidth - 1)
            canvas.write(" " + label, column: area.column, row: row, style: timelineStyle, maxWidth: labelWidth)
            let x0 = area.column + labelWidth + 1
            let from: Int, to: Int, playhead: Int
            if a.activeDuration.isFinite {
                from = column(max(0, a.beginTime), of: span)
                to = column(a.endTime, of: span)
                playhead = column(s.now, of: span)
            } else {
                let cycle = max(a.duration * (a.spec.autoreverses ? 2 : 1), 1e-9)
                let local = s.now - a.beginTime
                from = 0; to = barColumns - 1
                playhead = local < 0 ? 0 : column(local.truncatingRemainder(dividingBy: cycle), of: cycle)
            }
            for c in 0..<barColumns {
                let inBar = c >= from && c <= to
                let g: Character = inBar ? (unicode ? "━" : "=") : (unicode ? "·" : ".")
                canvas[x0 + c, row] = Cell(g, style: inBar ? barStyle : timelineStyle)
            }
            canvas[x0 + playhead, row] = Cell(unicode ? "┃" : "|", style: playheadStyle)
        }
    }

    /// Model and presentation values of the selection's animated key paths.
    static func panelLines(_ state: ExplorerState) -> [PanelLine] {
        let s = state.session
        guard let id = s.selection, s.tree.contains(id) else { return [] }
        let mine = s.animations.filter { $0.layer == id }
        guard !mine.isEmpty else { return [] }
        let presentation = s.presentationTree()
        var lines = [PanelLine("Time · now \(NumberFormat.format(s.now)) s", style: ExplorerScreen.headingStyle)]
        for a in mine {
            let path = a.spec.keyPath
            let model = path.value(of: s.tree[id]).map(text) ?? "none"
            let shown = path.value(of: presentation[id]).map(text) ?? "none"
            let status = a.isRunning(at: s.now) ? "" : (a.isVisible(at: s.now) ? " (kept)" : " (ended)")
            lines.append(PanelLine(" \(path.rawValue)\(status)", style: CellStyle(bold: true)))
            lines.append(PanelLine("  model \(model)"))
            lines.append(PanelLine("  pres  \(shown)", style: model == shown ? .plain : CellStyle(foreground: Chrome.warning)))
        }
        return lines
    }

    static func text(_ v: AnimationValue) -> String {
        let n: (Double) -> String = { NumberFormat.format($0) }
        switch v {
        case let .number(x): return n(x)
        case let .point(p): return "(\(n(p.x)), \(n(p.y)))"
        case let .size(s): return "\(n(s.width))×\(n(s.height))"
        case let .rect(r): return "(\(n(r.origin.x)), \(n(r.origin.y)), \(n(r.size.width)), \(n(r.size.height)))"
        case let .color(c): return c.hex
        case let .transform(m):
            guard let parts = TransformParts(m) else { return "singular" }
            let e = parts.eulerDegrees
            var out = "rot \(n(e.z))°"
            if abs(e.x) > 1e-9 || abs(e.y) > 1e-9 { out = "rot x \(n(e.x))° y \(n(e.y))° z \(n(e.z))°" }
            if parts.scale[0] != 1 || parts.scale[1] != 1 {
                out += " scale \(n(parts.scale[0]))" + (parts.scale[0] == parts.scale[1] ? "" : ",\(n(parts.scale[1]))")
            }
            if parts.translation[0] != 0 || parts.translation[1] != 0 { out += " move \(n(parts.translation[0])),\(n(parts.translation[1]))" }
            return out
        }
    }

    /// "model hit X · presentation hit Y" for the crosshair, when the two differ.
    static func hitLine(_ state: ExplorerState, point: Point) -> PanelLine? {
        let s = state.session
        guard !s.animations.isEmpty else { return nil }
        let model = s.tree.hitTestScreen(point, order: s.hitTestOrder)
        let presentation = s.presentationTree().hitTestScreen(point, order: s.hitTestOrder)
        guard model != presentation else { return nil }
        func name(_ id: LayerID?) -> String { id.map { s.tree[$0].name } ?? "nothing" }
        return PanelLine(" model hit \(name(model)) · presentation hit \(name(presentation))", style: ExplorerScreen.errorStyle)
    }

    /// The playback keys, each as the command it stands for (so the echo can be replayed);
    /// the reducer performs it. Nil for an action that is not a playback key.
    static func command(for action: ContextualAction, _ state: ExplorerState) -> EngineCommand? {
        let now = state.session.now
        switch action {
        case .playPause: return .clock(state.session.isPaused ? .play : .pause)
        case .stepForward: return .clock(.time((now + frame).withoutFloatNoise))
        case .stepBack: return .clock(.time((max(0, now - frame)).withoutFloatNoise))
        case .scrubForward: return .clock(.time((now + scrub).withoutFloatNoise))
        case .scrubBack: return .clock(.time((max(0, now - scrub)).withoutFloatNoise))
        default: return nil
        }
    }
}
