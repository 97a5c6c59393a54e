import LayerModel
import CommandLanguage
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Geometry
import SafeText

/// Copy as code: Swift that reproduces a layer's geometry, written the way a person would
/// write it: UIView API for views (`center`, a `CGAffineTransform`), CALayer API for layers;
/// a transform as `CATransform3DMakeRotation(.pi / 9, 0, 0, 1)`, a scale / rotation /
/// translation chain, or field by field only when nothing shorter says it; numbers as typed
/// (`0.5`, not `0.49999999999999994`) yet within 1e-9 of the value.
public enum SwiftExport {
    /// Assigns anchorPoint first, then bounds, position and transform: with the anchor set
    /// before position, the code is correct whichever anchor mode produced the state.
    public static func code(for id: LayerID, in tree: LayerTree) throws(CommandError) -> String {
        let layer = tree[id]
        let n = ExportNumber.swift
        let view = layer.kind == .view
        let v = identifier(layer.name)
        let l = view ? "\(v).layer" : v
        var lines: [String] = []
        let f = layer.frame
        let c: (Double) -> String = { ExportNumber.swift((ExportNumber.clamped($0, to: 1e300) * 1000).rounded() / 1000) }  // a comment: 3 decimals
        lines.append(
            "// \(SafeText.lineComment(layer.name)): frame \(c(f.origin.x)), \(c(f.origin.y)), \(c(f.size.width)), \(c(f.size.height)) in its superlayer")
        lines.append("\(l).anchorPoint = CGPoint(x: \(n(layer.anchorPoint.x)), y: \(n(layer.anchorPoint.y)))")
        if layer.anchorPointZ != 0 { lines.append("\(l).anchorPointZ = \(n(layer.anchorPointZ))") }
        let b = layer.bounds
        lines.append("\(v).bounds = CGRect(x: \(n(b.origin.x)), y: \(n(b.origin.y)), width: \(n(b.size.width)), height: \(n(b.size.height)))")
        lines.append("\(v).\(view ? "center" : "position") = CGPoint(x: \(n(layer.position.x)), y: \(n(layer.position.y)))")
        if layer.zPosition != 0 { lines.append("\(l).zPosition = \(n(layer.zPosition))") }
        if view && layer.transform.isAffine {
            lines.append("\(v).transform = \(affineExpression(layer.transform))")
        } else {
            lines.append("\(v).\(view ? "transform3D" : "transform") = \(transformExpression(layer.transform))")
        }
        if !layer.sublayerTransform.isIdentity { lines.append("\(l).sublayerTransform = \(transformExpression(layer.sublayerTransform))") }
        // The other properties, from their declarations: those not at their defaults.
        for declaration in PropertyDeclaration.all where !declaration.isDefault(on: layer) {
            guard let value = declaration.value(of: layer) else { continue }
            if declaration.swift == .comment, case let .text(text) = value {
                for line in text.split(separator: "\n") { lines.append("// \(declaration.property.rawValue): \(SafeText.lineComment(String(line)))") }
                continue
            }
            guard case let .assign(layerName, viewName) = declaration.swift else { continue }
            let owner: String, property: String, color: ColorType
            if view, let viewName {
                (owner, property, color) = (v, viewName, .uiColor)
            } else if let layerName {
                (owner, property, color) = (l, layerName, .cgColor)
            } else {
                // A UIView property on a plain layer: CALayer has no such property.
                lines.append("// \(viewName ?? declaration.property.rawValue) = \(expression(value, color: .uiColor)): a UIView property; CALayer has none")
                continue
            }
            lines.append("\(owner).\(property) = \(expression(value, color: color))")
        }
        lines += drawingCode(for: layer)  // content.md: SwiftExport+Drawing.swift
        return lines.joined(separator: "\n")
    }

    enum ColorType { case cgColor, uiColor }

    /// A value as Swift: numbers as typed, colours as `UIColor`/`CGColor` with channels to
    /// 3 decimals (exact for 8-bit channels), masks as `UIView.AutoresizingMask` members.
    static func expression(_ value: PropertyValue, color type: ColorType) -> String {
        let n = ExportNumber.swift
        switch value {
        case let .number(x): return n(x)
        case let .bool(b): return b ? "true" : "false"
        case let .color(c?, _):
            let ch: (UInt8) -> String = { n((Double($0) / 255 * 1000).rounded() / 1000) }
            let args = "red: \(ch(c.red)), green: \(ch(c.green)), blue: \(ch(c.blue)), alpha: 1"
            return type == .uiColor ? "UIColor(\(args))" : "CGColor(\(args))"
        case .color(nil, _): return "nil"
        case let .mask(m):
            let names: [(AutoresizingMask, String)] = [
                (.flexibleLeftMargin, "flexibleLeftMargin"), (.flexibleWidth, "flexibleWidth"), (.flexibleRightMargin, "flexibleRightMargin"),
                (.flexibleTopMargin, "flexibleTopMargin"), (.flexibleHeight, "flexibleHeight"), (.flexibleBottomMargin, "flexibleBottomMargin")
            ]
            return "[" + names.filter { m.contains($0.0) }.map { "." + $0.1 }.joined(separator: ", ") + "]"
        default: return value.text
        }
    }

    // MARK: Transforms

    static func parts(_ t: Transform3D) -> AffineParts? { t.affineParts }

