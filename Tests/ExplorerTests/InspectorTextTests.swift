import Cells
import Engine
@testable import Explorer
import Foundation
import Geometry
import LayerModel
import Raster
import SceneFiles
import TestSupport
import Testing

/// The inspector's fixed-form lines are built as bytes in one buffer (PanelText.swift) and
/// its matrices read field by field (issue 36: about fifty string appends a frame). The text
/// is the old code's, line for line and style for style; the reference below is that code.
@Suite struct InspectorTextTests {
    static func oldMatrixRows(_ m: Transform3D) -> [String] {
        let v = m.rowMajor.map { NumberFormat.format($0) }
        var widths = [0, 0, 0, 0]
        for (i, s) in v.enumerated() { widths[i % 4] = max(widths[i % 4], s.utf8.count) }
        var bytes: [UInt8] = []
        return (0..<4).map { r in
            bytes.removeAll(keepingCapacity: true)
            bytes.append(contentsOf: " [ ".utf8)
            for c in 0..<4 {
                let s = v[r * 4 + c]
                if c > 0 { bytes.append(contentsOf: "  ".utf8) }
                for _ in 0..<(widths[c] - s.utf8.count) { bytes.append(UInt8(ascii: " ")) }
                bytes.append(contentsOf: s.utf8)
            }
            bytes.append(contentsOf: " ]".utf8)
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The lines as main built them (up to the note lines, which are unchanged code).
    static func oldFixedLines(_ tree: LayerTree, _ id: LayerID) -> [String] {
        let layer = tree[id]
        var out: [String] = []
        func field(_ name: String, _ value: String) {
            let pad = max(1, 9 - name.count)
            out.append(" " + name + String(repeating: " ", count: pad) + value)
        }
        func f(_ x: Double) -> String { NumberFormat.format(x) }
        func rect(_ r: Rect) -> String { "x \(f(r.origin.x)) y \(f(r.origin.y)) w \(f(r.size.width)) h \(f(r.size.height))" }
        func point(_ p: Point) -> String { "x \(f(p.x)) y \(f(p.y))" }
        func yesNo(_ b: Bool) -> String { b ? "yes" : "no" }
        out.append("\(layer.name) (\(layer.kind == .view ? "view" : "layer"))")
        out.append("in superlayer space")
        let w = InspectorWords.of(layer.kind)
        field(w.frame, rect(layer.frame))
        field(w.position, point(layer.position))
        out.append("in own space")
        field(w.bounds, rect(layer.bounds))
        field(w.anchorPoint, point(layer.anchorPoint) + " (unit)")
        field(w.zPositionLabel, "\(w.zPosition) \(f(layer.zPosition)) · \(w.anchorPointZ) \(f(layer.anchorPointZ))")
        out.append(
            " \(w.opacity) \(f(layer.opacity)) · \(w.hidden) \(yesNo(layer.isHidden)) · \(w.masksToBounds) \(yesNo(layer.masksToBounds)) · \(w.geometryFlipped) \(yesNo(layer.isGeometryFlipped))"
        )
        return out
    }

    static func oldAffineLine(_ layer: Layer) -> String? {
        let t = layer.transform
        guard t.isAffine else { return nil }
        let a = t.affine, w = InspectorWords.of(layer.kind)
        let f: (Double) -> String = { NumberFormat.format($0) }
        return " \(w.affineTransform) [\(f(a.a)) \(f(a.b)) \(f(a.c)) \(f(a.d)) \(f(a.tx)) \(f(a.ty))]"
    }

    /// Every layer of every shipped layout, turned and scaled and moved to odd values too.
    static func trees() throws -> [LayerTree] {
        let dir = PackageRoot.url.appendingPathComponent("Layouts").path
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".json") || $0.hasSuffix(".yaml") }.sorted()
        var out: [LayerTree] = []
        for file in files {
            guard let scene = try? SceneLoader.load(dir + "/" + file) else { continue }
            out.append(scene.tree)
            var odd = scene.tree
            for (i, id) in (0..<odd.storageCount).map({ LayerID(raw: $0) }).enumerated() where odd.contains(id) {
                var layer = odd[id]
                let degrees = Double(i * 37 % 360)
                layer.transform = layer.transform.concatenating(.rotation(.degrees(degrees))).concatenating(.scale(1.0 + Double(i) / 7, 0.3))
                if i % 3 == 0 { layer.transform = layer.transform.concatenating(.rotation(.degrees(degrees / 3), x: 1, y: 0, z: 0)) }
                layer.position = Point(x: layer.position.x + 1 / 3, y: layer.position.y - 12_345.678_9)
                layer.zPosition = Double(i) * -2.5
                layer.opacity = 0.25
                layer.isHidden = i % 2 == 0
                odd[id] = layer
            }
            out.append(odd)
        }
        return out
    }

