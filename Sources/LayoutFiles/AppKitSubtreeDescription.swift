import Geometry
import LayerModel

/// AppKit's `-[NSView _subtreeDescription]`, one view a line, two spaces a level:
///
///     [   AF    ! wLU ] h=--- v=--- NSButton "Push Me" f=(0,0,87,32) b=(-) => <NSViewBackingLayer>
///       [   AF    ! wLU ] h=--- v=--- NSButtonTextField "Push Me" f=(11,6,65,16) b=(-) => <NSTextLayer>
///
/// `f=(x,y,w,h)` is the frame in the superview's coordinates, which in AppKit have y going
/// **up** unless the superview is flipped (flag `F`); `b=(-)` means bounds (0, 0, w, h).
/// The engine's y goes down, so the import models AppKit's convention with
/// `geometryFlipped`: a layer whose sublayer space must run y-up relative to the screen gets
/// the flip, composed down the tree (geometry.md R12) — then every printed frame is the
/// layer's own frame, number for number, and lands on screen where AppKit draws it.
public enum AppKitSubtreeDescription {
    struct Line {
        var depth: Int
        var flags: String
        var className: String
        var title: String?
        var frame: [String]
        var bounds: [String]?
        var layerClass: String?
        var line: Int
        var column: Int
    }

    /// True when a line reads as `[flags] h=… v=… Class f=(…)`.
    public static func looksLike(_ text: String) -> Bool {
        for line in text.prefix(20_000).split(separator: "\n").prefix(50) where parse(line, number: 0) != nil { return true }
        return false
    }

    static func parse(_ raw: Substring, number: Int) -> Line? {
        var indent = 0
        var rest = raw[...]
        while rest.first == " " { rest = rest.dropFirst(); indent += 1 }
        guard rest.first == "[", let close = rest.firstIndex(of: "]") else { return nil }
        let flags = String(rest[rest.index(after: rest.startIndex)..<close])
        rest = rest[rest.index(after: close)...]
        guard let f = rest.range(of: " f=(") else { return nil }
        // Class name: the first word after `h=… v=…`.
        let words = rest[..<f.lowerBound].split(whereSeparator: \.isWhitespace)
        guard let classWord = words.first(where: { !$0.hasPrefix("h=") && !$0.hasPrefix("v=") }) else { return nil }
        var title: String? = nil
        if let q1 = rest[..<f.lowerBound].firstIndex(of: "\""), let q2 = rest[..<f.lowerBound].lastIndex(of: "\""), q1 < q2 {
            title = String(rest[rest.index(after: q1)..<q2])
        }
        guard let fClose = rest[f.upperBound...].firstIndex(of: ")") else { return nil }
        let frame = rest[f.upperBound..<fClose].split(separator: ",").map { String($0).trimmingSpaces }
        guard frame.count == 4, frame.allSatisfy({ Double($0) != nil }) else { return nil }
        var bounds: [String]? = nil
        if let b = rest.range(of: " b=("), let bClose = rest[b.upperBound...].firstIndex(of: ")") {
            let body = rest[b.upperBound..<bClose]
            if body != "-" {
                let parts = body.split(separator: ",").map { String($0).trimmingSpaces }
                if parts.count == 4, parts.allSatisfy({ Double($0) != nil }) { bounds = parts }
            }
        }
        var layerClass: String? = nil
        if let arrow = rest.range(of: "=> <") {
            layerClass = String(rest[arrow.upperBound...].prefix { $0 != ">" && $0 != ":" && $0 != " " })
        }
        return Line(
            depth: indent / 2, flags: flags, className: String(classWord), title: title, frame: frame,
            bounds: bounds, layerClass: layerClass, line: number, column: indent + 1)
    }

