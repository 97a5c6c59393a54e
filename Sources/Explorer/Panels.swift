import Cells
import Geometry
import LayerModel
import Raster

/// One line of a text panel: its text, its style, and the layer it is about (tree rows),
/// so a click on the row can select it.
public struct PanelLine: Equatable, Sendable {
    public var text: String
    public var style: CellStyle
    public var layer: LayerID?
    /// A row of the layer tree: too wide, it shortens its name with `…` rather than wrap.
    public var isTreeRow = false
    public init(_ text: String, style: CellStyle = .plain, layer: LayerID? = nil, isTreeRow: Bool = false) {
        self.text = text; self.style = style; self.layer = layer; self.isTreeRow = isTreeRow
    }
}

/// Writing panels into a canvas region.
public enum Panel {
    /// Writes `lines[firstLine...]` into `region`, one per row, clipped to the region's width;
    /// rows below the last line are left as they are. A line whose style has a background or
    /// is reversed is padded to the full width, so a highlighted row reads as a bar.
    public static func draw(_ lines: [PanelLine], into canvas: inout Canvas, region: CellRect, firstLine: Int = 0) {
        guard !region.isEmpty, firstLine >= 0 else { return }
        // Nothing is cut silently (issue 32): a line wider than the panel wraps, a tree row
        // shortens its name in the middle with `…` (`UIViewContr…perView#2`).
        let lines = fitted(lines, width: region.columns)
        for r in 0..<region.rows {
            let i = firstLine + r
            guard i < lines.count else { break }
            let line = lines[i]
            let row = region.row + r
            let end = canvas.write(line.text, column: region.column, row: row, style: line.style, maxWidth: region.columns)
            if line.style.reverse || line.style.background != .default {
                let used = min(end - region.column, region.columns)
                if used < region.columns {
                    canvas.clear(row: row, column: region.column + used, count: region.columns - used, style: line.style)
                }
            }
        }
    }

    /// `lines` made to fit `width` columns without losing a character silently: a tree row
    /// keeps its head and its last 10 columns around a `…`; any other
    /// line wraps at a space — never between a label and its number (`h 130.656`) when
    /// another space will do — its continuation rows indented one past the line's own indent.
    public static func fitted(_ lines: [PanelLine], width: Int) -> [PanelLine] {
        guard width > 0, lines.contains(where: { $0.text.displayWidth > width }) else { return lines }
        var out: [PanelLine] = []
        out.reserveCapacity(lines.count + 4)
        for line in lines {
            guard line.text.displayWidth > width else { out.append(line); continue }
            if line.isTreeRow {
                var shortened = line
                shortened.text = middleEllipsis(line.text, width: width)
                out.append(shortened)
                continue
            }
            for piece in wrapKeepingNumbers(line.text, width: width) {
                out.append(PanelLine(piece, style: line.style, layer: line.layer))
            }
        }
        return out
    }

    /// The text's head and tail around `…`, `width` columns in all (the tail: up to `tail`
    /// columns, 10 unless told; 0 cuts the end).
    static func middleEllipsis(_ text: String, width: Int, tail tailMost: Int = 10) -> String {
        guard text.displayWidth > width else { return text }
        guard width > 1 else { return "…" }
        let chars = Array(text)
        let tailWidth = min(tailMost, (width - 1) / 2)
        var tail: [Character] = [], used = 0
        for ch in chars.reversed() {
            let w = DisplayWidth.of(ch)
            if used + w > tailWidth { break }
            tail.insert(ch, at: 0); used += w
        }
        var head = "", headUsed = 0
        for ch in chars {
            let w = DisplayWidth.of(ch)
            if headUsed + w > width - 1 - used { break }
            head.append(ch); headUsed += w
        }
        return head + "…" + String(tail)
    }

