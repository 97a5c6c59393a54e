import Testing
import Geometry
@testable import LayerModel
@testable import LayoutFiles

/// One reader of a layout's transform steps (`WrittenTransformStep`): the decoder builds a
/// layer's transform with it, and the preserving save (`TransformFit`) reads the file's
/// steps with it, so the two cannot disagree about what a step means or whether it is one.
@Suite struct TransformStepReaderTests {
    static func steps(_ json: String) throws -> [SourceValue] {
        try #require(try JSONReader.parse(Array(json.utf8), file: "t.json")?.elementList)
    }

    /// `[{scale: [2, 3]}, {translate: [10, 0]}, {rotate: 90}]`, applied first to last with
    /// row vectors: the point (1, 0) scales to (2, 0), moves to (12, 0), turns 90° to (0, 12).
    /// The save's steps multiply to the matrix the decoder gave the layer.
    @Test func theSaveReadsTheStepsTheDecoderBuiltTheLayerFrom() throws {
        let list = #"[{"scale": [2, 3]}, {"translate": [10, 0]}, {"rotate": 90}]"#
        let scene = try LayoutFile.parse(
            #"{"layers": [{"name": "a", "bounds": [0, 0, 10, 10], "transform": \#(list)}]}"#,
            file: "t.json", format: .json)
        let loaded = scene.tree[try #require(scene.tree.id(named: "a"))].transform
        let read = try Self.steps(list).map { try #require(TransformFit.step($0)) }
        #expect(read.map(\.key) == ["scale", "translate", "rotate"])
        let product = read.reduce(Transform3D.identity) { $0.concatenating($1.matrix) }
        #expect(product == loaded)
        let p = try #require(product.apply(to: Point(x: 1, y: 0)))
        #expect(abs(p.x - 0) < 1e-12 && abs(p.y - 12) < 1e-12)
    }

    /// `rotateX`, `rotateY` and `rotate` with an axis keep the axis the save refits around.
    @Test func axesAndTheirKeysAreKept() throws {
        let read = try Self.steps(#"[{"rotateX": 30}, {"rotate": 45, "axis": [0, 1, 0]}, {"perspective": 500}]"#).map { try #require(TransformFit.step($0)) }
        #expect(read.map(\.key) == ["rotateX", "rotate", "perspective"])
        #expect(read[1].axis?.elements?.count == 3 && read[0].axis == nil)
        #expect(read[0].step == .rotate(AngleLiteral(30), axis: (1, 0, 0)))
        // perspective 500: m34 = -1/500.
        #expect(read[2].matrix.m34 == -1.0 / 500)
    }

    /// What the decoder refuses the save does not read either: the save's own lenient
    /// reader took the first key of `{rotate: 30, scale: 2}` and four numbers for a scale.
    @Test func aStepTheDecoderRefusesIsNoStepToTheSave() throws {
        for bad in [#"{"rotate": 30, "scale": 2}"#, #"{"scale": [1, 2, 3, 4]}"#, #"{"rotateZ": 30}"#, #"{"perspective": 0}"#, #"{}"#] {
            let value = try #require(try JSONReader.parse(Array(bad.utf8), file: "t.json"))
            #expect(TransformFit.step(value) == nil, "\(bad)")
            #expect(throws: LayoutError.self) { _ = try LayoutDecoder(file: "t.json").transformStep(value, path: "transform[0]") }
        }
    }
}
