import Foundation
import Testing
import Geometry
@testable import LayerKit

/// Copy as code: the Swift `export swift` prints must, read back, reproduce each layer's
/// frame, position and matrix.
@Suite struct SwiftExportTests {
    static let layoutsFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Layouts")

    static func layoutFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: layoutsFolder.path).filter { $0.hasSuffix(".json") || $0.hasSuffix(".yaml") }.sorted()
    }

    /// Reads back the assignments of exported code the way the Swift would run them.
    static func readBack(_ code: String, name: String, kind: LayerKind) throws -> Layer {
        var l = Layer(name: name, kind: kind)
        func numbers(_ s: Substring) -> [Double] {
            s.split(whereSeparator: { !"-0123456789.e".contains($0) }).compactMap { Double($0) }
        }
        var transform: Transform3D? = nil
        for line in code.split(separator: "\n") {
            let t = line.trimmingCharacters(in: .whitespaces)
            if t.contains(".anchorPoint = ") { let v = numbers(t.split(separator: "=")[1][...]); l.anchorPoint = Point(v[0], v[1]) }
            else if t.contains(".anchorPointZ = ") { l.anchorPointZ = numbers(t.split(separator: "=")[1][...])[0] }
            else if t.contains(".bounds = ") { let v = numbers(t.split(separator: "=")[1][...]); l.bounds = Rect(v[0], v[1], v[2], v[3]) }
            else if t.contains(".position = ") { let v = numbers(t.split(separator: "=")[1][...]); l.position = Point(v[0], v[1]) }
            else if t.contains(".zPosition = ") { l.zPosition = numbers(t.split(separator: "=")[1][...])[0] }
            else if t.contains(".transform = CATransform3DIdentity") { transform = .identity }
            else if t.contains(".transform = {") { transform = .identity }
            else if t.hasPrefix("t.m"), transform != nil {
                let field = String(t.dropFirst(2).prefix(3))
                let value = numbers(t.split(separator: "=")[1][...])[0]
                var m = transform!.rowMajor
                let index = (Int(String(field.dropFirst().first!))! - 1) * 4 + Int(String(field.last!))! - 1
                m[index] = value
                transform = Transform3D(rowMajor: m)
            }
            else if t.contains(".sublayerTransform") { break }
        }
        l.transform = try #require(transform)
        return l
    }

    @Test(arguments: try layoutFiles())
    func exportedSwiftReproducesEveryLayer(_ file: String) throws {
        let scene = try SceneLoader.load(Self.layoutsFolder.appendingPathComponent(file).path)
        for id in scene.tree.treeOrder {
            let original = scene.tree[id]
            let code = try SwiftExport.code(for: id, in: scene.tree)
            let back = try Self.readBack(code, name: original.name, kind: original.kind)
            #expect(back.frame.isApproximatelyEqual(to: original.frame, tolerance: 1e-9), "\(file) \(original.name)")
            #expect(back.position.isApproximatelyEqual(to: original.position, tolerance: 1e-9))
            #expect(back.toSuperlayer.isApproximatelyEqual(to: original.toSuperlayer, tolerance: 1e-9))
            #expect(back.transform == original.transform)
        }
    }

    @Test func exportIsCorrectForBothAnchorModes() throws {
        // The same layer moved to anchor (0, 0) the Core Animation way and the keep-frame way:
        // the code assigns anchorPoint before position, so each reproduces its own state.
        for keep in [false, true] {
            var s = Session()
            _ = try s.perform(.add(name: "card", kind: .view, parent: nil, index: nil))
            _ = try s.perform(.set(.frame, .rect(Rect(140, 140, 100, 100))))
            _ = try s.perform(.rotate(AngleLiteral(30), nil))
            _ = try s.perform(.anchor(0, 0, keepFrame: keep))
            let id = try s.selected()
            let code = try SwiftExport.code(for: id, in: s.tree)
            #expect(code.contains("card.layer.anchorPoint = CGPoint(x: 0, y: 0)"))
            let back = try Self.readBack(code, name: "card", kind: .view)
            #expect(back.frame.isApproximatelyEqual(to: s.tree[id].frame, tolerance: 1e-9))
            #expect(back.position.isApproximatelyEqual(to: s.tree[id].position, tolerance: 1e-9))
        }
    }

    @Test func exportWritesTheTransformFieldByField() throws {
        var tree = LayerTree()
        var l = Layer(name: "hand")
        l.bounds = Rect(0, 0, 8, 60); l.position = Point(100, 100); l.anchorPoint = Point(0.5, 0.9)
        l.transform = .rotation(.degrees(90))
        let id = try tree.add(l)
        #expect(try SwiftExport.code(for: id, in: tree) == """
            // hand: frame 94, 96, 60, 8 in its superlayer
            hand.anchorPoint = CGPoint(x: 0.5, y: 0.9)
            hand.bounds = CGRect(x: 0, y: 0, width: 8, height: 60)
            hand.position = CGPoint(x: 100, y: 100)
            hand.transform = { var t = CATransform3DIdentity
                t.m11 = 0
                t.m12 = 1
                t.m21 = -1
                t.m22 = 0
                return t }()
            """)
    }
}