    /// Wraps at spaces; a space followed by a number is a break only when no other fits.
    static func wrapKeepingNumbers(_ text: String, width: Int) -> [String] {
        let indentCount = text.prefix { $0 == " " }.count
        // Continuation rows start under the value (` frame    x …` → 10 columns in), else
        // one past the line's own indent.
        let chars = Array(text)
        var valueColumn = indentCount
        while valueColumn < chars.count, chars[valueColumn] != " " { valueColumn += 1 }
        while valueColumn < chars.count, chars[valueColumn] == " " { valueColumn += 1 }
        let hang = valueColumn > indentCount + 1 && valueColumn <= 12 && valueColumn < chars.count ? valueColumn : indentCount + 1
        let indent = String(repeating: " ", count: min(hang, max(0, width / 3)))
        var rows: [String] = []
        var rest = Array(text)
        var first = true
        while true {
            let prefix = first ? "" : indent
            let room = width - prefix.count
            let line = Array(prefix) + rest
            if String(line).displayWidth <= width { rows.append(String(line)); break }
            // The widest head of `rest` that fits `room` columns, by character.
            var fit = 0, used = 0
            while fit < rest.count {
                let w = DisplayWidth.of(rest[fit])
                if used + w > room { break }
                used += w; fit += 1
            }
            // The last space at or before `fit` (not the leading indent) that is not
            // followed by a number; else the last space; else a hard break.
            let start = first ? indentCount + 1 : 1
            var breakAt: Int? = nil, anySpace: Int? = nil
            var i = min(fit, rest.count - 1)
            while i >= start {
                if rest[i] == " " {
                    if anySpace == nil { anySpace = i }
                    let next = i + 1 < rest.count ? rest[i + 1] : " "
                    if !(next.isNumber || next == "-" || next == "+" || next == "−") { breakAt = i; break }
                }
                i -= 1
            }
            let cut = breakAt ?? anySpace
            if let cut, cut > 0 {
                rows.append(prefix + String(rest[..<cut]))
                rest = Array(rest[(cut + 1)...].drop { $0 == " " })
            } else {
                let n = max(1, fit)
                rows.append(prefix + String(rest[..<n]))
                rest = Array(rest[n...])
            }
            first = false
            if rest.isEmpty { break }
        }
        return rows
    }

    /// The first line to show so that line `index` stays visible in `height` rows, moving
    /// as little as possible from `current`.
    public static func scrollOffset(keeping index: Int, visibleIn height: Int, current: Int, lineCount: Int) -> Int {
        guard height > 0, lineCount > 0 else { return 0 }
        var first = current
        if index < first { first = index }
        if index >= first + height { first = index - height + 1 }
        return max(0, min(first, max(0, lineCount - height)))
    }
}

/// The layer tree as an indented outline, in tree order (parents before children,
/// siblings first to last = back to front before zPosition).
///
/// Each row: a selection gutter (`›` / `>`), two spaces per depth, a disclosure marker
/// (`▾` expanded / `▸` collapsed with the hidden count, `-` / `+` in ASCII; blank for a
/// leaf), the kind (`V` view, `L` layer), the name, and `(hidden)` for hidden layers.
/// Hidden layers and everything under them are dim; the selection is reversed and bold.
public enum TreeOutline {
    public static func lines(
        _ tree: LayerTree, selection: LayerID?, collapsed: Set<LayerID> = [],
        unicode: Bool = true
    ) -> [PanelLine] {
        var out: [PanelLine] = []
        out.reserveCapacity(tree.count)
        // (id, depth, inside a hidden subtree)
        var stack: [(LayerID, Int, Bool)] = tree.roots.reversed().map { ($0, 0, false) }
        while let (id, depth, underHidden) = stack.popLast() {
            let layer = tree[id]
            let isCollapsed = collapsed.contains(id)
            out.append(
                line(
                    tree, id, depth: depth, selected: id == selection, folded: isCollapsed,
                    dim: underHidden || layer.isHidden, unicode: unicode))
            if !isCollapsed {
                for child in layer.sublayers.reversed() {
                    stack.append((child, depth + 1, underHidden || layer.isHidden))
                }
            }
        }
        return out
    }

    /// One row of the outline: selection mark, indentation, fold mark, kind, name, hidden
    /// and folded notes; bold and reversed when selected, dim inside a hidden subtree.
    public static func line(
        _ tree: LayerTree, _ id: LayerID, depth: Int, selected: Bool, folded: Bool,
        dim: Bool, unicode: Bool
    ) -> PanelLine {
        let layer = tree[id]
        let folded = folded && !layer.sublayers.isEmpty
        var text = selected ? (unicode ? "\u{203A}" : ">") : " "
        text += String(repeating: "  ", count: depth)
        if layer.sublayers.isEmpty {
            text += "  "
        } else if folded {
            text += unicode ? "\u{25B8} " : "+ "
        } else {
            text += unicode ? "\u{25BE} " : "- "
        }
        text += layer.kind == .view ? "V " : "L "
        text += layer.name
        if layer.isHidden { text += " (hidden)" }
        if folded { text += " +\(tree.subtree(of: id).count - 1)" }
        return PanelLine(text, style: CellStyle(bold: selected, dim: dim && !selected, reverse: selected), layer: id, isTreeRow: true)
    }
}

