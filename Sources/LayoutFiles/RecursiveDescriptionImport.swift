import CommandLanguage
import Scenes
import Geometry
import LayerModel
import SafeText

/// A dump turned into a scene, with what the import could only approximate and (lenient)
/// what it skipped.
public struct ImportedDump: Sendable {
    public var scene: Scene
    /// Layer name → why its geometry is approximate (printed frame kept, transform dropped).
    public var approximate: [(name: String, reason: String)]
    public var skipped: [LayoutError]
}

extension ImportedDump {
    /// Every import's scene alike (recursiveDescription, po layer, AppKit, Sentry, SDCALayer): titled
    /// with the file's name and the form read; the notes, then what was skipped (the first
    /// eight, with line and column); and a square screen on the top-level views' extent, so
    /// the root fits turned either way (portrait or landscape) — content scrolled out of it is
    /// reached by selecting it (an explicit screen also spares a pass over every layer per frame).
    init(
        file: String, form: String, notes: String, tree: LayerTree, extent: Rect,
        approximate: [(name: String, reason: String)] = [], skipped: [LayoutError]
    ) {
        var notes = notes
        if !skipped.isEmpty {
            notes +=
                "\nSkipped \(skipped.count) (--strict stops at the first): "
                + skipped.prefix(8).map { "\($0.line):\($0.column) \($0.message)" }.joined(separator: "; ")
                + (skipped.count > 8 ? "; and \(skipped.count - 8) more" : "")
        }
        let base = file.split(separator: "/").last.map(String.init) ?? file
        let side = min(max(extent.maxX, extent.maxY), RecursiveDescriptionParser.numberLimit)
        self.init(
            scene: Scene(
                title: "\(base) (\(form))", notes: notes,
                screen: side > 0 ? Size(width: side, height: side) : nil, tree: tree, script: []),
            approximate: approximate, skipped: skipped)
    }
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
    /// Imports the text as the form it reads as (`ImportForms`, in sniffing order).
    public static func importDump(_ text: String, file: String, lenient: Bool = false) throws(LayoutError) -> ImportedDump {
        try ImportForms.importText(text, file: file, lenient: lenient)
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
        // An ASCII name's characters are its bytes (no `\r\n` can hold a `.`): its last `.`
        // is found on the bytes, without breaking the name into characters.
        if let short = name.utf8.withContiguousStorageIfAvailable({ bytes -> String? in
            var dot = -1
            for (i, b) in bytes.enumerated() {
                if b >= 0x80 { return nil }
                if b == UInt8(ascii: ".") { dot = i }
            }
            return dot < 0 ? name : String(decoding: UnsafeBufferPointer(rebasing: bytes[(dot + 1)...]), as: UTF8.self)
        }), let short {
            return short
        }
        if let dot = name.lastIndex(of: ".") { return String(name[name.index(after: dot)...]) }
        return name
    }

