import Foundation
import Testing
import Geometry
@testable import LayerModel
@testable import CommandLanguage
@testable import LayoutFiles
@testable import Export
@testable import Engine
import SceneFiles
import TestSupport

/// Copy as code: the Swift `export swift` prints must, read back, reproduce each layer's
/// frame, position and matrix.
@Suite struct SwiftExportTests {
    static let layoutsFolder = PackageRoot.url
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
        var inBlock = false
        for line in code.split(separator: "\n") {
            let t = line.trimmingCharacters(in: .whitespaces)
            let rhs = t.split(separator: "=", maxSplits: 1).dropFirst().first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            if t.hasPrefix("//") { continue }
            if t.contains(".sublayerTransform") { break }
            if t.contains(".anchorPoint = ") {
                let v = numbers(rhs[...]); l.anchorPoint = Point(v[0], v[1])
            } else if t.contains(".anchorPointZ = ") {
                l.anchorPointZ = numbers(rhs[...])[0]
            } else if t.contains(".bounds = ") {
                let v = numbers(rhs[...]); l.bounds = Rect(v[0], v[1], v[2], v[3])
            } else if t.contains(".position = ") || t.contains(".center = ") {
                let v = numbers(rhs[...]); l.position = Point(v[0], v[1])
            } else if t.contains(".zPosition = ") {
                l.zPosition = numbers(rhs[...])[0]
            } else if t.contains(".transform = {") || t.contains(".transform3D = {") {
                transform = .identity; inBlock = true
            } else if t.contains(".transform = ") || t.contains(".transform3D = ") {
                transform = try SwiftReader.transform(rhs)
            } else if t.hasPrefix("t.m"), inBlock, transform != nil {
                let field = String(t.dropFirst(2).prefix(3))
                var m = transform!.rowMajor
                let index = (Int(String(field.dropFirst().first!))! - 1) * 4 + Int(String(field.last!))! - 1
                m[index] = numbers(rhs[...])[0]
                transform = Transform3D(rowMajor: m)
            }
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
            // Numbers are rounded as a person types them (shortest within 1e-9), and angles
            // written as fractions of π: the geometry still agrees to 1e-6.
            #expect(back.frame.isApproximatelyEqual(to: original.frame, tolerance: 1e-6), "\(file) \(original.name)")
            #expect(back.position.isApproximatelyEqual(to: original.position, tolerance: 1e-6))
            #expect(back.toSuperlayer.isApproximatelyEqual(to: original.toSuperlayer, tolerance: 1e-6))
            #expect(back.transform.isApproximatelyEqual(to: original.transform, tolerance: 1e-6), "\(file) \(original.name)\n\(code)")
        }
    }

    @Test func exportIsCorrectForBothAnchorModes() throws {
        // The same layer moved to anchor (0, 0) the Core Animation way and the keep-frame way:
        // the code assigns anchorPoint before position, so each reproduces its own state.
        for keep in [false, true] {
            var s = Session()
            _ = try s.perform(.edit(.add(name: "card", kind: .view, parent: nil, index: nil)))
            _ = try s.perform(.edit(.layer(.set(.frame, .rect(Rect(140, 140, 100, 100))))))
            _ = try s.perform(.edit(.layer(.rotate(AngleLiteral(30), nil))))
            _ = try s.perform(.edit(.layer(.anchor(0, 0, keepFrame: keep))))
            let id = try s.selected()
            let code = try SwiftExport.code(for: id, in: s.tree)
            #expect(code.contains("card.layer.anchorPoint = CGPoint(x: 0, y: 0)"))
            let back = try Self.readBack(code, name: "card", kind: .view)
            #expect(back.frame.isApproximatelyEqual(to: s.tree[id].frame, tolerance: 1e-6))
            #expect(back.position.isApproximatelyEqual(to: s.tree[id].position, tolerance: 1e-6))
        }
    }

    @Test func exportWritesIdiomaticSwiftWithNumbersAsTyped() throws {
        var tree = LayerTree()
        var l = Layer(name: "hand")
        l.bounds = Rect(0, 0, 8, 60); l.position = Point(100, 100); l.anchorPoint = Point(0.5, 0.9)
        l.transform = .rotation(.degrees(90))
        let id = try tree.add(l)
        // 90° is π/2. The frame: relative to the anchor (4, 54) the hand spans x −4…4,
        // y −54…6; turned 90° (x, y) → (−y, x) that is x −6…54, y −4…4; at (100, 100):
        // (94, 96, 60, 8) — exactly, even though cos 90° is 6e-17 in Doubles.
        #expect(
            try SwiftExport.code(for: id, in: tree) == """
                // hand: frame 94, 96, 60, 8 in its superlayer
                hand.anchorPoint = CGPoint(x: 0.5, y: 0.9)
                hand.bounds = CGRect(x: 0, y: 0, width: 8, height: 60)
                hand.position = CGPoint(x: 100, y: 100)
                hand.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
                """)
    }

    /// The view flavour: UIView's own names, a CGAffineTransform chain applied scale first.
    @Test func aViewGetsCenterAndACGAffineTransformChain() throws {
        var tree = LayerTree()
        var l = Layer(name: "card", kind: .view)
        l.bounds = Rect(0, 0, 100, 50); l.position = Point(160, 120)
        // scale 2, then rotate 20° (π/9), then translate (10, 0): the chain is written from
        // the last part, since t.rotated(by:) puts the rotation before t.
        l.transform = Transform3D.scale(2, 2).concatenating(.rotation(.degrees(20))).concatenating(.translation(10, 0))
        let id = try tree.add(l)
        let code = try SwiftExport.code(for: id, in: tree)
        #expect(code.contains("card.center = CGPoint(x: 160, y: 120)"))
        #expect(code.contains("card.transform = CGAffineTransform(translationX: 10, y: 0).rotated(by: .pi / 9).scaledBy(x: 2, y: 2)"))
        let back = try Self.readBack(code, name: "card", kind: .view)
        #expect(back.transform.isApproximatelyEqual(to: l.transform, tolerance: 1e-9))
    }

    @Test(arguments: [(20.0, ".pi / 9"), (-45, "-.pi / 4"), (120, ".pi * 2 / 3"), (180, ".pi"), (12.5, "12.5 * .pi / 180")])
    func anglesAreFractionsOfPi(_ degrees: Double, _ text: String) {
        #expect(SwiftExport.angle(degrees * .pi / 180) == text)
    }

    @Test func aMatrixFieldIsTheNumberAPersonTypes() {
        // 0.49999999999999994 is 0.5 to 1e-9.
        var m = Transform3D.identity
        m.m34 = -1 / 500; m.m12 = 0.49999999999999994
        let text = SwiftExport.transformExpression(m)
        #expect(text.contains("t.m12 = 0.5\n"))
        #expect(text.contains("t.m34 = -0.002\n"))
    }
}