/// The selected layer's geometry as text, every number with its coordinate space.
///
/// Views use UIView's names (`center`, `alpha`, `clips`, `isHidden`). The transform
/// is always shown as the full 4×4 (the affine view hides 3D), plus the affine six when it
/// is affine; then the effective matrix to the superlayer (`tree.matrixToSuperlayer`).
/// Matrices without an inverse are marked `singular`.
public enum Inspector {
    /// The properties the inspector names as their declarations spell them for the layer's
    /// kind. The others it shows by their declared panel labels (`PropertyDeclaration.panelLabel`):
    /// shortened to fit the panel's 9-column labels (`anchor`, `z`, `clips`/`masks`, `flipped`,
    /// `autoresize`) or UIView's Swift name (`isHidden`); `get`, `set` and `toggle` take them.
    public static let namedProperties: [Property] = [.frame, .position, .bounds, .zPosition, .anchorPointZ, .opacity, .sublayerTransform]
    /// The properties the inspector shows by their panel labels.
    public static let labelledProperties: [Property] = [
        .anchorPoint, .zPosition, .hidden, .masksToBounds, .geometryFlipped, .autoresizingMask, .affineTransform, .effectiveTransform
    ]

    /// `text` wrapped at spaces to `width` display columns, never inside parentheses when the
    /// group fits a line: `derived: bounds (0 0 288 43.5)` breaks before the `(`, not in it.
    static func wrapKeepingGroups(_ text: String, width: Int) -> [String] {
        var depth = 0
        let kept = String(
            text.map { c -> Character in
                if c == "(" { depth += 1 } else if c == ")" { depth = max(0, depth - 1) }
                return c == " " && depth > 0 ? "\u{A0}" : c
            })
        return ExplorerScreen.wrap(kept, width: width).map { $0.replacing("\u{A0}", with: " ") }
    }

    public static func lines(_ tree: LayerTree, layer id: LayerID?) -> [PanelLine] {
        guard let id, tree.contains(id) else { return [PanelLine("no selection", style: CellStyle(dim: true))] }
        let layer = tree[id]
        let isView = layer.kind == .view
        let heading = CellStyle(bold: true)
        let note = CellStyle(dim: true)
        var out: [PanelLine] = []
        func add(_ text: String, _ style: CellStyle = .plain) { out.append(PanelLine(text, style: style, layer: id)) }
        // The fixed-form lines are built as bytes in one buffer (PanelText.swift), each the
        // same text the interpolations made: ` name` padded to 9 columns, then the value.
        var b = PanelText()
        func startField(_ name: String) {
            b.clear()
            b.add(" "); b.add(name); b.spaces(max(1, 9 - name.count))
        }
        func field(_ name: String, _ value: String) {
            let pad = max(1, 9 - name.count)
            add(" " + name + String(repeating: " ", count: pad) + value)
        }
        func f(_ x: Double) -> String { NumberFormat.format(x) }
        func rect(_ name: String, _ r: Rect) {
            startField(name)
            b.add("x "); b.number(r.origin.x); b.add(" y "); b.number(r.origin.y)
            b.add(" w "); b.number(r.size.width); b.add(" h "); b.number(r.size.height)
            add(b.text)
        }
        func point(_ name: String, _ p: Point, unit: Bool = false) {
            startField(name)
            b.add("x "); b.number(p.x); b.add(" y "); b.number(p.y)
            if unit { b.add(" (unit)") }
            add(b.text)
        }
        func yesNo(_ v: Bool) { if v { b.add("yes") } else { b.add("no") } }

        add("\(layer.name) (\(isView ? "view" : "layer"))", heading)
        add("in superlayer space", note)
        // Property names as the layer's kind spells them (position/center, opacity/alpha),
        // from the declarations (`namedProperties`); a few are shortened to fit the panel.
        // Read once per kind (InspectorWords.swift), not looked up every frame.
        let w = InspectorWords.of(layer.kind)
        rect(w.frame, layer.frame)
        point(w.position, layer.position)
        add("in own space", note)
        rect(w.bounds, layer.bounds)
        point(w.anchorPoint, layer.anchorPoint, unit: true)
        startField(w.zPositionLabel)
        b.add(w.zPosition); b.add(" "); b.number(layer.zPosition); b.add(" · "); b.add(w.anchorPointZ); b.add(" "); b.number(layer.anchorPointZ)
        add(b.text)
        b.clear()
        b.add(" "); b.add(w.opacity); b.add(" "); b.number(layer.opacity)
        b.add(" · "); b.add(w.hidden); b.add(" "); yesNo(layer.isHidden)
        b.add(" · "); b.add(w.masksToBounds); b.add(" "); yesNo(layer.masksToBounds)
        b.add(" · "); b.add(w.geometryFlipped); b.add(" "); yesNo(layer.isGeometryFlipped)
        add(b.text)
        if !layer.autoresizingMask.isEmpty { field(w.autoresizingMask, layer.autoresizingMask.printed) }
        // An imported view's class, address, tag… and, in red, why its geometry is approximate.
        // An import's note is laid out from its parts; any other note as written.
        if let parts = layer.importNote.flatMap({ $0.text == layer.note ? $0.parts : nil }) {
            for part in parts {
                for line in wrapKeepingGroups(part.text, width: 44) { add("  " + line, part.kind == .approximate ? CellStyle(bold: true) : note) }
            }
        } else if let text = layer.note {
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).flatMap({ wrapKeepingGroups(String($0), width: 44) }) {
                add("  " + line, note)
            }
        }

