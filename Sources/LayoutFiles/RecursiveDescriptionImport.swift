import Geometry
import LayerModel

/// A dump turned into a scene, with what the import could only approximate and (lenient)
/// what it skipped.
public struct ImportedDump: Sendable {
    public var scene: Scene
    /// Layer name → why its geometry is approximate (printed frame kept, transform dropped).
    public var approximate: [(name: String, reason: String)]
    public var skipped: [LayoutError]
}

/// Rebuilds views from what `recursiveDescription` printed.
///
/// UIKit prints `frame`, the bounding box of the transformed bounds, not bounds and center.
/// With the default anchor point (0.5, 0.5) and an affine `transform = [a, b, c, d, tx, ty]`:
/// the frame's centre is `center + (tx, ty)`, and its size is
/// `fw = |a|·w + |c|·h`, `fh = |b|·w + |d|·h` — two equations for the bounds size (w, h).
/// The importer solves them, builds the view, and checks that the frame the engine derives
/// equals the printed one to the printed precision (`%g`, 6 significant digits). Where it
/// cannot (a 3D matrix, a rotation by 45° where only w + h is known, no non-negative
/// solution), it keeps the printed frame with an identity transform and says why.
public enum RecursiveDescriptionImporter {
    public static func importDump(_ text: String, file: String, lenient: Bool = false) throws(LayoutError) -> ImportedDump {
        let parse = try RecursiveDescriptionParser.parse(text, file: file, lenient: lenient)
        return try build(parse, file: file)
    }

    /// The short name of a class: the last part of `Module.Class`, the last identifier of a
    /// mangled `_Tt…` name (`_TtCC12BaseKeyboard10BannerView10BannerCell` → `BannerCell`).
    public static func shortClassName(_ name: String) -> String {
        if name.hasPrefix("_Tt") {
            // Length-prefixed identifiers; the last one that ends the string is the class.
            let chars = Array(name)
            let end = chars.count
            var start = end
            while start > 0, chars[start - 1].isLetter || chars[start - 1] == "_" { start -= 1 }
            // Try each split: digits just before `start'` equal to the length of the rest.
            var s = start
            while s < end {
                var d = s
                while d > 0, chars[d - 1].isNumber { d -= 1 }
                if d < s, let n = Int(String(chars[d..<s])), n == end - s, n > 0 { return String(chars[s..<end]) }
                s += 1
            }
            return name
        }
        if let dot = name.lastIndex(of: ".") { return String(name[name.index(after: dot)...]) }
        return name
    }

