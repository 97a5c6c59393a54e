import Foundation
import Mutation
import Geometry
import Testing
import LayerModel
import LayoutFiles

/// A JSON value read with Foundation's `JSONDecoder` (independent of the importer's reader).
indirect enum JSONValue: Decodable, Equatable {
    case bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue]), null

    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let n = try? c.decode(Double.self) {
            self = .number(n)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([JSONValue].self) {
            self = .array(a)
        } else {
            self = .object(try c.decode([String: JSONValue].self))
        }
    }

    static func parse(_ text: String) throws -> JSONValue { try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) }

    subscript(key: String) -> JSONValue? { if case .object(let o) = self { return o[key] }; return nil }
    var number: Double? { if case .number(let n) = self { return n }; return nil }
    var array: [JSONValue]? { if case .array(let a) = self { return a }; return nil }
    var bool: Bool? { if case .bool(let b) = self { return b }; return nil }
    var string: String? { if case .string(let s) = self { return s }; return nil }
    var pair: [Double]? { array?.compactMap(\.number) }

    /// Block-style YAML as Yams' `YAMLEncoder` writes it (`key:` then `- - 0` for a list of
    /// lists), keys sorted, strings double-quoted.
    func yaml(indent: Int = 0) -> [String] {
        let pad = String(repeating: " ", count: indent)
        func scalar(_ v: JSONValue) -> String? {
            switch v {
            case .bool(let b): return b ? "true" : "false"
            case .number(let n): return n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : "\(n)"
            case .string(let s): return "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
            case .null: return "null"
            case .array(let a) where a.isEmpty: return "[]"
            case .object(let o) where o.isEmpty: return "{}"
            default: return nil
            }
        }
        var out: [String] = []
        switch self {
        case .object(let o):
            for key in o.keys.sorted() {
                let v = o[key]!
                if let s = scalar(v) { out.append("\(pad)\(key): \(s)"); continue }
                out.append("\(pad)\(key):")
                if case .object = v { out += v.yaml(indent: indent + 2) } else { out += v.yaml(indent: indent) }
            }
        case .array(let a):
            for v in a {
                if let s = scalar(v) { out.append("\(pad)- \(s)"); continue }
                var sub = v.yaml(indent: indent + 2)
                sub[0] = pad + "- " + sub[0].dropFirst(indent + 2)
                out += sub
            }
        default:
            out.append(pad + (scalar(self) ?? ""))
        }
        return out
    }
}

/// One layer of an SDCALayer file, in the order the importer adds them: the layer, its
/// sublayers, then its mask.
struct SDCANode {
    var depth: Int
    var className: String
    var model: JSONValue
    var isMask: Bool
}