    @Test func theInspectorSaysWhatItSaidLineForLine() throws {
        var layers = 0
        for tree in try Self.trees() {
            for raw in 0..<tree.storageCount where tree.contains(LayerID(raw: raw)) {
                let id = LayerID(raw: raw)
                let lines = Inspector.lines(tree, layer: id)
                let fixed = Self.oldFixedLines(tree, id)
                #expect(Array(lines.prefix(fixed.count).map(\.text)) == fixed)
                let layer = tree[id]
                // The transform's rows and the effective matrix's rows, and the affine line.
                let texts = lines.map(\.text)
                let rows = Self.oldMatrixRows(layer.transform)
                let at = try #require(texts.firstIndex { $0.hasPrefix("transform (") })
                #expect(Array(texts[(at + 1)...(at + 4)]) == rows)
                if let affine = Self.oldAffineLine(layer) { #expect(texts[at + 5] == affine) }
                #expect(
                    Array(texts.suffix(from: texts.count - (texts.last!.hasPrefix(" no inverse") ? 5 : 4)).prefix(4))
                        == Self.oldMatrixRows(tree.matrixToSuperlayer(id)))
                #expect(Inspector.matrixRows(layer.sublayerTransform) == Self.oldMatrixRows(layer.sublayerTransform))
                // Every line is about the layer, in the old styles.
                #expect(lines.allSatisfy { $0.layer == id })
                #expect(lines[0].style == CellStyle(bold: true) && lines[1].style == CellStyle(dim: true) && lines[2].style == .plain)
                layers += 1
            }
        }
        #expect(layers > 150, "\(layers) layers")
    }

    @Test func linesWorkedByHand() throws {
        var tree = LayerTree()
        var layer = Layer(name: "face", kind: .layer)
        layer.bounds = Rect(x: 0, y: 0, width: 140, height: 140)
        layer.position = Point(x: 90, y: 100)
        layer.transform = .scale(2, 0.5)
        let id = try tree.add(layer, in: nil, at: nil)
        let texts = Inspector.lines(tree, layer: id).map(\.text)
        // frame: 140 × 2 = 280 wide, 140 × ½ = 70 tall, centred on (90, 100): x 90 − 140, y 100 − 35.
        #expect(texts[2] == " frame    x -50 y 65 w 280 h 70")
        #expect(texts[3] == " position x 90 y 100")
        #expect(texts[5] == " bounds   x 0 y 0 w 140 h 140")
        #expect(texts[6] == " anchor   x 0.5 y 0.5 (unit)")
        #expect(texts[9] == "transform (affine)")
        // Each column right-aligned to its widest number ("0.5" in the second column).
        #expect(Array(texts[10...13]) == [" [ 2    0  0  0 ]", " [ 0  0.5  0  0 ]", " [ 0    0  1  0 ]", " [ 0    0  0  1 ]"])
        #expect(texts[14] == " affine [2 0 0 0.5 0 0]")
    }
}

