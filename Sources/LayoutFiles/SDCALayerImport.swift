import Geometry
import LayerModel

/// SDCALayer's export (github.com/p-x9/SDCALayer, "Server-Driven CALayer"): a CALayer tree
/// written by Swift's `Codable` as JSON (`JSONEncoder`, pretty-printed, keys in no fixed
/// order) or YAML (Yams' `YAMLEncoder`). Each layer is
///
///     {"class": "CAShapeLayer", "layerModel": {"bounds": [[0, 0], [300, 80]],
///      "position": [170, 240], "anchorPoint": [0.5, 0.5], "transform": {"m11": 1, …, "m44": 1},
///      "sublayers": [ {"class": …, "layerModel": {…}} ], "mask": {"class": …, …}, …}}
///
/// Encodings (the library's, read from its sources): a CGPoint or CGSize is `[x, y]`, a CGRect
/// `[[x, y], [width, height]]`, a CATransform3D an object `m11 … m44` (a missing entry is 0,
/// as the library decodes it), a CGColor `{"code": "RRGGBBAA"}` (8 hex digits; files written
/// before December 2022 have 6, `RRGGBB`), a Float or CGFloat a number, a Bool `true`/`false`.
/// Every `layerModel` key is optional: a missing one keeps CALayer's default.
///
/// Geometry is the layer's own — bounds, position, anchorPoint, anchorPointZ, zPosition,
/// transform, sublayerTransform — so it maps one to one onto the model; `frame`, which the
/// library also writes, is checked against the frame the model derives (or, when bounds or
/// position is missing, used the way `-[CALayer setFrame:]` uses it). Recognised by content:
/// a JSON object or YAML mapping whose first key is `class` or `layerModel`.
public enum SDCALayerImport {
    /// The keys of a `layerModel` this reader maps onto the model; the rest go in the note as
    /// "not modelled".
    static let readKeys: Set<String> = [
        "bounds", "position", "anchorPoint", "anchorPointZ", "zPosition", "transform", "sublayerTransform",
        "frame", "isHidden", "masksToBounds", "isGeometryFlipped", "opacity", "name", "backgroundColor",
        "borderColor", "borderWidth", "contentsScale", "sublayers", "mask"
    ]