func sdcaNodes(_ text: String) throws -> [SDCANode] {
    var out: [SDCANode] = []
    var work: [(JSONValue, Int, Bool)] = [(try JSONValue.parse(text), 0, false)]
    while let (node, depth, isMask) = work.popLast() {
        let model = try #require(node["layerModel"])
        out.append(SDCANode(depth: depth, className: try #require(node["class"]?.string), model: model, isMask: isMask))
        if let mask = model["mask"] { work.append((mask, depth + 1, true)) }
        for s in (model["sublayers"]?.array ?? []).reversed() { work.append((s, depth + 1, false)) }
    }
    return out
}

/// Every layer's geometry as the file writes it: bounds, position, anchorPoint, anchorPointZ,
/// zPosition, transform and sublayerTransform (m11 … m44; a missing entry is 0, as SDCALayer
/// decodes it), the flags and opacity — CALayer's defaults where a key is absent — and the
/// written `frame` equals the frame the model derives.
func expectSDCALayerGeometry(_ file: String, _ text: String, _ tree: LayerTree) throws {
    let nodes = try sdcaNodes(text)
    try #require(nodes.count == tree.count)
    for (id, node) in zip(tree.treeOrder, nodes) {
        let layer = tree[id], m = node.model, at = "\(file) \(layer.name)"
        #expect(layer.kind == .layer)
        #expect(layer.note?.hasPrefix(node.className) == true, "\(at)")
        let b = m["bounds"]?.array?.compactMap(\.pair) ?? [[0, 0], [0, 0]]
        #expect(layer.bounds == Rect(x: b[0][0], y: b[0][1], width: b[1][0], height: b[1][1]), "\(at) bounds")
        let p = m["position"]?.pair ?? [0, 0]
        #expect(layer.position == Point(x: p[0], y: p[1]), "\(at) position")
        let a = m["anchorPoint"]?.pair ?? [0.5, 0.5]
        #expect(layer.anchorPoint == Point(x: a[0], y: a[1]), "\(at) anchorPoint")
        #expect(layer.anchorPointZ == m["anchorPointZ"]?.number ?? 0 && layer.zPosition == m["zPosition"]?.number ?? 0, "\(at)")
        for (key, matrix) in [("transform", layer.transform), ("sublayerTransform", layer.sublayerTransform)] {
            guard let t = m[key] else { #expect(matrix == .identity, "\(at) \(key)"); continue }
            let entries = (1...4).flatMap { r in (1...4).map { c in t["m\(r)\(c)"]?.number ?? 0 } }
            #expect(matrix.rowMajor == entries, "\(at) \(key)")
        }
        #expect(layer.isHidden == (node.isMask || m["isHidden"]?.bool == true), "\(at) hidden")
        #expect(layer.masksToBounds == (m["masksToBounds"]?.bool ?? false) && layer.isGeometryFlipped == (m["isGeometryFlipped"]?.bool ?? false))
        #expect(layer.opacity == m["opacity"]?.number ?? 1, "\(at) opacity")
        if let f = m["frame"]?.array?.compactMap(\.pair) {
            #expect(layer.frame.isApproximatelyEqual(to: Rect(x: f[0][0], y: f[0][1], width: f[1][0], height: f[1][1]), tolerance: 1e-9), "\(at) frame")
            #expect(layer.note?.contains("reproduced") == true)
        }
    }
}

@Suite("SDCALayer's JSON/YAML export")
struct SDCALayerImportTests {
    static let corpus = ["44-sdcalayer-star-fe53ff9.json", "45-sdcalayer-star-b8bd850.json", "46-sdcalayer-star-5987f80.json", "47-sdcalayer-anim.json"]
    static let synthetic = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Synthetic")

    func imported(_ name: String) throws -> ImportedDump {
        try RecursiveDescriptionImporter.importDump(try dumpText(name), file: name)
    }

    @Test("Recognised by content: the first key is class or layerModel, in JSON or YAML")
    func recognition() throws {
        for name in Self.corpus { #expect(SDCALayerImport.looksLike(try dumpText(name)), "\(name)") }
        #expect(SDCALayerImport.looksLike("class: CALayer\nlayerModel:\n  position:\n  - 1\n  - 2\n"))
        #expect(SDCALayerImport.looksLike("# exported\n---\nlayerModel:\n  bounds: []\nclass: CALayer\n"))
        // A layout file, Sentry's JSON and a dump are not SDCALayer.
        #expect(!SDCALayerImport.looksLike("{\"layers\": [{\"name\": \"class\", \"note\": \"layerModel\"}]}"))
        #expect(!SDCALayerImport.looksLike("layers:\n- name: layerModel\n"))
        #expect(!SDCALayerImport.looksLike(try dumpText("41-sentry-view-hierarchy-window.json")))
        #expect(!SDCALayerImport.looksLike(try dumpText("01-pointfree-uiview.txt")))
    }

    @Test("The first star.json (5 levels): frames, nesting and masks, worked by hand")
    func firstStar() throws {
        let dump = try imported("44-sdcalayer-star-fe53ff9.json")
        let tree = dump.scene.tree
        #expect(dump.scene.title == "44-sdcalayer-star-fe53ff9.json (SDCALayer JSON)")
        // Root: bounds 300×80 at position (170, 240), anchor (0.5, 0.5): frame origin
        // (170 − 150, 240 − 40) = (20, 200), the "frame" the file writes.
        let root = tree[try #require(tree.id(named: "CAShapeLayer#1"))]
        #expect(root.frame == Rect(x: 20, y: 200, width: 300, height: 80))
        // The note names what the file gave, what was derived from it, and what is not modelled.
        #expect(
            root.note?.hasPrefix(
                "CAShapeLayer; printed: bounds, position, anchorPoint, transform, frame, anchorPointZ, zPosition, sublayerTransform, isHidden, masksToBounds, isGeometryFlipped, opacity, borderColor, borderWidth; derived: frame (20 200; 300 80); frame as written (20 200; 300 80): reproduced; not modelled: allowsEdgeAntialiasing"
            ) == true)
        // The fourth 60×80 cell: position (210, 40) in a 300×80 layer at the root's origin:
        // frame x = 210 − 30 = 180; on screen 20 + 0 + 180 = 200, 200 + 0 + 0 = 200.
        let cell = try #require(tree.id(named: "CALayer#5"))
        #expect(tree[cell].frame == Rect(x: 180, y: 0, width: 60, height: 80))
        #expect(tree.convert(Point(x: 0, y: 0), from: cell, to: nil) == Point(x: 200, y: 200))
        // Each cell: two shape layers, the first with a mask kept as its hidden sublayer.
        #expect(tree[cell].sublayers.map { tree[$0].name } == ["CAShapeLayer#11", "CAShapeLayer#13"])
        let mask = tree[try #require(tree.id(named: "CAShapeLayer#12"))]
        #expect(mask.isHidden && mask.superlayer == tree.id(named: "CAShapeLayer#11"))
        #expect(mask.note?.contains("the mask of CAShapeLayer#11") == true)
        // 6-digit colours (RRGGBB): the 300×80 row has borderColor "FF0000", borderWidth 1;
        // the cells "000000", width 0.
        let row = tree[try #require(tree.id(named: "CALayer#1"))]
        #expect(row.borderColor == Color(red: 255, green: 0, blue: 0) && row.borderWidth == 1)
        #expect(tree[cell].borderColor == Color(red: 0, green: 0, blue: 0) && tree[cell].borderWidth == 0)
        #expect(dump.skipped.isEmpty && dump.approximate.isEmpty)
        // Square screen on the root's extent: max(20 + 300, 200 + 80) = 320.
        #expect(dump.scene.screen == Size(width: 320, height: 320))
    }

    @Test("Layers without bounds or position keep CALayer's defaults, and the note says what was assumed and not drawn")
    func simplerStar() throws {
        let tree = try imported("46-sdcalayer-star-5987f80.json").scene.tree
        let shape = tree[try #require(tree.id(named: "CAShapeLayer#2"))]
        #expect(shape.bounds == .zero && shape.position == .zero)
        let note = try #require(shape.note)
        #expect(note.contains("assumed: anchorPoint (0.5, 0.5), bounds (0 0; 0 0), position (0, 0)"))
        // The star's points run from x 7.3415… to 292.658… and y 0 to 271.35…: the note gives
        // that box, 285.3169… × 271.3525… (292.65847744427299 − 7.341522556 = 285.316954888).
        #expect(note.contains("path of 37 elements within (7.341522556 0; 285.316954889 271.352549156)"))
        #expect(note.contains("not drawn (LayerScope's drawing has no paths)"))
        let gradient = try #require(tree.id(named: "CAGradientLayer"))
        #expect(tree[gradient].note?.contains("not modelled: allowsEdgeAntialiasing, colors, allowsGroupOpacity") == true)
        #expect(tree[try #require(tree.id(named: "CAShapeLayer#1"))].superlayer == gradient)
    }

    @Test("anim.json: colour with alpha, opacity 0, a replicator and its animations named in the notes")
    func anim() throws {
        let tree = try imported("47-sdcalayer-anim.json").scene.tree
        let replicator = tree[try #require(tree.id(named: "CAReplicatorLayer"))]
        // position (196.5, 426), bounds 200×200: frame origin (96.5, 326).
        #expect(replicator.frame == Rect(x: 96.5, y: 326, width: 200, height: 200))
        #expect(replicator.note?.contains("instanceCount 3: the replicator's copies are not drawn") == true)
        let dot = tree[try #require(tree.id(named: "CALayer"))]
        // "FF00FFFF": red FF, green 00, blue FF, alpha FF.
        #expect(dot.backgroundColor == Color(red: 255, green: 0, blue: 255))
        #expect(dot.opacity == 0)
        #expect(dot.note?.contains("animations not imported (ripple)") == true)
    }

    @Test("The YAML form (as Yams writes it) imports the same layers as the JSON", arguments: corpus)
    func yaml(_ name: String) throws {
        let json = try dumpText(name)
        let yaml = try JSONValue.parse(json).yaml().joined(separator: "\n") + "\n"
        #expect(SDCALayerImport.looksLike(yaml))
        let a = try RecursiveDescriptionImporter.importDump(json, file: "s.json").scene.tree
        let b = try RecursiveDescriptionImporter.importDump(yaml, file: "s.yaml")
        #expect(b.scene.title == "s.yaml (SDCALayer YAML)")
        try #require(a.count == b.scene.tree.count)
        for (x, y) in zip(a.treeOrder, b.scene.tree.treeOrder) {
            // Notes name lines, which differ; every property else is the same.
            var l = a[x].unlinked, r = b.scene.tree[y].unlinked
            l.note = nil; r.note = nil; l.importNote = nil; r.importNote = nil
            #expect(l == r, "\(name) \(l.name)")
            #expect(a.depth(of: x) == b.scene.tree.depth(of: y))
        }
        try expectSDCALayerGeometry(name, json, b.scene.tree)
    }

    @Test("Saved and reopened (JSON and YAML) the scene is the same, and it passes check's reader", arguments: corpus)
    func roundTrip(_ name: String) throws {
        let scene = try imported(name).scene
        for format in [LayoutFormat.json, .yaml] {
            let back = try LayoutFile.parse(LayoutFile.encode(scene, format: format), file: "back", format: format)
            #expect(LayoutFile.difference(between: scene, and: back) == nil, "\(name) \(format)")
        }
    }

    @Test("A broken file (synthetic): by default bad fields are skipped and listed; --strict stops at the first with its line and column")
    func broken() throws {
        let name = "synthetic-sdcalayer-bad-values.json"
        let text = try String(contentsOf: Self.synthetic.appendingPathComponent(name), encoding: .utf8)
        // Where each problem is, found in the text (1-based line and column).
        func place(_ needle: String) throws -> (Int, Int) {
            let r = try #require(text.range(of: needle))
            let before = text[..<r.lowerBound]
            let line = before.filter { $0 == "\n" }.count + 1
            let column = before.split(separator: "\n", omittingEmptySubsequences: false).last!.unicodeScalars.count + 1
            return (line, column)
        }
        let badBounds = try place("[[0, 0], [40]]")
        let noClass = try place("{\"layerModel\": {\"bounds\": [[0, 0], [10, 10]]}}")
        let badM41 = try place("\"x\"")
        do {
            _ = try RecursiveDescriptionImporter.importDump(text, file: name, lenient: false)
            Issue.record("expected --strict to stop")
        } catch {
            #expect(error.line == badBounds.0 && error.column == badBounds.1, "\(error.description)")
            #expect(error.path == "layerModel.sublayers[0].layerModel.bounds")
            #expect(error.message.contains("expected a rectangle [[x, y], [width, height]]"))
        }
        let dump = try RecursiveDescriptionImporter.importDump(text, file: name, lenient: true)
        #expect(dump.skipped.map { [$0.line, $0.column] } == [[badBounds.0, badBounds.1], [noClass.0, noClass.1], [badM41.0, badM41.1]])
        #expect(dump.scene.notes?.contains("Skipped 3 (--strict stops at the first)") == true)
        let tree = dump.scene.tree
        // Root, the layer with the bad bounds (kept, bounds 0×0), the text layer (transform
        // dropped); the layer with no class is skipped, as SDCALayer drops it.
        #expect(tree.count == 3)
        let kept = tree[try #require(tree.id(named: "CALayer#2"))]
        #expect(kept.bounds == .zero && kept.position == Point(x: 20, y: 20))
        #expect(kept.note?.contains("bounds (CALayer's default; the file's value could not be read)") == true)
        // anchorPoint (1, 1), 50×20 at (150, 80), identity transform: frame (100 60; 50 20).
        let label = tree[try #require(tree.id(named: "CATextLayer"))]
        #expect(label.transform == .identity && label.frame == Rect(x: 100, y: 60, width: 50, height: 20))
    }

    @Test("A frame written without bounds or position places the layer as -[CALayer setFrame:] does (synthetic)")
    func frameOnly() throws {
        // README's form: only a frame. Anchor (0, 1): position = (10 + 0·100, 20 + 1·50) = (10, 70).
        let text = "{\"class\": \"CALayer\", \"layerModel\": {\"frame\": [[10, 20], [100, 50]], \"anchorPoint\": [0, 1], \"cornerRadius\": 5}}"
        let layer = try RecursiveDescriptionImporter.importDump(text, file: "f.json").scene.tree.firstLayer
        #expect(layer.bounds == Rect(x: 0, y: 0, width: 100, height: 50) && layer.position == Point(x: 10, y: 70))
        #expect(layer.note?.contains("derived: bounds.size from frame, position from frame and anchorPoint") == true)
        // A written frame that disagrees with bounds and position: bounds and position kept, said.
        let odd = "{\"class\": \"CALayer\", \"layerModel\": {\"bounds\": [[0, 0], [10, 10]], \"position\": [5, 5], \"frame\": [[1, 1], [10, 10]]}}"
        let dump = try RecursiveDescriptionImporter.importDump(odd, file: "o.json")
        #expect(dump.scene.tree.firstLayer.frame == Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(dump.approximate.count == 1 && dump.approximate[0].reason.contains("differs"))
    }

    @Test("transform is Core Animation's matrix, m11 … m44 row by row (synthetic)")
    func rotated() throws {
        // A quarter turn as CATransform3DMakeRotation(π/2, 0, 0, 1) writes it: m11 = cos = 0,
        // m12 = sin = 1, m21 = −1, m22 = 0. Bounds 100×50 about the anchor at (100, 100): the
        // corners (±50, ±25) go to (∓25, ±50), so the frame is 50 wide, 100 tall:
        // (100 − 25, 100 − 50; 50, 100) = (75 50; 50 100) — the frame the file writes.
        let text = """
            {"class": "CALayer", "layerModel": {"bounds": [[0, 0], [100, 50]], "position": [100, 100],
             "transform": {"m11": 0, "m12": 1, "m13": 0, "m14": 0, "m21": -1, "m22": 0, "m23": 0, "m24": 0,
                           "m31": 0, "m32": 0, "m33": 1, "m34": 0, "m41": 0, "m42": 0, "m43": 0, "m44": 1},
             "sublayerTransform": {"m11": 1, "m22": 1, "m33": 1, "m34": -0.002, "m44": 1}, "contentsScale": 3,
             "frame": [[75, 50], [50, 100]]}}
            """
        let dump = try RecursiveDescriptionImporter.importDump(text, file: "r.json")
        let layer = dump.scene.tree.firstLayer
        #expect(layer.transform == Transform3D(rowMajor: [0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]))
        // The same matrix as the engine's own quarter turn (to rounding: cos 90° ≈ 6e-17).
        #expect(zip(layer.transform.rowMajor, Transform3D.rotation(.degrees(90)).rowMajor).allSatisfy { abs($0 - $1) < 1e-15 })
        #expect(layer.frame.isApproximatelyEqual(to: Rect(x: 75, y: 50, width: 50, height: 100), tolerance: 1e-12))
        #expect(layer.note?.contains("frame as written (75 50; 50 100): reproduced") == true)
        // Missing entries are 0, as SDCALayer decodes them: m34 = −1/500, the rest identity.
        #expect(layer.sublayerTransform == Transform3D.perspective(eyeDistance: 500))
        #expect(layer.contentsScale == 3)
        #expect(dump.approximate.isEmpty)
    }

    @Test("Under the dump fuzz target: 400 mutated SDCALayer files, no trap, no hang, every accepted one saves and reopens equal")
    func fuzz() throws {
        var corpus = try Self.corpus.map { Array(try dumpText($0).utf8) }
        corpus.append(Array((try JSONValue.parse(try dumpText("46-sdcalayer-star-5987f80.json")).yaml().joined(separator: "\n") + "\n").utf8))
        var fuzzer = MutationFuzzer(corpus: corpus, seed: 2126)
        var accepted = 0, sdcalayer = 0
        var problems: [String] = []
        for _ in 0..<400 {
            let input = fuzzer.nextInput()
            let (ok, problem) = DumpFuzzTarget.run(input)
            if ok { accepted += 1 }
            if ok, SDCALayerImport.looksLike(String(decoding: input, as: UTF8.self)) { sdcalayer += 1 }
            if let problem { problems.append(problem) }
        }
        #expect(problems.isEmpty, "\(problems.prefix(3))")
        // Mutations that keep the JSON or YAML well formed still import as SDCALayer files.
        #expect(sdcalayer > 20, "\(accepted) accepted, \(sdcalayer) as SDCALayer")
    }
}

extension LayerTree {
    /// The first layer in tree order (tests of one-layer files).
    var firstLayer: Layer { self[treeOrder[0]] }
}