    public static func importText(_ text: String, file: String, lenient: Bool) throws(LayoutError) -> ImportedDump {
        var lines: [Line] = []
        var skipped: [LayoutError] = []
        // Deeper than a layout file holds: the builder hangs it at the last level and lists it.
        var number = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            if raw.allSatisfy({ $0 == " " || $0 == "\r" }) { continue }
            if var l = parse(raw, number: number) {
                if let last = lines.last, l.depth > last.depth + 1 { l.depth = last.depth + 1 }
                if lines.isEmpty { l.depth = 0 }
                lines.append(l)
                continue
            }
            // The legend AppKit prints after the tree.
            if raw.hasPrefix("A=autoresizesSubviews") { continue }
            let e = LayoutError(
                file: file, line: number, column: 1,
                message: "expected an AppKit view line like \"[ A ] h=--- v=--- NSView f=(0,0,10,10) b=(-) => <…>\", found \"\(raw.prefix(40))\"",
                suggestion: "remove the line; without --strict it is skipped and listed")
            if !lenient { throw e }
            skipped.append(e)
        }
        guard !lines.isEmpty else {
            throw LayoutError(
                file: file, line: 1, column: 1, message: "no AppKit view lines found",
                suggestion: "paste the output of `po [view _subtreeDescription]`")
        }
        var builder = ImportBuilder(file: file, lenient: lenient, classNames: lines.map(\.className))
        builder.listed(skipped)
        // (depth, id, y-up sublayer space on screen)
        var stack: [(depth: Int, id: LayerID, upward: Bool)] = []
        for l in lines {
            let name = builder.name(forClass: l.className, fallback: "view")
            while let top = stack.last, top.depth >= l.depth { stack.removeLast() }
            let parent = stack.last
            let f = l.frame.compactMap(Double.init)
            let b = l.bounds?.compactMap(Double.init) ?? [0, 0, f[2], f[3]]
            var layer = Layer(name: name, kind: .view)
            layer.bounds = Rect(x: b[0], y: b[1], width: abs(f[2]), height: abs(f[3]))
            layer.position = Point(x: f[0] + f[2] / 2, y: f[1] + f[3] / 2)
            let flipped = l.flags.contains("F")
            // This view's subviews run y-up on screen unless it is flipped; the flag that gives
            // that, relative to what its superview already flipped, is the XOR.
            let upward = !flipped
            layer.isGeometryFlipped = upward != (parent?.upward ?? false)
            layer.isHidden = l.flags.contains("H")
            var identity = [l.className]
            if let t = l.title { identity.append("title \"\(t.prefix(24))\"") }
            identity.append("AppKit flags [\(l.flags.trimmingSpaces)]")
            if let c = l.layerClass { identity.append("layer \(c)") }
            layer.setImportNote(
                ImportNote(
                    identity: identity,
                    printed: [
                        "frame (in the superview's coordinates, y \(parent.map { $0.upward ? "up" : "down (flipped superview)" } ?? "as printed: the window's height is not printed"))",
                        "bounds\(l.bounds == nil ? " (b=(-): origin 0, frame's size)" : "")"
                    ],
                    derived: ["center (\(NumberText.short(layer.position.x)), \(NumberText.short(layer.position.y)))"],
                    remarks: ["modelled: \(flipped ? "flipped view: subviews y-down" : "not flipped: subviews y-up, via geometryFlipped")"],
                    line: l.line))
            // What is written must reopen: every number, printed or derived (a frame at y 1e9
            // has its center past 1e9), within what a layout file holds.
            if let bad = builder.unwritable(layer) {
                try builder.problem(
                    LayoutError(
                        file: file, line: l.line, column: l.column, path: "view \(l.className)",
                        message: "\(l.className): its \(bad)", suggestion: "without --strict the view is skipped and its subviews join its superview"))
                continue
            }
            let frame = layer.frame
            let id = try builder.add(layer, under: parent?.id, line: l.line, column: l.column, path: "view \(l.className)", countsInExtent: false)
            stack.append((l.depth, id, upward))
            if parent == nil { builder.include(Rect(origin: .zero, size: Size(width: max(0, frame.maxX), height: max(0, frame.maxY)))) }
        }
        let count = builder.tree.count
        let notes =
            "Imported from \(file): \(count) AppKit view\(count == 1 ? "" : "s") from _subtreeDescription. Frames are AppKit's: y up in a superview that is not flipped (modelled with geometryFlipped)."
        return try builder.finish(form: "_subtreeDescription", notes: notes)
    }
}