    public static func looksLike(_ text: String) -> Bool {
        let head = Substring(text.prefix(4_000))
        guard let first = head.first(where: { !$0.isWhitespace }) else { return false }
        if first == "{" {
            // The first key of the top-level object.
            guard let brace = head.firstIndex(of: "{") else { return false }
            let rest = head[head.index(after: brace)...].drop { $0.isWhitespace }
            return (rest.hasPrefix("\"class\"") || rest.hasPrefix("\"layerModel\"")) && head.contains("\"layerModel\"")
        }
        // YAML: the first content line is a top-level `class:` or `layerModel:` key.
        var sawModel = false
        var firstKey: Substring? = nil
        for line in head.split(separator: "\n", omittingEmptySubsequences: true) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") || line.hasPrefix("---") || line.hasPrefix("%") || trimmed == "\r" { continue }
            if firstKey == nil { firstKey = line }
            if line.hasPrefix("layerModel:") { sawModel = true }
        }
        guard let key = firstKey else { return false }
        return sawModel && (key.hasPrefix("class:") || key.hasPrefix("layerModel:"))
    }

    /// One layer of the file to import: its node, where it goes, and (for a mask) whose.
    private struct Pending {
        var node: SourceValue
        var parent: LayerID?
        var path: String
        var maskOf: String?
    }

    public static func importText(_ text: String, file: String, lenient: Bool) throws(LayoutError) -> ImportedDump {
        let isJSON = text.first(where: { !$0.isWhitespace }) == "{"
        let parsed =
            isJSON
            ? try JSONReader.parse(Array(text.utf8), file: file, nesting: .jsonDump)
            : try YAMLReader.parse(text, file: file, nesting: .yamlDump)
        guard let root = parsed else {
            throw LayoutError(file: file, line: 1, column: 1, message: "empty file: expected SDCALayer's {\"class\": …, \"layerModel\": {…}}")
        }
        var approximate: [(name: String, reason: String)] = []
        var builder: ImportBuilder
        // The classes first, so repeated ones are numbered #1, #2… in tree order.
        var classes: [String] = []
        var scan: [SourceValue] = [root]
        while let node = scan.popLast() {
            if case .string(let c)? = node.member("class")?.value.kind { classes.append(c) }
            guard let model = node.member("layerModel")?.value else { continue }
            scan.append(contentsOf: model.member("sublayers")?.value.elementList ?? [])
            if let mask = model.member("mask")?.value { scan.append(mask) }
        }
        builder = ImportBuilder(file: file, lenient: lenient, classNames: classes)
        /// Strict: stop here. Default: list it and go on.
        func problem(_ value: SourceValue, _ path: String, _ message: String, _ suggestion: String) throws(LayoutError) {
            try builder.problem(
                LayoutError(
                    file: file, line: value.position.line, column: value.position.column, path: path,
                    message: message, suggestion: suggestion))
        }
        var work = [Pending(node: root, parent: nil, path: "", maskOf: nil)]
        while let item = work.popLast() {
            let node = item.node
            let at = item.path.isEmpty ? "" : item.path + "."
            guard node.members != nil else {
                try problem(
                    node, item.path, "expected a layer {\"class\": …, \"layerModel\": {…}}, found \(kindName(node))",
                    "without --strict it is skipped (SDCALayer cannot read it either)")
                continue
            }
            guard case .string(let className)? = node.member("class")?.value.kind, !className.isEmpty else {
                try problem(
                    node.member("class")?.value ?? node, at + "class",
                    "a layer needs its \"class\" (\"CALayer\", \"CAShapeLayer\"…): SDCALayer drops a layer without one, with its sublayers",
                    "add \"class\": \"CALayer\"; without --strict the layer and its sublayers are skipped")
                continue
            }
            guard let model = node.member("layerModel")?.value, model.members != nil else {
                try problem(
                    node.member("layerModel")?.value ?? node, at + "layerModel",
                    "\(className): expected \"layerModel\": {…}: SDCALayer makes no layer without one",
                    "without --strict the layer and its sublayers are skipped")
                continue
            }
            let name = builder.name(forClass: className, fallback: "layer")

            let reader = FieldReader(model: model, path: at + "layerModel")
            var layer = Layer(name: name, kind: .layer)
            var printed: [String] = [], derived: [String] = [], assumed: [String] = [], extra: [String] = [], approximateReasons: [String] = []
            // Each field: read it, or (bad value) list the problem and keep CALayer's default.
            func field<T>(_ key: String, _ read: (SourceValue) -> Result<T, FieldProblem>) throws(LayoutError) -> T? {
                guard let member = model.member(key) else { return nil }
                switch read(member.value) {
                case .success(let v):
                    printed.append(key)
                    return v
                case .failure(let p):
                    try problem(
                        p.at ?? member.value, "\(reader.path).\(key)\(p.subpath)", "\(className).\(key): \(p.message)",
                        "without --strict the field is skipped and CALayer's default is used")
                    assumed.append("\(key) (CALayer's default; the file's value could not be read)")
                    return nil
                }
            }
            let bounds = try field("bounds", reader.rect)
            let position = try field("position", reader.point)
            let anchor = try field("anchorPoint", reader.point)
            let transform = try field("transform", reader.transform)
            let frame = try field("frame", reader.rect)
            if let z = try field("anchorPointZ", reader.number) { layer.anchorPointZ = z }
            if let z = try field("zPosition", reader.number) { layer.zPosition = z }
            if let t = try field("sublayerTransform", reader.transform) { layer.sublayerTransform = t }
            if let h = try field("isHidden", reader.bool) { layer.isHidden = h }
            if let m = try field("masksToBounds", reader.bool) { layer.masksToBounds = m }
            if let g = try field("isGeometryFlipped", reader.bool) { layer.isGeometryFlipped = g }
            if let o = try field("opacity", reader.number) {
                layer.opacity = min(max(o, 0), 1)
                if layer.opacity != o {
                    extra.append("opacity \(RecursiveDescriptionImporter.num(o)) clamped to \(RecursiveDescriptionImporter.num(layer.opacity))")
                }
            }
            let layerName = try field("name", reader.string)
            if let (color, alpha) = try field("backgroundColor", reader.color) {
                if alpha == 0 { extra.append("backgroundColor \(color.hex) with alpha 0: transparent, not drawn") } else { layer.backgroundColor = color }
                if alpha > 0, alpha < 255 { extra.append("backgroundColor alpha \(alpha)/255 not modelled (drawn opaque)") }
            }
            if let (color, alpha) = try field("borderColor", reader.color) {
                if alpha == 0 { extra.append("borderColor \(color.hex) with alpha 0: transparent, not drawn") } else { layer.borderColor = color }
            }
            if let w = try field("borderWidth", reader.nonNegative) { layer.borderWidth = w }
            if let scale = try field("contentsScale", reader.positive) { layer.contentsScale = scale }

            layer.anchorPoint = anchor ?? Point(x: 0.5, y: 0.5)
            if anchor == nil { assumed.append("anchorPoint (0.5, 0.5)") }
            layer.transform = transform ?? .identity
            // bounds and position as written; where one is missing and a frame is written,
            // what -[CALayer setFrame:] makes of it (defined only for an identity transform).
            var fromFrame = false
            if let f = frame, bounds == nil || position == nil, layer.transform.isIdentity {
                fromFrame = true
                layer.bounds = Rect(x: bounds?.minX ?? 0, y: bounds?.minY ?? 0, width: f.width, height: f.height)
                layer.position = Point(x: f.minX + layer.anchorPoint.x * f.width, y: f.minY + layer.anchorPoint.y * f.height)
                if bounds == nil { derived.append("bounds.size from frame") }
                if position == nil { derived.append("position from frame and anchorPoint") }
            }
            if let b = bounds { layer.bounds = b } else if !fromFrame { assumed.append("bounds (0 0; 0 0)") }
            if let p = position { layer.position = p } else if !fromFrame { assumed.append("position (0, 0)") }
            derived.append("frame \(RecursiveDescriptionImporter.rect(layer.frame))")
            if let f = frame, !fromFrame {
                let d = layer.frame
                let same = zip([d.minX, d.minY, d.width, d.height], [f.minX, f.minY, f.width, f.height]).allSatisfy { abs($0 - $1) <= 1e-6 * max(1, abs($1)) }
                if same {
                    extra.append("frame as written \(RecursiveDescriptionImporter.rect(f)): reproduced")
                } else {
                    let reason =
                        "the frame written \(RecursiveDescriptionImporter.rect(f)) differs from the one bounds, position, anchorPoint and transform give \(RecursiveDescriptionImporter.rect(d)); bounds and position kept (SDCALayer sets frame and bounds/position in no fixed order)"
                    approximateReasons.append(reason)
                    approximate.append((name, reason))
                }
            }
            // What the model does not draw, said once each.
            var notModelled: [String] = []
            for member in model.memberList where !readKeys.contains(member.key) {
                switch member.key {
                case "path":
                    let box = pathBox(member.value)
                    extra.append(
                        "path of \(box.count) element\(box.count == 1 ? "" : "s")\(box.rect.map { " within \(RecursiveDescriptionImporter.rect($0))" } ?? ""): not drawn (LayerScope's drawing has no paths)"
                    )
                case "animations":
                    let keys = member.value.memberList.map(\.key)
                    extra.append("animations not imported\(keys.isEmpty ? "" : " (\(keys.joined(separator: ", ")))")")
                case "instanceCount":
                    if case .number(let n, _) = member.value.kind {
                        extra.append("instanceCount \(RecursiveDescriptionImporter.num(n)): the replicator's copies are not drawn")
                    }
                default: notModelled.append(member.key)
                }
            }
            if !notModelled.isEmpty { extra.append("not modelled: " + notModelled.joined(separator: ", ")) }
            var header = [className]
            if let owner = item.maskOf {
                extra.insert("the mask of \(owner): kept as a hidden sublayer (LayerScope has no masks), so it is not drawn", at: 0)
                layer.isHidden = true
            }
            if let n = layerName { header.append("name '\(n.prefix(24))'") }
            layer.setImportNote(
                ImportNote(
                    identity: header, printed: printed, derived: derived, assumed: assumed,
                    remarks: extra, approximate: approximateReasons, line: node.position.line))
            if let bad = builder.unwritable(layer) {
                try problem(
                    node, item.path, "\(className): its \(bad)",
                    "without --strict the layer and its sublayers are skipped")
                continue
            }
            // The builder hangs a layer the file nests past a layout's 99 levels at the last one.
            let childParent = try builder.add(
                layer, under: item.parent, line: node.position.line, column: node.position.column,
                path: item.path, countsInExtent: false)
            if item.parent == nil {
                let f = layer.frame
                builder.include(Rect(origin: .zero, size: Size(width: max(0, f.maxX), height: max(0, f.maxY))))
            }
            // Pushed in reverse: the mask comes out after the sublayers, the sublayers in order.
            if let mask = model.member("mask")?.value, mask.kind != .null {
                work.append(Pending(node: mask, parent: childParent, path: "\(at)layerModel.mask", maskOf: name))
            }
            if let sublayers = model.member("sublayers")?.value {
                if let elements = sublayers.elements {
                    for (i, child) in elements.enumerated().reversed() {
                        work.append(Pending(node: child, parent: childParent, path: "\(at)layerModel.sublayers[\(i)]", maskOf: nil))
                    }
                } else if sublayers.kind != .null {
                    try problem(
                        sublayers, "\(at)layerModel.sublayers",
                        "\(className).sublayers: expected a list [{\"class\": …, \"layerModel\": {…}}, …], found \(kindName(sublayers))",
                        "without --strict the sublayers are skipped")
                }
            }
        }
        let form = "SDCALayer \(isJSON ? "JSON" : "YAML")"
        let count = builder.tree.count
        let notes =
            "Imported from \(file): \(count) layer\(count == 1 ? "" : "s") from SDCALayer's \(isJSON ? "JSON" : "YAML") export (github.com/p-x9/SDCALayer). "
            + "Each layer's bounds, position, anchorPoint, anchorPointZ, zPosition, transform and sublayerTransform are the file's; "
            + "a mask is kept as a hidden sublayer; paths, gradients, text, replicas and animations are not drawn (each layer's note says what it has)."
        return try builder.finish(form: form, notes: notes, approximate: approximate, empty: "no layer could be read from this SDCALayer file")
    }

    static func kindName(_ v: SourceValue) -> String {
        switch v.kind {
        case .object: return "an object"
        case .array: return "a list"
        case .string(let s): return "\"\(s.prefix(24))\""
        case .number(_, let literal): return literal
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        }
    }

    /// How many path elements, and the box around their points (where the shape is drawn,
    /// in the layer's own coordinates).
    static func pathBox(_ path: SourceValue) -> (count: Int, rect: Rect?) {
        let elements = path.member("pathElements")?.value.elementList ?? []
        var box: Rect? = nil
        for e in elements {
            for p in e.member("points")?.value.elementList ?? [] {
                guard let xy = p.elements, xy.count == 2, case .number(let x, _) = xy[0].kind, case .number(let y, _) = xy[1].kind,
                    x.isFinite, y.isFinite
                else { continue }
                let r = Rect(x: x, y: y, width: 0, height: 0)
                box = box.map { $0.union(r) } ?? r
            }
        }
        return (elements.count, box)
    }
}