    /// `CGAffineTransform` for a view: the plain initialiser for one part, a chain for more,
    /// six numbers for a shear.
    static func affineExpression(_ t: Transform3D) -> String {
        if t.isIdentity { return ".identity" }
        let n = ExportNumber.swift
        guard let p = parts(t) else {
            let a = t.affine
            return "CGAffineTransform(a: \(n(a.a)), b: \(n(a.b)), c: \(n(a.c)), d: \(n(a.d)), tx: \(n(a.tx)), ty: \(n(a.ty)))"
        }
        // Applied first to last: scale, rotate, translate. `t.rotated(by:)` puts the rotation
        // before t, so the chain starts from the last part.
        var chain: [String] = []
        let hasT = p.tx != 0 || p.ty != 0, hasR = !angleIsZero(p.radians), hasS = !(nearOne(p.sx) && nearOne(p.sy))
        if hasT { chain.append("CGAffineTransform(translationX: \(n(p.tx)), y: \(n(p.ty)))") }
        if hasR { chain.append(chain.isEmpty ? "CGAffineTransform(rotationAngle: \(angle(p.radians)))" : ".rotated(by: \(angle(p.radians)))") }
        if hasS { chain.append(chain.isEmpty ? "CGAffineTransform(scaleX: \(n(p.sx)), y: \(n(p.sy)))" : ".scaledBy(x: \(n(p.sx)), y: \(n(p.sy)))") }
        return chain.isEmpty ? ".identity" : chain.joined()
    }

    /// `CATransform3D`: Make… for one part, a Rotate/Scale/Translate chain for more, a
    /// rotation about x or y, else field by field.
    static func transformExpression(_ t: Transform3D) -> String {
        if t.isIdentity { return "CATransform3DIdentity" }
        let n = ExportNumber.swift
        if let p = parts(t) {
            var expr: String? = nil
            if p.tx != 0 || p.ty != 0 { expr = "CATransform3DMakeTranslation(\(n(p.tx)), \(n(p.ty)), 0)" }
            if !angleIsZero(p.radians) {
                expr = expr.map { "CATransform3DRotate(\($0), \(angle(p.radians)), 0, 0, 1)" } ?? "CATransform3DMakeRotation(\(angle(p.radians)), 0, 0, 1)"
            }
            if !(nearOne(p.sx) && nearOne(p.sy)) {
                expr = expr.map { "CATransform3DScale(\($0), \(n(p.sx)), \(n(p.sy)), 1)" } ?? "CATransform3DMakeScale(\(n(p.sx)), \(n(p.sy)), 1)"
            }
            return expr ?? "CATransform3DIdentity"
        }
        for (x, y) in [(1.0, 0.0), (0.0, 1.0)] {
            let radians = x == 1 ? atan2(t.m23, t.m22) : atan2(-t.m13, t.m11)
            if t.isApproximatelyEqual(to: .rotation(.radians(radians), x: x, y: y, z: 0), tolerance: 1e-9) {
                return "CATransform3DMakeRotation(\(angle(radians)), \(n(x)), \(n(y)), 0)"
            }
        }
        let m = t.rowMajor
        var s = "{ var t = CATransform3DIdentity\n"
        let names = ["m11", "m12", "m13", "m14", "m21", "m22", "m23", "m24", "m31", "m32", "m33", "m34", "m41", "m42", "m43", "m44"]
        let identity = Transform3D.identity.rowMajor
        for i in 0..<16 where abs(m[i] - identity[i]) > 5e-10 { s += "    t.\(names[i]) = \(n(m[i]))\n" }
        return s + "    return t }()"
    }

    /// An angle as a person writes it: `.pi / 9` for 20°, `-.pi / 4`, `.pi * 2 / 3`, else
    /// `12.5 * .pi / 180`.
    static func angle(_ radians: Double) -> String {
        let degrees = radians * 180 / .pi
        let sign = degrees < 0 ? "-" : ""
        let d = abs(degrees)
        for q in 1...36 {
            let p = d * Double(q) / 180
            let rounded = p.rounded()
            guard rounded >= 1, abs(p - rounded) < 1e-9 * Double(q) else { continue }
            let k = Int(rounded)
            switch (k, q) {
            case (1, 1): return sign + ".pi"
            case (_, 1): return sign + ".pi * \(k)"
            case (1, _): return sign + ".pi / \(q)"
            default: return sign + ".pi * \(k) / \(q)"
            }
        }
        return "\(ExportNumber.swift(degrees)) * .pi / 180"
    }

    static func angleIsZero(_ radians: Double) -> Bool { abs(radians) < 1e-12 }
    static func nearOne(_ x: Double) -> Bool { abs(x - 1) < 1e-12 }

    /// The name as a Swift identifier: scalars that may start (continue) one by Unicode's
    /// XID rules kept, every other scalar (spaces, quotes, line breaks, controls, bidi and
    /// zero-width characters) written `_`. The name itself goes only into comments, through
    /// `SafeText.lineComment`: a file's name can never become code.
    static func identifier(_ name: String) -> String {
        var out = String.UnicodeScalarView()
        for s in name.unicodeScalars {
            let ok = !SafeText.isUnsafe(s) && (s == "_" || (out.isEmpty ? s.properties.isXIDStart : s.properties.isXIDContinue))
            out.append(ok ? s : "_")
        }
        return out.isEmpty ? "layer" : String(out)
    }
}