/// Evaluates the Swift the exporter writes: CATransform3D Make/Rotate/Scale/Translate
/// calls, CGAffineTransform initialisers and chains, angles as fractions of π.
enum SwiftReader {
    struct Failure: Error { var text: String }

    static func transform(_ text: String) throws -> Transform3D {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        if rest == "CATransform3DIdentity" || rest == ".identity" { return .identity }
        var result: Transform3D? = nil
        while !rest.isEmpty {
            guard let open = rest.firstIndex(of: "(") else { throw Failure(text: String(rest)) }
            let name = rest[..<open]
            var depth = 0
            var close = open
            for i in rest.indices[open...] {
                if rest[i] == "(" { depth += 1 } else if rest[i] == ")" { depth -= 1; if depth == 0 { close = i; break } }
            }
            let args = splitArguments(rest[rest.index(after: open)..<close])
            rest = rest[rest.index(after: close)...]
            func v(_ i: Int) throws -> Double { try value(args[i]) }
            switch name {
            case "CATransform3DMakeRotation": result = .rotation(.radians(try v(0)), x: try v(1), y: try v(2), z: try v(3))
            case "CATransform3DMakeScale": result = .scale(try v(0), try v(1), try v(2))
            case "CATransform3DMakeTranslation": result = .translation(try v(0), try v(1), try v(2))
            case "CATransform3DRotate":
                result = Transform3D.rotation(.radians(try v(1)), x: try v(2), y: try v(3), z: try v(4)).concatenating(try transform(args[0]))
            case "CATransform3DScale": result = Transform3D.scale(try v(1), try v(2), try v(3)).concatenating(try transform(args[0]))
            case "CATransform3DTranslate": result = Transform3D.translation(try v(1), try v(2), try v(3)).concatenating(try transform(args[0]))
            case "CGAffineTransform" where args.count == 6:
                result = Transform3D(Affine2D(a: try v(0), b: try v(1), c: try v(2), d: try v(3), tx: try v(4), ty: try v(5)))
            case "CGAffineTransform" where args[0].hasPrefix("rotationAngle"): result = .rotation(.radians(try v(0)))
            case "CGAffineTransform" where args[0].hasPrefix("scaleX"): result = .scale(try v(0), try v(1))
            case "CGAffineTransform" where args[0].hasPrefix("translationX"): result = .translation(try v(0), try v(1))
            case ".rotated": result = Transform3D.rotation(.radians(try v(0))).concatenating(try #require(result))
            case ".scaledBy": result = Transform3D.scale(try v(0), try v(1)).concatenating(try #require(result))
            case ".translatedBy": result = Transform3D.translation(try v(0), try v(1)).concatenating(try #require(result))
            default: throw Failure(text: String(name))
            }
        }
        return try #require(result)
    }

    static func splitArguments(_ s: Substring) -> [String] {
        var out: [String] = [], current = "", depth = 0
        for c in s {
            if c == "(" { depth += 1 } else if c == ")" { depth -= 1 }
            if c == ",", depth == 0 { out.append(current.trimmingCharacters(in: .whitespaces)); current = ""; continue }
            current.append(c)
        }
        out.append(current.trimmingCharacters(in: .whitespaces))
        return out
    }

    /// `x: 2`, `.pi / 9`, `-.pi * 2 / 3`, `12.5 * .pi / 180`, `0.5`.
    static func value(_ argument: String) throws -> Double {
        var s = argument
        if let colon = s.firstIndex(of: ":") { s = String(s[s.index(after: colon)...]) }
        let tokens = s.split(separator: " ")
        func atom(_ t: Substring) throws -> Double {
            if t == ".pi" { return .pi }
            if t == "-.pi" { return -.pi }
            guard let d = Double(t) else { throw Failure(text: String(t)) }
            return d
        }
        var result = try atom(try #require(tokens.first))
        var i = 1
        while i + 1 < tokens.count {
            let rhs = try atom(tokens[i + 1])
            switch tokens[i] {
            case "*": result *= rhs
            case "/": result /= rhs
            default: throw Failure(text: String(tokens[i]))
            }
            i += 2
        }
        return result
    }
}