/// Why a field's value cannot be used.
struct FieldProblem: Error {
    var message: String
    /// The part of the value at fault (a matrix entry), when not the whole value.
    var at: SourceValue? = nil
    var subpath = ""
}

/// Reads the library's encodings of CoreGraphics values.
private struct FieldReader {
    let model: SourceValue
    let path: String

    static let limit = RecursiveDescriptionParser.numberLimit

    func finite(_ v: SourceValue) -> Double? {
        if case .number(let n, _) = v.kind, n.isFinite, abs(n) <= Self.limit { return n }
        return nil
    }

    func number(_ v: SourceValue) -> Result<Double, FieldProblem> {
        if let n = finite(v) { return .success(n) }
        return .failure(FieldProblem(message: "expected a number within ±1e9, found \(SDCALayerImport.kindName(v))"))
    }

    func nonNegative(_ v: SourceValue) -> Result<Double, FieldProblem> {
        if let n = finite(v), n >= 0 { return .success(n) }
        return .failure(FieldProblem(message: "expected a number from 0 to 1e9, found \(SDCALayerImport.kindName(v))"))
    }

    func positive(_ v: SourceValue) -> Result<Double, FieldProblem> {
        if let n = finite(v), n > 0 { return .success(n) }
        return .failure(FieldProblem(message: "expected a number above 0, found \(SDCALayerImport.kindName(v))"))
    }