    static func build(_ parse: DumpParse, file: String) throws(LayoutError) -> ImportedDump {
        var tree = LayerTree()
        var approximate: [(String, String)] = []
        // Names: the short class name, numbered #1, #2… in tree order when it repeats.
        let shortNames = parse.views.map { shortClassName($0.className) }
        var counts: [String: Int] = [:]
        for short in shortNames { counts[short, default: 0] += 1 }
        var seen: [String: Int] = [:]
        var stack: [(depth: Int, id: LayerID)] = []
        var extent = Rect.zero
        for (v, short) in zip(parse.views, shortNames) {
            var name = short
            if counts[short, default: 0] > 1 {
                seen[short, default: 0] += 1
                name = "\(short)#\(seen[short]!)"
            }
            while tree.id(named: name) != nil { name += "'" }
            var (layer, reason) = reconstruct(v, name: name)
            if let reason { approximate.append((name, reason)) }
            layer.note = note(for: v, approximate: reason)
            while let top = stack.last, top.depth >= v.depth { stack.removeLast() }
            let parent = stack.last?.id
            // Names are unique and non-empty and indices default, so only a scene's own
            // limits (10 000 nested layers) can refuse a view: say where, never trap.
            let id: LayerID
            do { id = try tree.add(layer, in: parent) } catch {
                throw LayoutError(file: file, line: v.line, column: 1, path: name,
                                  message: "cannot import this view: \(error)",
                                  suggestion: "import a smaller part of the hierarchy")
            }
            stack.append((v.depth, id))
            if parent == nil { extent = extent.union(Rect(origin: .zero, size: Size(width: v.frame.maxX, height: v.frame.maxY))) }
        }
        let count = parse.views.count
        var notes = "Imported from \(file): \(count) view\(count == 1 ? "" : "s") from recursiveDescription."
        if !approximate.isEmpty {
            notes += "\nApproximate (printed frame kept, transform dropped): "
                + approximate.prefix(8).map { "\($0.0) (\($0.1))" }.joined(separator: "; ")
                + (approximate.count > 8 ? "; and \(approximate.count - 8) more" : "")
        }
        if !parse.skipped.isEmpty {
            notes += "\nSkipped (--lenient): " + parse.skipped.prefix(8).map { "\($0.line):\($0.column) \($0.message)" }.joined(separator: "; ")
                + (parse.skipped.count > 8 ? "; and \(parse.skipped.count - 8) more" : "")
        }
        let base = file.split(separator: "/").last.map(String.init) ?? file
        // The screen is the window: a square on the top-level views' extent, so the root fits
        // turned either way (portrait or landscape); content scrolled out of it is reached by
        // selecting it. (An explicit screen also spares a pass over every layer per frame.)
        let side = max(extent.maxX, extent.maxY)
        let scene = Scene(title: "\(base) (recursiveDescription)", notes: notes,
                          screen: side > 0 ? Size(width: side, height: side) : nil, tree: tree, script: [])
        return ImportedDump(scene: scene, approximate: approximate, skipped: parse.skipped)
    }

    /// The view's layer, and why it is approximate (nil when the printed frame is reproduced).
    public static func reconstruct(_ v: DumpView, name: String) -> (Layer, String?) {
        var layer = Layer(name: name, kind: .view)
        layer.opacity = min(max(v.alpha, 0), 1)
        layer.isHidden = v.isHidden
        layer.masksToBounds = v.clipsToBounds
        layer.isUserInteractionEnabled = v.isUserInteractionEnabled
        layer.autoresizingMask = v.autoresizingMask ?? []
        let f = v.frame
        let offset = v.contentOffset ?? .zero
        // The plain case: identity transform.
        func plain() {
            layer.transform = .identity
            layer.bounds = Rect(origin: offset, size: Size(width: abs(f.size.width), height: abs(f.size.height)))
            layer.position = f.standardized.center
        }
        guard let t = v.transform else { plain(); return (layer, checked(layer, v)) }
        if t.count == 16 {
            plain()
            return (layer, "3D transform: its frame does not determine bounds and center")
        }
        let (a, b, c, d, tx, ty) = (t[0], t[1], t[2], t[3], t[4], t[5])
        let det = abs(a) * abs(d) - abs(c) * abs(b)
        let fw = f.width, fh = f.height
        var w: Double, h: Double
        var reason: String? = nil
        let scale = max(abs(a) * abs(d), abs(c) * abs(b), 1e-300)
        if abs(det) <= 1e-9 * scale {
            // Only |a|·w + |c|·h is known (a rotation by 45°, or a singular matrix).
            let sum = abs(a) + abs(c)
            guard sum > 0 else { plain(); return (layer, "singular transform: the view has no area") }
            w = fw / sum; h = w
            reason = "transform at 45°: only width + height is known from the frame; assumed a square"
        } else {
            w = (fw * abs(d) - fh * abs(c)) / det
            h = (fh * abs(a) - fw * abs(b)) / det
        }
        guard w >= -1e-9, h >= -1e-9 else {
            plain()
            return (layer, "no bounds size gives this frame under this transform (a non-default anchorPoint?)")
        }
        layer.transform = Transform3D(Affine2D(a: a, b: b, c: c, d: d, tx: tx, ty: ty))
        let center = Point(x: f.standardized.midX - tx, y: f.standardized.midY - ty)
        // The printed digits are rounded, so the solution carries their error (99.99977 for a
        // 100-point view): keep the roundest bounds and center, to 0…6 decimals, whose frame
        // still prints as printed.
        for decimals in 0...6 {
            var candidate = layer
            func round(_ x: Double) -> Double {
                var scale = 1.0
                for _ in 0..<decimals { scale *= 10 }
                return (x * scale).rounded() / scale
            }
            candidate.bounds = Rect(origin: offset, size: Size(width: max(0, round(w)), height: max(0, round(h))))
            candidate.position = Point(x: round(center.x), y: round(center.y))
            if checked(candidate, v) == nil { return (candidate, reason) }
        }
        layer.bounds = Rect(origin: offset, size: Size(width: max(0, w), height: max(0, h)))
        layer.position = center
        if let r = checked(layer, v) { return (layer, r) }
        return (layer, reason)
    }