    static func build(_ parse: DumpParse, file: String, lenient: Bool = true) throws(LayoutError) -> ImportedDump {
        var approximate: [(String, String)] = []
        let views = parse.views
        // Layers a po-layer description lists in `sublayers = (…)` that the file does not
        // describe on their own become placeholders.
        let addresses = Set(views.compactMap { $0.address })
        func references(_ v: DumpView) -> [(className: String, address: String?)] {
            v.sublayerRefs.filter { $0.address.map { !addresses.contains($0) } ?? true }
        }
        // Names: the short class name, numbered #1, #2… in the file's order when it repeats.
        // (Indices, not `for v in views`: each `DumpView` bound in a loop is a copy of a dozen
        // strings and arrays.)
        var classNames: [String] = []
        classNames.reserveCapacity(views.count)
        for i in views.indices {
            classNames.append(views[i].className)
            if !views[i].sublayerRefs.isEmpty { classNames += references(views[i]).map(\.className) }
        }
        var builder = ImportBuilder(file: file, lenient: lenient, classNames: classNames)
        builder.listed(parse.skipped)
        var kinds = (views: 0, containers: 0, layerLines: 0, layers: 0)
        /// One layer to add: a view's, or a placeholder for a listed sublayer.
        struct Node {
            var layer: Layer
            var line: Int
            var column: Int
            var path: String
            var parent: Int?
            var children: [Int] = []
            var countsInExtent = false
        }
        var nodes: [Node] = []
        nodes.reserveCapacity(views.count)
        var stack: [(depth: Int, node: Int)] = []
        // `po` layers printed one after another: address → the top-level layer's node, so a
        // layer another one lists in `sublayers = (…)` can be nested under it.
        var describedRoots: [String: Int] = [:]
        for v in views {
            let name = builder.name(forClass: v.className, fallback: "view")
            var (layer, reason) = reconstruct(v, name: name)
            // What is written must reopen: every number within what a layout file holds.
            if !v.unread, let bad = builder.unwritable(layer) {
                try builder.problem(
                    LayoutError(
                        file: file, line: v.line, column: v.column, path: "view \(v.className)",
                        message: "rebuilt from its printed values, this view's \(bad)",
                        suggestion: "without --strict it is kept as a container of unknown geometry, so its subviews keep their place"))
                var placeholder = v
                placeholder.unread = true
                placeholder.frameTokens = []
                (layer, reason) = reconstruct(placeholder, name: name)
            }
            if let reason { approximate.append((name, reason)) }
            switch (layer.kind, v.hasFrame || v.isLayerDescription) {
            case (.view, true): kinds.views += 1
            case (.view, false): kinds.containers += 1
            case (.layer, _): if v.isLayerLine { kinds.layerLines += 1 } else { kinds.layers += 1 }
            }
            while let top = stack.last, top.depth >= v.depth { stack.removeLast() }
            let parent = stack.last?.node
            let index = nodes.count
            nodes.append(Node(layer: layer, line: v.line, column: v.column, path: name, parent: parent, countsInExtent: parent == nil))
            if let parent { nodes[parent].children.append(index) }
            stack.append((v.depth, index))
            if v.isLayerDescription, parent == nil, let address = v.address { describedRoots[address] = index }
            for r in references(v) {
                var placeholder = Layer(name: builder.name(forClass: r.className, fallback: "layer"), kind: .layer)
                placeholder.isHidden = true
                placeholder.note =
                    "\(r.className)\(r.address.map { " \($0)" } ?? ""); listed in the sublayers of \(name) (line \(v.line)); geometry not printed (hidden here, so it is not drawn)"
                nodes.append(Node(layer: placeholder, line: v.line, column: v.column, path: placeholder.name, parent: index))
                nodes[index].children.append(nodes.count - 1)
                kinds.layerLines += 1
            }
        }
        // A described layer listed in another's `sublayers = (…)` goes under it, as in the app
        // (its position is in that layer's coordinates), after what the file nests under it.
        // Never under itself or its own subtree: a layer listed this way is the root of its
        // own tree until then, so "child is above parent" is "child is parent's root", found
        // with union–find (a 100 000-layer dump costs no walk up a chain per layer).
        var root = Array(0..<nodes.count)
        func find(_ x: Int) -> Int {
            var r = x
            while root[r] != r { r = root[r] }
            var y = x
            while root[y] != r { let next = root[y]; root[y] = r; y = next }
            return r
        }
        for i in views.indices where views[i].isLayerDescription {
            guard let address = views[i].address, let parent = describedRoots[address] else { continue }
            for ref in views[i].sublayerRefs {
                guard let a = ref.address, let child = describedRoots[a], child != parent,
                    nodes[child].parent == nil, find(parent) != child
                else { continue }
                nodes[child].parent = parent
                nodes[parent].children.append(child)
                root[child] = parent
            }
        }
        // Added parents first, in one pass (the builder hangs what nests too deep at the last level).
        var work: [(node: Int, parent: LayerID?)] = nodes.indices.reversed().filter { nodes[$0].parent == nil }.map { ($0, nil) }
        while let (index, parent) = work.popLast() {
            let node = nodes[index]
            let id = try builder.add(
                node.layer, under: parent, line: node.line, column: node.column, path: node.path,
                countsInExtent: node.countsInExtent)
            for child in node.children.reversed() { work.append((child, id)) }
        }
        var counted: [String] = []
        if kinds.views > 0 { counted.append("\(kinds.views) view\(kinds.views == 1 ? "" : "s")") }
        if kinds.layers > 0 { counted.append("\(kinds.layers) layer\(kinds.layers == 1 ? "" : "s") (po layer)") }
        if kinds.containers > 0 { counted.append("\(kinds.containers) of unknown geometry (no frame printed)") }
        if kinds.layerLines > 0 { counted.append("\(kinds.layerLines) sublayer\(kinds.layerLines == 1 ? "" : "s") listed without geometry") }
        var notes = "Imported from \(file): " + counted.joined(separator: ", ") + "."
        if !approximate.isEmpty {
            notes +=
                "\nApproximate: "
                + approximate.prefix(8).map { "\($0.0) (\($0.1))" }.joined(separator: "; ")
                + (approximate.count > 8 ? "; and \(approximate.count - 8) more" : "")
        }
        return try builder.finish(
            form: views.contains { $0.isLayerDescription } ? "po layer" : "recursiveDescription",
            notes: notes, approximate: approximate)
    }