    func bool(_ v: SourceValue) -> Result<Bool, FieldProblem> {
        if case .bool(let b) = v.kind { return .success(b) }
        return .failure(FieldProblem(message: "expected true or false, found \(SDCALayerImport.kindName(v))"))
    }

    func string(_ v: SourceValue) -> Result<String, FieldProblem> {
        if case .string(let s) = v.kind { return .success(s) }
        return .failure(FieldProblem(message: "expected a string, found \(SDCALayerImport.kindName(v))"))
    }

    /// `[x, y]`.
    func pair(_ v: SourceValue) -> (Double, Double)? {
        guard let e = v.elements, e.count == 2, let x = finite(e[0]), let y = finite(e[1]) else { return nil }
        return (x, y)
    }

    func point(_ v: SourceValue) -> Result<Point, FieldProblem> {
        if let (x, y) = pair(v) { return .success(Point(x: x, y: y)) }
        return .failure(FieldProblem(message: "expected a point [x, y] (two numbers within ±1e9), found \(SDCALayerImport.kindName(v))"))
    }

    /// `[[x, y], [width, height]]`; a negative size cannot be written to a layout file.
    func rect(_ v: SourceValue) -> Result<Rect, FieldProblem> {
        guard let e = v.elements, e.count == 2, let (x, y) = pair(e[0]), let (w, h) = pair(e[1]) else {
            return .failure(FieldProblem(message: "expected a rectangle [[x, y], [width, height]] (numbers within ±1e9), found \(SDCALayerImport.kindName(v))"))
        }
        guard w >= 0, h >= 0 else {
            return .failure(
                FieldProblem(message: "a negative size (\(RecursiveDescriptionImporter.num(w)) × \(RecursiveDescriptionImporter.num(h))) is not supported"))
        }
        return .success(Rect(x: x, y: y, width: w, height: h))
    }