/// An edit asks whether the fitted view still holds the scene by walking the screen quads in
/// place (`LayerTree.screenBox`) rather than through the array of every slot's quad
/// (`Framing.box(of: nil, in:)`, issue 36). Same box.
@Suite struct DrawnBoxTests {
    @Test func theWalkGivesTheArraysBox() throws {
        var trees = 0
        for var tree in try InspectorTextTests.trees() {
            for pass in 0..<2 {
                if pass == 1 {
                    // Hide every third layer: its subtree has no quads.
                    for raw in stride(from: 0, to: tree.storageCount, by: 3) where tree.contains(LayerID(raw: raw)) {
                        tree[LayerID(raw: raw)].isHidden = true
                    }
                }
                #expect(tree.screenBox() == Framing.box(of: nil, in: tree))
                trees += 1
            }
        }
        #expect(trees > 60)
        // By hand: one 100 × 40 layer at (10, 20), turned 90° about its centre (60, 40): its
        // quad spans x 40…80 and y −10…90.
        var tree = LayerTree()
        var layer = Layer(name: "bar")
        layer.bounds = Rect(x: 0, y: 0, width: 100, height: 40)
        layer.position = Point(x: 60, y: 40)
        layer.transform = .rotation(.degrees(90))
        _ = try tree.add(layer, in: nil, at: nil)
        let box = try #require(tree.screenBox())
        #expect(abs(box.origin.x - 40) < 1e-9 && abs(box.origin.y + 10) < 1e-9)
        #expect(abs(box.size.width - 40) < 1e-9 && abs(box.size.height - 100) < 1e-9)
        // Hidden, it draws nothing: no box.
        tree[try #require(tree.id(named: "bar"))].isHidden = true
        #expect(tree.screenBox() == nil)
    }
}

/// `LayerTree.matrixToSuperlayer` reads the tree's hit-testing copy of a layer's fields instead
/// of copying the whole layer and its superlayer out of the tree (issue 36). The matrix is the
/// old one bit for bit; the reference below is the old code.
@Suite struct MatrixToSuperlayerTests {
    static func old(_ tree: LayerTree, _ id: LayerID) -> Transform3D {
        let layer = tree[id]
        guard let parent = layer.superlayer else { return layer.toSuperlayer }
        let parentLayer = tree[parent]
        if !parentLayer.isGeometryFlipped && parentLayer.sublayerTransform.isIdentity { return layer.toSuperlayer }
        return layer.toSuperlayer.concatenating(parentLayer.sublayerSpaceToBounds)
    }

    @Test func theMatrixIsTheOldOneBitForBit() throws {
        var compared = 0, underSublayerSpace = 0
        for var tree in try InspectorTextTests.trees() {
            for pass in 0..<2 {
                if pass == 1 {
                    // Every third layer flipped, every fourth with a perspective sublayerTransform.
                    for raw in 0..<tree.storageCount where tree.contains(LayerID(raw: raw)) {
                        if raw % 3 == 0 { tree[LayerID(raw: raw)].isGeometryFlipped = true }
                        if raw % 4 == 1 {
                            var st = Transform3D.identity
                            st.m34 = -1.0 / 500
                            tree[LayerID(raw: raw)].sublayerTransform = st.concatenating(.rotation(.degrees(20), x: 0, y: 1, z: 0))
                        }
                    }
                }
                for raw in 0..<tree.storageCount where tree.contains(LayerID(raw: raw)) {
                    let id = LayerID(raw: raw)
                    let new = tree.matrixToSuperlayer(id), old = Self.old(tree, id)
                    #expect(zip(new.rowMajor, old.rowMajor).allSatisfy { $0.bitPattern == $1.bitPattern }, "layer \(raw)")
                    if let p = tree[id].superlayer, tree[p].isGeometryFlipped || !tree[p].sublayerTransform.isIdentity { underSublayerSpace += 1 }
                    compared += 1
                }
            }
        }
        #expect(compared > 150 && underSublayerSpace > 20, "\(compared) layers, \(underSublayerSpace) under a flip or sublayerTransform")
    }
}
