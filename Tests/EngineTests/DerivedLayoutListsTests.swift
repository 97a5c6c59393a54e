import Testing
import Geometry
@testable import LayerModel
@testable import CommandLanguage
@testable import LayoutFiles

/// The layout side of the derived lists (with `PropertyDeclarationTests.sample`, here): the
/// save's layer comparison iterates `PropertyDeclaration.all`, and the layout reader names
/// the command language's true/false words (`Toggle`) when a file quotes one.
@Suite struct DerivedLayoutListsTests {
    @Test func aQuotedTruthWordIsToldItsUnquotedSpelling() throws {
        // A file that quotes one is told the unquoted spelling; YAML's n reads as false too.
        for (quoted, meant) in [("yes", "true"), ("off", "false"), ("n", "false")] {
            let e = try #require(throws: LayoutError.self) {
                try LayoutFile.parse(#"{"layers": [{"name": "a", "hidden": "\#(quoted)"}]}"#, file: "t.json", format: .json)
            }
            #expect(e.suggestion == "write \(meant) without quotes", "\(quoted)")
        }
    }

    /// Every saved property in the declarations is compared by the save's check: a layer
    /// changed in that one property is named by it (the check used to name five and say
    /// "a property differs" for the rest).
    @Test func theSavesComparisonNamesEveryDeclaredProperty() throws {
        var named: [String] = []
        for d in PropertyDeclaration.all where d.isSaved && d.property != .name {
            let a = Layer(name: "a")
            var b = a
            try d.write?(&b, PropertyDeclarationTests.sample(d))
            #expect(SceneComparison.layerDifference(a, b) == d.property.rawValue, "\(d.property)")
            named.append(d.property.rawValue)
        }
        #expect(named.contains("opacity") && named.contains("borderWidth") && named.contains("contentsScale"))
        // Within 1e-9 for what a frame derives; bit for bit for a number written as it is.
        var near = Layer(name: "a"); near.position = Point(x: 1e-12, y: 0)
        #expect(SceneComparison.layerDifference(Layer(name: "a"), near) == nil)
        var z = Layer(name: "a"); z.zPosition = 1e-12
        #expect(SceneComparison.layerDifference(Layer(name: "a"), z) == "zPosition")
    }
}