    /// `{"m11": …, …, "m44": …}`; a missing entry is 0 (the library decodes it so).
    func transform(_ v: SourceValue) -> Result<Transform3D, FieldProblem> {
        guard v.members != nil else {
            return .failure(FieldProblem(message: "expected a matrix {\"m11\": …, …, \"m44\": …}, found \(SDCALayerImport.kindName(v))"))
        }
        var values: [Double] = []
        for row in 1...4 {
            for column in 1...4 {
                let key = "m\(row)\(column)"
                guard let member = v.member(key) else { values.append(0); continue }
                guard let n = finite(member.value) else {
                    return .failure(
                        FieldProblem(
                            message: "\(key): expected a number within ±1e9, found \(SDCALayerImport.kindName(member.value))",
                            at: member.value, subpath: ".\(key)"))
                }
                values.append(n)
            }
        }
        guard let t = Transform3D(rowMajor: values) else { return .failure(FieldProblem(message: "expected 16 numbers")) }
        return .success(t)
    }

    /// `{"code": "RRGGBBAA"}` or (older files) `"RRGGBB"`, with or without `#`: the colour and
    /// its alpha (0…255).
    func color(_ v: SourceValue) -> Result<(Color, Int), FieldProblem> {
        guard case .string(let raw)? = v.member("code")?.value.kind else {
            return .failure(FieldProblem(message: "expected a colour {\"code\": \"RRGGBBAA\"}, found \(SDCALayerImport.kindName(v))"))
        }
        let code = raw.hasPrefix("#") ? String(raw.dropFirst()) : raw
        var digits: [Int] = []
        for c in code.unicodeScalars {
            guard let d = Int(String(c), radix: 16) else { digits = []; break }
            digits.append(d)
        }
        guard digits.count == 6 || digits.count == 8 else {
            return .failure(FieldProblem(message: "colour code \"\(raw.prefix(16))\": expected 6 or 8 hex digits (RRGGBB or RRGGBBAA)"))
        }
        func byte(_ i: Int) -> Int { digits[2 * i] * 16 + digits[2 * i + 1] }
        let color = Color(red: UInt8(byte(0)), green: UInt8(byte(1)), blue: UInt8(byte(2)))
        return .success((color, digits.count == 8 ? byte(3) : 255))
    }
}
