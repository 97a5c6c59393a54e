import Cells
import Geometry
import LayerModel
import Raster
import Engine
import CommandLanguage

/// The measurement in the explorer (docs/measure.md): `M` pins the selection as A
/// (`measure-pin`, kept in the session so `export svg` and the follow feed see it), and
/// every other selection is then B: red lines on the canvas, figures in the panel.
enum MeasureView {
    /// What the canvas draws: the pinned layer against the selection in the drawn tree
    /// (the presentation while animations show); nil when there is nothing to measure.
    static func overlay(_ state: ExplorerState, drawn: LayerTree) -> MeasureOverlay? {
        guard case let .success(m)? = state.session.pinnedMeasurement(in: drawn) else { return nil }
        return MeasureOverlay(lines: drawn.screenLines(of: m))
    }

    /// `M`: pin the selection, or unpin.
    static func toggleCommand(_ state: ExplorerState) -> EngineCommand {
        state.session.measurePin == nil ? .measurePin(MeasurePin(layer: state.selectedName ?? "")) : .measurePin(nil)
    }

    /// The panel's lines: A and B, the space and mode, then every figure (points of the space).
    static func panelLines(_ state: ExplorerState, drawn: LayerTree) -> [PanelLine] {
        guard let pin = state.session.measurePin else { return [] }
        let f: (Double) -> String = { NumberFormat.format($0) }
        var lines = [PanelLine("Measure · A \(pin.layer) (M unpins)", style: ExplorerScreen.headingStyle)]
        switch state.session.pinnedMeasurement(in: drawn) {
        case nil:
            lines.append(PanelLine("  select another layer: B", style: ExplorerScreen.dimStyle))
        case let .failure(error)?:
            lines.append(PanelLine("  \(error.message)", style: CellStyle(foreground: Chrome.warning)))
        case let .success(m)?:
            let b = state.selectedName ?? "?"
            let space = m.space.map { drawn[$0].name } ?? "screen"
            func gap(_ x: Double) -> String { x < 0 ? "overlap \(f(-x))" : f(x) }
            lines.append(PanelLine("  B \(b) · in \(space) · \(m.mode.rawValue)"))
            lines.append(PanelLine("  horizontal \(gap(m.horizontal))  vertical \(gap(m.vertical))"))
            lines.append(PanelLine("  distance \(f(m.distance))  centres \(f(m.centers))", style: CellStyle(bold: true)))
            if let c = m.contains {
                let inner = c == .a ? "B in A" : "A in B"
                if let i = m.insets {
                    lines.append(PanelLine("  \(inner) · insets l \(f(i[0])) t \(f(i[1])) r \(f(i[2])) b \(f(i[3]))"))
                } else {
                    lines.append(PanelLine("  \(inner)"))
                }
            }
        }
        return lines
    }
}