    /// What would stop the rebuilt layer from being saved and read back, as the end of a
    /// sentence: a saved number past ±1e9 or not finite (the layout decoder's own check), or a
    /// value a declaration's constraint refuses ("bounds 0 0 -140.5 29 has a negative width or
    /// height, which a layout file refuses"); nil when nothing would. Every importer asks
    /// before adding a layer.
    static func unwritable(_ layer: Layer) -> String? {
        if let (key, value) = LayoutDecoder.unsavableNumber(in: layer) {
            return "\(key) (\(value)) is past the ±1e9 a layout file can hold"
        }
        for declaration in constrainedDeclarations {
            guard let value = declaration.value(of: layer), declaration.violates(value) else { continue }
            let rule: String
            switch declaration.constraint {
            case .unitInterval?: rule = "is not between 0 and 1"
            case .nonNegative?: rule = "is negative"
            case .nonNegativeSize?: rule = "has a negative width or height"
            case .positive?, nil: rule = "is not positive"
            }
            return "\(declaration.spelling(for: layer.kind).rawValue) \(value.text) \(rule), which a layout file refuses"
        }
        return nil
    }

    /// The saved declarations with a constraint, in `PropertyDeclaration.all`'s order (picked
    /// once, not per imported layer).
    static let constrainedDeclarations = PropertyDeclaration.all.filter { $0.isSaved && $0.constraint != nil }

    /// Short number text for notes.
    static func num(_ x: Double) -> String { NumberText.short(x) }
    static func pt(_ p: Point) -> String { "(\(num(p.x)), \(num(p.y)))" }
    static func rect(_ r: Rect) -> String { "(\(num(r.minX)) \(num(r.minY)); \(num(r.width)) \(num(r.height)))" }