    /// nil when the engine's derived frame equals the printed one to the printed precision,
    /// else the reason.
    static func checked(_ layer: Layer, _ v: DumpView) -> String? {
        let derived = layer.frame
        let values = [derived.minX, derived.minY, derived.width, derived.height]
        for (value, token) in zip(values, v.frameTokens) where !matchesPrinted(value, token) {
            return "derived frame \(fmt(derived)) differs from the printed (\(v.frameTokens.joined(separator: " ")))"
        }
        return nil
    }

    static func fmt(_ r: Rect) -> String { "(\(r.minX) \(r.minY); \(r.width) \(r.height))" }

    /// True when `value` printed with `%g` (6 significant digits, or as many as the token
    /// shows) gives `token`: |value − printed| ≤ half a unit of the last significant digit.
    public static func matchesPrinted(_ value: Double, _ token: String) -> Bool {
        guard let printed = Double(token) else { return false }
        return abs(value - printed) <= printedTolerance(token) + 1e-9 * max(1, abs(printed))
    }

    /// Half a unit of the last digit `%g` keeps for this token: 6 significant digits unless
    /// the token shows more.
    public static func printedTolerance(_ token: String) -> Double {
        guard let v = Double(token) else { return 0 }
        // Significant digits of the mantissa: digits before any exponent, leading zeros dropped.
        var digits = 0
        var leading = true
        for b in token.utf8 {
            if b == UInt8(ascii: "e") || b == UInt8(ascii: "E") { break }
            guard b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") else { continue }
            if leading, b == UInt8(ascii: "0") { continue }
            leading = false
            digits += 1
        }
        let significant = max(6, digits)
        guard v != 0 else { return 0.5e-6 }
        let exponent = Int((abs(v)).log10Floor)
        var unit = 1.0
        let power = exponent - significant + 1
        if power >= 0 { for _ in 0..<power { unit *= 10 } } else { for _ in 0..<(-power) { unit /= 10 } }
        return unit / 2
    }

    static func note(for v: DumpView, approximate: String?) -> String {
        var parts: [String] = [v.className + (v.address.map { " \($0)" } ?? "")]
        if let base = v.baseClass { parts.append("baseClass \(base)") }
        if let layer = v.layerClass, layer != "CALayer" { parts.append("layer \(layer)") }
        if let tag = v.tag { parts.append("tag \(tag)") }
        if !v.isOpaque { parts.append("opaque NO") }
        if let text = v.text, !text.isEmpty { parts.append("text '\(text.prefix(24))'") }
        if let approximate { parts.append("APPROXIMATE: \(approximate)") }
        parts.append("line \(v.line)")
        return parts.joined(separator: "; ")
    }
}

extension Double {
    /// ⌊log10(self)⌋ for positive finite values, by counting (no Foundation).
    var log10Floor: Double {
        var e = 0
        var x = self
        while x >= 10 { x /= 10; e += 1 }
        while x < 1 { x *= 10; e -= 1 }
        return Double(e)
    }
}
