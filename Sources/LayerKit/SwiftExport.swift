import Geometry

/// Copy as code: Swift that reproduces a layer's geometry with CALayer / UIView API.
public enum SwiftExport {
    /// Assigns anchorPoint first, then bounds, position and transform: with the anchor set
    /// before position, the code is correct whichever anchor mode produced the state.
    public static func code(for id: LayerID, in tree: LayerTree) throws(CommandError) -> String {
        let layer = tree[id]
        let n = NumberText.query
        let v = layer.kind == .view ? "\(identifier(layer.name))" : identifier(layer.name)
        let l = layer.kind == .view ? "\(v).layer" : v
        var lines: [String] = []
        lines.append("// \(layer.name): frame \(n(layer.frame.origin.x)), \(n(layer.frame.origin.y)), \(n(layer.frame.size.width)), \(n(layer.frame.size.height)) in its superlayer")
        lines.append("\(l).anchorPoint = CGPoint(x: \(n(layer.anchorPoint.x)), y: \(n(layer.anchorPoint.y)))")
        if layer.anchorPointZ != 0 { lines.append("\(l).anchorPointZ = \(n(layer.anchorPointZ))") }
        lines.append("\(l).bounds = CGRect(x: \(n(layer.bounds.origin.x)), y: \(n(layer.bounds.origin.y)), width: \(n(layer.bounds.size.width)), height: \(n(layer.bounds.size.height)))")
        lines.append("\(l).position = CGPoint(x: \(n(layer.position.x)), y: \(n(layer.position.y)))")
        if layer.zPosition != 0 { lines.append("\(l).zPosition = \(n(layer.zPosition))") }
        lines.append("\(l).transform = \(transformExpression(layer.transform))")
        if !layer.sublayerTransform.isIdentity { lines.append("\(l).sublayerTransform = \(transformExpression(layer.sublayerTransform))") }
        return lines.joined(separator: "\n")
    }

    static func transformExpression(_ t: Transform3D) -> String {
        if t.isIdentity { return "CATransform3DIdentity" }
        let n = NumberText.exact
        let m = t.rowMajor
        var s = "{ var t = CATransform3DIdentity\n"
        let names = ["m11", "m12", "m13", "m14", "m21", "m22", "m23", "m24", "m31", "m32", "m33", "m34", "m41", "m42", "m43", "m44"]
        let identity = Transform3D.identity.rowMajor
        for i in 0..<16 where m[i] != identity[i] { s += "    t.\(names[i]) = \(n(m[i]))\n" }
        return s + "    return t }()"
    }

    static func identifier(_ name: String) -> String {
        var out = ""
        for (i, c) in name.enumerated() {
            if c.isLetter || c == "_" || (c.isNumber && i > 0) { out.append(c) } else { out.append("_") }
        }
        return out.isEmpty ? "layer" : out
    }
}