    /// The view's layer, and why it is approximate (nil when every printed value is reproduced).
    /// The layer's note says what was printed, what derived, what assumed.
    public static func reconstruct(_ v: DumpView, name: String) -> (Layer, String?) {
        var layer = Layer(name: name, kind: v.isLayerLine || v.isLayerDescription ? .layer : .view)
        var header: [String] = [v.className + (v.address.map { " \($0)" } ?? "")]
        if let base = v.baseClass { header.append("baseClass \(base)") }
        if let cls = v.layerClass, cls != "CALayer" { header.append("layer \(cls)") }
        if let tag = v.tag { header.append("tag \(tag)") }
        if !v.isOpaque { header.append("opaque NO") }
        if let text = v.text, !text.isEmpty { header.append("text '\(text.prefix(24))'") }
        if let n = v.layerName { header.append("name '\(n.prefix(24))'") }
        var derived: [String] = [], assumed: [String] = []
        func finish(_ reason: String?, extra: [String] = []) -> (Layer, String?) {
            layer.setImportNote(
                ImportNote(
                    identity: header, printed: v.printedKeys, derived: derived, assumed: assumed,
                    remarks: extra, approximate: reason.map { [$0] } ?? [], line: v.line))
            return (layer, reason)
        }
        if v.isLayerLine {
            layer.isHidden = true
            return finish(nil, extra: ["a sublayer UIKit lists without geometry: geometry not printed (hidden here, so it is not drawn)"])
        }
        layer.opacity = min(max(v.alpha, 0), 1)
        if let bad = v.unusableAlpha { assumed.append("alpha 1 (printed \(bad))") }
        layer.isHidden = v.isHidden
        layer.masksToBounds = v.clipsToBounds
        layer.isUserInteractionEnabled = v.isUserInteractionEnabled
        layer.autoresizingMask = v.autoresizingMask ?? []
        if !v.unread, v.isLayerDescription, let position = v.position, let bounds = v.bounds {
            // `po someLayer`: the layer's own geometry, as printed.
            layer.bounds = bounds
            layer.position = position
            if let a = v.anchorPoint { layer.anchorPoint = a } else { assumed.append("anchorPoint (0.5, 0.5)") }
            if let z = v.zPosition { layer.zPosition = z }
            if let z = v.anchorPointZ { layer.anchorPointZ = z }
            if let t = v.transform, let m = matrix(t) { layer.transform = m }
            if let t = v.sublayerTransform, let m = matrix(t) { layer.sublayerTransform = m }
            if let f = v.isGeometryFlipped { layer.isGeometryFlipped = f }
            derived.append("frame \(rect(layer.frame))")
            var extra: [String] = []
            if let cls = v.delegateClass {
                if !v.delegateFrameTokens.isEmpty {
                    let f = layer.frame
                    let ok = zip([f.minX, f.minY, f.width, f.height], v.delegateFrameTokens).allSatisfy { matchesPrinted($0, $1) }
                    extra.append(
                        "delegate \(cls) frame (\(v.delegateFrameTokens.joined(separator: " "))) " + (ok ? "reproduced" : "DIFFERS from the derived frame"))
                } else {
                    extra.append("delegate \(cls)")
                }
            }
            return finish(nil, extra: extra)
        }
        guard v.hasFrame else {
            // A frameless parent (or a line that could not be read): its subviews keep their
            // place under it; it sits at its superview's origin with no size.
            return finish(
                nil,
                extra: [
                    v.unread
                        ? "this line could not be read (see the scene's notes): kept as a container of unknown geometry so what is nested under it keeps its parent"
                        : "frame not printed: a container of unknown geometry (placed at its superview's origin, size 0)"
                ])
        }
        let anchor = v.anchorPoint ?? Point(x: 0.5, y: 0.5)
        if v.anchorPoint == nil { assumed.append("anchorPoint (0.5, 0.5)") }
        layer.anchorPoint = anchor
        let f = v.frame.standardized
        let printed = PrintedFrame(v)
        let offset = v.contentOffset ?? .zero
        if v.contentOffset == nil { assumed.append("bounds.origin (0, 0)") } else { derived.append("bounds.origin \(pt(offset)) from contentOffset") }
        /// Places the layer so its derived frame's origin is the printed one (the frame's
        /// origin moves with position one for one, whatever the transform).
        func place(_ l: inout Layer) {
            l.position = .zero
            let d = l.frame
            l.position = Point(x: f.minX - d.minX, y: f.minY - d.minY)
        }
        func done(_ l: Layer, _ reason: String?) -> (Layer, String?) {
            layer = l
            derived.insert(contentsOf: ["bounds \(rect(l.bounds))", "\(l.kind == .view ? "center" : "position") \(pt(l.position))"], at: 0)
            return finish(reason)
        }
        guard let t = v.transform, let m = matrix(t), !m.isIdentity else {
            layer.bounds = Rect(origin: offset, size: Size(width: f.width, height: f.height))
            layer.position = Point(x: f.minX + anchor.x * f.width, y: f.minY + anchor.y * f.height)
            return done(layer, checked(layer, v, printed))
        }
        layer.transform = m
        // The bounds size from the linear part: |a|·w + |c|·h = fw, |b|·w + |d|·h = fh.
        let (a, b, c, d) = (m.m11, m.m12, m.m21, m.m22)
        let det = abs(a) * abs(d) - abs(c) * abs(b)
        var w: Double, h: Double
        var reason: String? = nil
        let scale = max(abs(a) * abs(d), abs(c) * abs(b), 1e-300)
        if abs(det) <= 1e-9 * scale {
            let sum = abs(a) + abs(c)
            guard sum > 0 else {
                layer.transform = .identity
                layer.bounds = Rect(origin: offset, size: Size(width: f.width, height: f.height))
                layer.position = Point(x: f.minX + anchor.x * f.width, y: f.minY + anchor.y * f.height)
                return done(layer, "singular transform: the view has no area; printed frame kept, transform dropped")
            }
            w = f.width / sum; h = w
            reason = "transform at 45°: only width + height is known from the frame; a square is assumed"
        } else {
            w = (f.width * abs(d) - f.height * abs(c)) / det
            h = (f.height * abs(a) - f.width * abs(b)) / det
        }
        w = max(0, w); h = max(0, h)
        layer.bounds = Rect(origin: offset, size: Size(width: w, height: h))
        place(&layer)
        if !m.isAffine || m.m14 != 0 || m.m24 != 0 || m.m44 != 1, !printed.matches(layer) {
            // Perspective or a 3D rotation: the frame is not linear in the bounds; solve
            // numerically for (w, h, position) so the derived frame prints as printed.
            solveNumerically(&layer, v)
        }
        // The printed digits are rounded, so the solution carries their error (99.99977 for a
        // 100-point view): keep the roundest bounds and position, to 0…6 decimals, whose frame
        // still prints as printed.
        let exact = layer
        for decimals in 0...6 {
            var candidate = exact
            func round(_ x: Double) -> Double {
                var scale = 1.0
                for _ in 0..<decimals { scale *= 10 }
                return (x * scale).rounded() / scale
            }
            candidate.bounds = Rect(origin: offset, size: Size(width: max(0, round(exact.bounds.width)), height: max(0, round(exact.bounds.height))))
            candidate.position = Point(x: round(exact.position.x), y: round(exact.position.y))
            if printed.matches(candidate) { return done(candidate, reason) }
        }
        if let r = checked(exact, v, printed) { return done(exact, r) }
        return done(exact, reason)
    }