        let t = layer.transform
        var kind = t.isIdentity ? "identity" : (t.isAffine ? "affine" : "3D")
        if t.inverted() == nil { kind += ", singular" }
        add("transform (\(kind))", heading)
        for row in matrixRows(t) { add(row) }
        if t.isAffine {
            let a = t.affine
            b.clear()
            b.add(" "); b.add(w.affineTransform); b.add(" [")
            b.number(a.a); b.add(" "); b.number(a.b); b.add(" "); b.number(a.c); b.add(" ")
            b.number(a.d); b.add(" "); b.number(a.tx); b.add(" "); b.number(a.ty); b.add("]")
            add(b.text)
        } else {
            add(" affineTransform reports identity (not affine)", note)
        }
        if !layer.sublayerTransform.isIdentity {
            let st = layer.sublayerTransform
            add(w.sublayerTransform + (st.isAffine ? "" : " (3D)") + (st.m34 != 0 ? ", eye \(f(-1 / st.m34))" : ""), heading)
            for row in matrixRows(st) { add(row) }
        }
        let effective = tree.matrixToSuperlayer(id)
        let singular = tree.hopToSuperlayer(id).inverted() == nil
        add(w.effectiveTransform + " → superlayer" + (singular ? ", singular" : ""), heading)
        for row in matrixRows(effective) { add(row) }
        if singular {
            add(" no inverse: converting into this layer has no answer", note)
        }
        return out
    }

    /// Four rows `[ m11  m12  m13  m14 ]`, numbers right-aligned per column.
    public static func matrixRows(_ m: Transform3D) -> [String] {
        // The sixteen numbers read field by field (`rowMajor` is an array), their text
        // written into one byte buffer (issue 36: not a `String` each), and each row built in
        // another (PanelText.swift) and made a String once. `ends[i]`: where number i ends.
        var digits = PanelText(capacity: 16 * 8)
        let values = (m.m11, m.m12, m.m13, m.m14, m.m21, m.m22, m.m23, m.m24, m.m31, m.m32, m.m33, m.m34, m.m41, m.m42, m.m43, m.m44)
        var ends = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeBytes(of: values) { numbers in
            withUnsafeMutableBytes(of: &ends) { raw in
                for i in 0..<16 {
                    digits.number(numbers.load(fromByteOffset: i * MemoryLayout<Double>.stride, as: Double.self))
                    raw.storeBytes(of: digits.bytes.count, toByteOffset: i * MemoryLayout<Int>.stride, as: Int.self)
                }
            }
        }
        return withUnsafeBytes(of: &ends) { raw in
            let ends = raw.bindMemory(to: Int.self)
            func start(_ i: Int) -> Int { i == 0 ? 0 : ends[i - 1] }
            // Number text is ASCII: its byte count is its width.
            var widths = (0, 0, 0, 0)
            for r in 0..<4 {
                widths.0 = max(widths.0, ends[r * 4] - start(r * 4)); widths.1 = max(widths.1, ends[r * 4 + 1] - start(r * 4 + 1))
                widths.2 = max(widths.2, ends[r * 4 + 2] - start(r * 4 + 2)); widths.3 = max(widths.3, ends[r * 4 + 3] - start(r * 4 + 3))
            }
            var b = PanelText(capacity: 12 + widths.0 + widths.1 + widths.2 + widths.3)
            var rows: [String] = []
            rows.reserveCapacity(4)
            for r in 0..<4 {
                b.clear()
                b.add(" [ ")
                for c in 0..<4 {
                    let i = r * 4 + c
                    if c > 0 { b.add("  ") }
                    let width = c == 0 ? widths.0 : c == 1 ? widths.1 : c == 2 ? widths.2 : widths.3
                    b.spaces(width - (ends[i] - start(i)))
                    b.add(digits.bytes[start(i)..<ends[i]])
                }
                b.add(" ]")
                rows.append(b.text)
            }
            return rows
        }
    }
}
