import Cells
import Foundation
import Geometry
import Raster
import LayerModel
import CommandLanguage

/// How the canvas is presented: the legend, which half a small terminal shows, and the
/// presentation preset.
public struct PictureSettings: Equatable, Sendable {
    /// The one-line legend under the canvas (key `b`; off at first so the canvas keeps its rows).
    public var legend = false
    /// Below the panel width: the full-width panel instead of the canvas (key `w`).
    public var panelInFront = false
    /// The presentation preset (`--present`, key `W`): bolder marks, a larger key echo,
    /// the panel reduced to the essentials.
    public var present = false
    public init() {}
}

/// The legend, the compact inspector and the keys that steer them.
enum Picture {
    static func setLegend(_ state: inout ExplorerState, _ on: Bool) {
        state.picture.legend = on
        state.setStatus(state.picture.legend ? "legend on (b hides it)" : "legend off (b shows it)")
    }

    static func show(_ state: inout ExplorerState, _ part: ShownPart) {
        if state.layout.panelIsSideBySide {
            state.setStatus("the panel is already beside the canvas (w swaps them below \(ScreenLayout.panelCollapseColumns) columns)")
            return
        }
        state.picture.panelInFront = part == .panel
        state.setStatus(state.picture.panelInFront ? "panel (w: back to the canvas, i: next page)" : "canvas (w: the panel)")
    }

    static func setPresent(_ state: inout ExplorerState, _ on: Bool) {
        state.picture.present = on
        // The camera on what the demo is about (Framing.subjectRect); off: the scene again.
        if on {
            Framing.presentSubject(&state)
        } else if !state.session.depth.exploded {
            state.view = ViewControl()
            state.view.fitted = state.openedView ?? state.session.scene.screenRect
        }
        state.setStatus(state.picture.present ? "presentation: bold marks, big echo, essential panel (W leaves)" : "presentation off")
    }

    /// The legend's entries for the marks the picture shows (`CanvasMark`, the one list of
    /// them): glyph, colour, meaning.
    static func legendEntries(_ marks: [CanvasMark], palette: RasterPalette, unicode: Bool) -> [(String, Color, String)] {
        marks.map { ($0.glyph(unicode: unicode), $0.color(palette), $0.meaning) }
    }

    /// One row: each entry's glyph in its colour and its meaning, two blanks apart — one
    /// when that is what it takes for them all to fit; entries past the width are left off.
    static func drawLegend(
        _ canvas: inout Canvas, row: Int, columns: Int, marks: [CanvasMark], palette: RasterPalette, unicode: Bool,
        picks: inout ContrastPicks
    ) {
        canvas.clear(row: row, column: 0, count: columns)
        let entries = legendEntries(marks, palette: palette, unicode: unicode)
        guard !entries.isEmpty else {
            canvas.write("no marks: nothing is selected", column: 1, row: row, style: CellStyle(dim: true), maxWidth: max(0, columns - 1))
            return
        }
        let widths = entries.map { $0.0.displayWidth + 1 + $0.2.displayWidth }
        let gap = 1 + widths.reduce(0) { $0 + $1 + 2 } <= columns ? 2 : 1
        var c = 1
        for ((glyph, color, meaning), width) in zip(entries, widths) {
            let picked = picks.pick(color, on: palette.backdrop)
            guard c + width + gap <= columns else { break }
            canvas.write(glyph, column: c, row: row, style: CellStyle(foreground: .rgb(picked.red, picked.green, picked.blue), bold: true))
            canvas.write(meaning, column: c + glyph.displayWidth + 1, row: row, style: CellStyle(dim: true))
            c += width + gap
        }
    }

    /// One line for small terminals, on the status line under the canvas (the selection's
    /// name is at its right): rotation first (it is short and what keys change most), then
    /// frame · position · anchor. It fits `width` columns by whole fields: the spelled-out
    /// form when it fits, else the terse one (`frame 20,20 200×200`), then with one decimal,
    /// then fewer fields — never a number cut in half.
    static func compactInspector(_ state: ExplorerState, width: Int = .max) -> String {
        let tree = state.session.tree
        guard let id = state.session.selection, tree.contains(id) else { return "no selection" }
        let l = tree[id]
        let fr = l.frame
        let degrees = atan2(l.transform.m12, l.transform.m11) * 180 / .pi
        func fields(terse: Bool, decimals: Int) -> [String] {
            func f(_ x: Double) -> String { NumberFormat.format(x, decimals: decimals) }
            let angle = "rot \(f(degrees))°"
            if !terse {
                return [
                    angle, "frame (\(f(fr.origin.x)), \(f(fr.origin.y)), \(f(fr.size.width)), \(f(fr.size.height)))",
                    "pos (\(f(l.position.x)), \(f(l.position.y)))", "anchor (\(f(l.anchorPoint.x)), \(f(l.anchorPoint.y)))"
                ]
            }
            return [
                angle, "frame \(f(fr.origin.x)),\(f(fr.origin.y)) \(f(fr.size.width))×\(f(fr.size.height))",
                "pos \(f(l.position.x)),\(f(l.position.y))", "anchor \(f(l.anchorPoint.x)),\(f(l.anchorPoint.y))"
            ]
        }
        // Spelled out, terse, terse with one decimal; then fewer fields.
        for (terse, decimals) in [(false, 3), (true, 3), (true, 1)] {
            let line = fields(terse: terse, decimals: decimals).joined(separator: " · ")
            if line.displayWidth <= width { return line }
        }
        var shortest = fields(terse: true, decimals: 1)
        while shortest.count > 1, shortest.joined(separator: " · ").displayWidth > width { shortest.removeLast() }
        return shortest.joined(separator: " · ")
    }

    /// The panel's essentials in presentation mode: what the audience needs to read.
    static func essentials(_ state: ExplorerState) -> [PanelLine] {
        let tree = state.session.tree
        guard let id = state.session.selection, tree.contains(id) else { return [PanelLine("no selection")] }
        let l = tree[id]
        func f(_ x: Double) -> String { NumberFormat.format(x) }
        let fr = l.frame
        let angle = atan2(l.transform.m12, l.transform.m11) * 180 / .pi
        return [
            PanelLine(l.name, style: CellStyle(bold: true, underline: true)),
            PanelLine(" frame     (\(f(fr.origin.x)), \(f(fr.origin.y)), \(f(fr.size.width)), \(f(fr.size.height)))", style: CellStyle(bold: true)),
            PanelLine(" position  (\(f(l.position.x)), \(f(l.position.y)))", style: CellStyle(bold: true)),
            PanelLine(" anchor    (\(f(l.anchorPoint.x)), \(f(l.anchorPoint.y)))", style: CellStyle(bold: true)),
            PanelLine(" rotation  \(f(angle))°", style: CellStyle(bold: true))
        ]
    }
}