    /// 6 numbers (`[a, b, c, d, tx, ty]`) or 16 (row major) as a matrix.
    static func matrix(_ t: [Double]) -> Transform3D? {
        if t.count == 6 { return Transform3D(Affine2D(a: t[0], b: t[1], c: t[2], d: t[3], tx: t[4], ty: t[5])) }
        if t.count == 16 { return Transform3D(rowMajor: t) }
        return nil
    }

    /// Newton's method on (w, h, x, y) against the printed frame, with a numerical Jacobian.
    static func solveNumerically(_ layer: inout Layer, _ v: DumpView) {
        let target = v.frame.standardized
        func residual(_ x: [Double]) -> [Double]? {
            var l = layer
            l.bounds.size = Size(width: max(0, x[0]), height: max(0, x[1]))
            l.position = Point(x: x[2], y: x[3])
            let f = l.frame
            let r = [f.minX - target.minX, f.minY - target.minY, f.width - target.width, f.height - target.height]
            return r.allSatisfy(\.isFinite) ? r : nil
        }
        var x = [layer.bounds.width, layer.bounds.height, layer.position.x, layer.position.y]
        guard var r = residual(x) else { return }
        for _ in 0..<60 {
            let norm = r.map { $0 * $0 }.reduce(0, +)
            if norm < 1e-20 { break }
            // Jacobian by central differences.
            var j = [[Double]](repeating: [Double](repeating: 0, count: 4), count: 4)
            for k in 0..<4 {
                let step = max(1e-6, abs(x[k]) * 1e-7)
                var xp = x, xm = x
                xp[k] += step; xm[k] -= step
                guard let rp = residual(xp), let rm = residual(xm) else { return }
                for i in 0..<4 { j[i][k] = (rp[i] - rm[i]) / (2 * step) }
            }
            guard let dx = solve4(j, r.map { -$0 }) else { return }
            // Damped: halve the step until the residual shrinks.
            var factor = 1.0
            var improved = false
            for _ in 0..<20 {
                let candidate = zip(x, dx).map { $0 + factor * $1 }
                if let rc = residual(candidate), rc.map({ $0 * $0 }).reduce(0, +) < norm {
                    x = candidate; r = rc; improved = true
                    break
                }
                factor /= 2
            }
            if !improved { break }
        }
        layer.bounds.size = Size(width: max(0, x[0]), height: max(0, x[1]))
        layer.position = Point(x: x[2], y: x[3])
    }

    /// Gaussian elimination with partial pivoting; nil when singular.
    static func solve4(_ a: [[Double]], _ b: [Double]) -> [Double]? {
        var m = a, y = b
        let n = 4
        for col in 0..<n {
            var pivot = col
            for row in col..<n where abs(m[row][col]) > abs(m[pivot][col]) { pivot = row }
            guard abs(m[pivot][col]) > 1e-12 else { return nil }
            m.swapAt(col, pivot); y.swapAt(col, pivot)
            for row in (col + 1)..<n {
                let f = m[row][col] / m[col][col]
                for k in col..<n { m[row][k] -= f * m[col][k] }
                y[row] -= f * y[col]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var sum = y[row]
            for k in (row + 1)..<n { sum -= m[row][k] * x[k] }
            x[row] = sum / m[row][row]
        }
        return x
    }

    /// nil when the engine's derived frame equals the printed one to the printed precision,
    /// else the reason.
    static func checked(_ layer: Layer, _ v: DumpView, _ printed: PrintedFrame? = nil) -> String? {
        if (printed ?? PrintedFrame(v)).matches(layer) { return nil }
        return "derived frame \(fmt(layer.frame)) differs from the printed (\(v.frameTokens.joined(separator: " ")))"
    }

    /// A view's printed frame numbers, each with how far a derived value may be from it and
    /// still print as it (`matchesPrinted`, worked out once a view rather than once a try).
    struct PrintedFrame {
        /// nil for a token that is not a number (nothing matches it).
        let numbers: [(printed: Double, slack: Double)?]

        init(_ v: DumpView) {
            numbers = v.frameTokens.map { token in
                guard let printed = PrintedNumber.value(token) else { return nil }
                return (printed, RecursiveDescriptionImporter.printedTolerance(token, value: printed) + 1e-9 * max(1, abs(printed)))
            }
        }

        /// `matchesPrinted` for each of the derived frame's x, y, width and height.
        func matches(_ layer: Layer) -> Bool {
            let d = layer.frame
            for (value, number) in zip([d.minX, d.minY, d.width, d.height], numbers) {
                guard let number, abs(value - number.printed) <= number.slack else { return false }
            }
            return true
        }
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
        return printedTolerance(token, value: v)
    }

    /// `printedTolerance` of a token already read as `v`.
    static func printedTolerance(_ token: String, value v: Double) -> Double {
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

/// Layer names from class names, as every importer gives them: the short class name
/// (`shortClassName`), numbered #1, #2… in tree order when the file has it more than once, a
/// prime added while a name is taken. Spaces, controls and invisible characters are left out
/// (a mangled or damaged dump can have them; a name must be visible and not blank), and a
/// class name with nothing else gives `fallback`.
struct ImportedNames {
    private var counts: [String: Int] = [:]
    private var seen: [String: Int] = [:]

    /// Every class name the import will name a layer after, to know which repeat.
    init(classNames: some Sequence<String>) {
        for name in classNames { counts[RecursiveDescriptionImporter.shortClassName(name), default: 0] += 1 }
    }

    mutating func next(forClass className: String, fallback: String, isTaken: (String) -> Bool) -> String {
        let short = RecursiveDescriptionImporter.shortClassName(className)
        let base: String
        if !short.isEmpty, short.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) {
            base = short  // visible ASCII: nothing to leave out
        } else {
            let kept = short.unicodeScalars.filter { !SafeText.isUnsafe($0) && !$0.properties.isWhitespace }
            base = kept.isEmpty ? fallback : String(String.UnicodeScalarView(kept))
        }
        var name = base
        if counts[short, default: 0] > 1 {
            seen[short, default: 0] += 1
            name = "\(base)#\(seen[short]!)"
        }
        while isTaken(name) { name += "'" }
        return name
    }
}
