import Foundation
import Scenes
import Testing
import Geometry
@testable import LayerModel
@testable import CommandLanguage
@testable import LayoutFiles
@testable import Export
@testable import Engine
import SceneFiles

/// Generated from `PropertyDeclaration.all`, not from a hand-kept list: every declared
/// property (and every alias) goes through the layout decoder and encoder, `set` and `get`,
/// the Swift export and `animate`. A property added to the table is tested here unasked.
@Suite struct PropertyDeclarationTests {
    static let declarations = PropertyDeclaration.all
    static let spellings = PropertyDeclaration.all.flatMap(\.spellings)

    // MARK: A value for each property, and what it reads as (worked by hand)

    /// A value different from the property's default, chosen by kind.
    static func sample(_ d: PropertyDeclaration) -> PropertyValue {
        switch d.kind {
        case .text: return .text(d.property == .name ? "renamed" : "a note")
        case .kind: return .kind(.view)
        case .rect: return .rect(Rect(10, 20, 30, 40))
        case .point: return .point(Point(0.25, 0.75))
        case .size: return .size(Size(width: 30, height: 40))
        case .number: return .number(0.25)
        case .transform: return .transform(TransformSpec([.rotate(AngleLiteral(30), axis: nil)]))
        case .bool: return .bool(d.defaultValue != .bool(true))
        case .color: return .color(Color(red: 255, green: 128, blue: 0), spelling: "#ff8000")
        case .mask: return .mask([.flexibleWidth, .flexibleHeight])
        }
    }

    /// rotate 30 about z: cos 30° = √3/2, sin 30° = 1/2; CATransform3D row-major
    /// [c s 0 0; -s c 0 0; 0 0 1 0; 0 0 0 1]; the affine part [a b c d tx ty] = [c s -s c 0 0].
    static let c30 = 3.0.squareRoot() / 2
    static let rotate30Matrix: [Double] = [c30, 0.5, 0, 0, -0.5, c30, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
    static let rotate30Affine: [Double] = [c30, 0.5, -0.5, c30, 0, 0]

    /// The `get` answer for the sample, written out by hand per kind: key and JSON value.
    static func expectedAnswer(_ d: PropertyDeclaration) -> (key: String, value: Any) {
        switch d.kind {
        case .text: return ("string", d.property == .name ? "renamed" : "a note")
        case .kind: return ("string", "view")
        case .rect: return ("rect", [10.0, 20, 30, 40])
        case .point: return ("point", [0.25, 0.75])
        case .size: return ("size", [30.0, 40])
        case .number: return ("number", 0.25)
        case .transform: return d.property == .affineTransform ? ("affine", rotate30Affine) : ("matrix", rotate30Matrix)
        case .bool: return ("bool", d.defaultValue != .bool(true))
        case .color: return ("color", "#ff8000")
        case .mask: return ("string", "W+H")
        }
    }

    /// The sample as a layout file writes it by hand.
    static func fileText(_ d: PropertyDeclaration) -> String {
        switch d.kind {
        case .text: return d.property == .name ? "\"renamed\"" : "\"a note\""
        case .kind: return "\"view\""
        case .rect: return "[10, 20, 30, 40]"
        case .point: return "[0.25, 0.75]"
        case .size: return "[30, 40]"
        case .number: return "0.25"
        case .transform: return "[{\"rotate\": 30}]"
        case .bool: return d.defaultValue == .bool(true) ? "false" : "true"
        case .color: return "\"#ff8000\""
        case .mask: return "\"W+H\""
        }
    }

    /// Runs commands as `layerscope eval` does (parser, engine, answers), returning the answers.
    @discardableResult
    static func eval(_ script: String, _ session: inout Session) throws -> [String] {
        var answers: [String] = []
        try ScriptRunner.run(script, name: "test", session: &session, emit: { answers.append($0) })
        return answers
    }

    static func layer(_ scene: Scene, _ name: String) throws -> Layer {
        scene.tree[try #require(scene.tree.id(named: name))]
    }

    // MARK: The table itself

    @Test func everySpellingNamesExactlyOneDeclaration() {
        #expect(Set(Self.spellings).count == Self.spellings.count)
        #expect(Set(Self.spellings) == Set(Property.allCases))
        for d in Self.declarations {
            for p in d.spellings { #expect(p.declaration.property == d.property, "\(p)") }
            if let v = d.viewSpelling { #expect(d.aliases.contains(v)) }
        }
        // The UIView aliases the file format and the command language both accept.
        #expect(Property.center.canonical == .position)
        #expect(Property.alpha.canonical == .opacity)
        #expect(Property.clipsToBounds.canonical == .masksToBounds)
        #expect(Property.autoresize.canonical == .autoresizingMask)
    }

    @Test func defaultsAreANewLayersValues() {
        for kind in LayerKind.allCases {
            let fresh = Layer(name: "x", kind: kind)
            for d in Self.declarations where d.defaultValue != nil && d.property != .kind {
                #expect(d.isDefault(on: fresh), "\(d.property) on a new \(kind)")
            }
        }
    }

    // MARK: Layout files

    /// decode a file that sets P (under each spelling) → the value; encode → decode equal.
    @Test(arguments: PropertyDeclaration.all.filter(\.isFileField).flatMap { d in d.spellings.map { (d.property, $0) } })
    func aFileFieldDecodesEncodesAndDecodesEqual(_ property: Property, _ spelling: Property) throws {
        let d = property.declaration
        let fields = property == .name ? "\"name\": \"renamed\"" : "\"name\": \"renamed\", \"\(spelling.rawValue)\": \(Self.fileText(d))"
        let scene = try LayoutFile.parse("{\"layers\": [{\(fields)}]}", file: "t.json", format: .json)
        let decoded = try Self.layer(scene, "renamed")
        let value = try #require(d.value(of: decoded))
        #expect(value.sameValue(as: Self.sample(d)), "\(spelling): \(value.text)")
        if property == .frame {
            // frame [10, 20, 30, 40] with anchor (0.5, 0.5), identity transform:
            // bounds = (0, 0, 30, 40), position = origin + anchor⊙size = (10 + 15, 20 + 20).
            #expect(decoded.bounds == Rect(0, 0, 30, 40))
            #expect(decoded.position == Point(25, 40))
        }
        for format in [LayoutFormat.json, .yaml] {
            let text = LayoutFile.encode(scene, format: format)
            let again = try LayoutFile.parse(text, file: "t", format: format)
            #expect(try Self.layer(again, "renamed").unlinked == decoded.unlinked, "\(spelling) \(format)\n\(text)")
        }
    }

    @Test func aViewIsSavedUnderUIViewSpellings() throws {
        var layer = Layer(name: "v", kind: .view)
        for d in Self.declarations where d.viewSpelling != nil {
            let write = try #require(d.write)
            try write(&layer, Self.sample(d))
        }
        var scene = Scene()
        _ = try scene.tree.add(layer, in: nil)
        let text = LayoutFile.encode(scene, format: .json)
        for d in Self.declarations where d.viewSpelling != nil {
            #expect(text.contains("\"\(d.viewSpelling!.rawValue)\":"), "\(text)")
            #expect(!text.contains("\"\(d.property.rawValue)\":"), "\(text)")
        }
    }

    @Test(arguments: [("isHidden", "hidden"), ("isGeometryFlipped", "geometryFlipped"), ("isUserInteractionEnabled", "userInteractionEnabled")])
    func aSwiftNameInAFileSuggestsTheField(_ swiftName: String, _ field: String) throws {
        let e = try #require(throws: LayoutError.self) {
            try LayoutFile.parse("{\"layers\": [{\"name\": \"a\", \"\(swiftName)\": true}]}", file: "t.json", format: .json)
        }
        #expect(e.message == "unknown field \"\(swiftName)\" in a layer")
        #expect(e.suggestion == "did you mean \"\(field)\"?")
    }

    // MARK: set and get

    /// `set P V` then `get P` answers V, for every settable spelling; the command prints back
    /// as typed.
    @Test(arguments: PropertyDeclaration.all.filter { $0.write != nil }.flatMap { d in d.spellings.map { (d.property, $0) } })
    func setThenGetAnswersTheValue(_ property: Property, _ spelling: Property) throws {
        let d = property.declaration
        var s = Session()
        let line = "set \(spelling.rawValue) \(Self.sample(d).text)"
        #expect(try CommandParser.parse(line).text == line)
        // Each spelling, the canonical one and the layer. prefix read the same.
        let queries = ["get \(spelling.rawValue)", "get \(property.rawValue)", "get layer.\(spelling.rawValue)"]
        let answers = try Self.eval((["add box", line] + queries).joined(separator: "\n"), &s)
        #expect(answers.count == queries.count)
        for (query, json) in zip(queries, answers) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            let (key, expected) = Self.expectedAnswer(d)
            #expect(Array(object.keys) == [key], "\(query) → \(json)")
            switch expected {
            case let numbers as [Double]:
                let got = try #require(object[key] as? [Double], "\(json)")
                // Answers are rounded to 10 decimals.
                #expect(got.count == numbers.count && zip(got, numbers).allSatisfy { abs($0 - $1) <= 5e-11 }, "\(query) → \(json)")
            case let x as Double: #expect(object[key] as? Double == x, "\(query) → \(json)")
            case let b as Bool: #expect(object[key] as? Bool == b, "\(query) → \(json)")
            case let t as String: #expect(object[key] as? String == t, "\(query) → \(json)")
            default: Issue.record("no expectation for \(property)")
            }
        }
    }

    @Test func aReadOnlyPropertyIsRefusedBySetAndAnsweredByGet() throws {
        for d in Self.declarations where d.write == nil {
            let e = try #require(throws: CommandError.self) { try CommandParser.parse("set \(d.property.rawValue) identity") }
            #expect(e.message == "\(d.property.rawValue) is read-only (derived)")
            #expect(e.suggestion == "use get \(d.property.rawValue)")
        }
        // effectiveTransform of a top-level layer with bounds 100×50 and anchor (0.5, 0.5):
        // anchor at (50, 25), position (200, 100) → translation (200 − 50, 100 − 25) = (150, 75).
        var s = Session()
        let answers = try Self.eval("add box\nset bounds 0 0 100 50\nset position 200 100\nget effectiveTransform", &s)
        #expect(answers == [#"{"matrix":[1,0,0,0,0,1,0,0,0,0,1,0,150,75,0,1]}"#])
    }

    @Test func badValuesNameTheColumnAndAFix() throws {
        // Constraints come from the declaration; the message names the spelling typed.
        let alpha = try #require(throws: CommandError.self) { try CommandParser.parse("set alpha 1.5") }
        #expect(alpha.message == "alpha must be between 0 and 1, found 1.5")
        #expect(alpha.column == 11)
        let width = try #require(throws: CommandError.self) { try CommandParser.parse("set borderWidth -1") }
        #expect(width.message == "borderWidth cannot be negative")
        let bounds = try #require(throws: CommandError.self) { try CommandParser.parse("set bounds 0 0 -4 5") }
        #expect(bounds.message == "bounds size cannot be negative (-4 × 5)")
        #expect(bounds.column == 16)
        let mask = try #require(throws: CommandError.self) { try CommandParser.parse("set autoresize W+Q") }
        #expect(mask.message == "\"W+Q\" is not an autoresizing mask")
        #expect(mask.suggestion?.contains("LM W RM TM H BM") == true)
    }

    @Test func badFileValuesNameFileLineColumnFieldAndAFix() throws {
        let e = try #require(throws: LayoutError.self) {
            try LayoutFile.parse("{\"layers\": [{\"name\": \"a\",\n  \"borderWidth\": -2}]}", file: "t.json", format: .json)
        }
        #expect(e.file == "t.json" && e.line == 2 && e.column == 18)
        #expect(e.path == "layers[0].borderWidth")
        #expect(e.message == "borderWidth must not be negative, found -2")
        #expect(e.suggestion == "write 2, or 0 for none")
        let a = try #require(throws: LayoutError.self) {
            try LayoutFile.parse("{\"layers\": [{\"name\": \"a\", \"alpha\": 50}]}", file: "t.json", format: .json)
        }
        #expect(a.path == "layers[0].alpha" && a.column == 36)
        #expect(a.message == "alpha must be between 0 and 1, found 50")
        #expect(a.suggestion == "for 50%, write 0.5")
    }

    // MARK: Swift export

    /// The export of a layer with P set reproduces P, for views and layers.
    @Test(arguments: PropertyDeclaration.all.filter { $0.write != nil && $0.property != .kind }.map(\.property), LayerKind.allCases)
    func theSwiftExportReproducesTheProperty(_ property: Property, _ kind: LayerKind) throws {
        let d = property.declaration
        var layer = Layer(name: "box", kind: kind)
        layer.bounds = Rect(0, 0, 100, 50)
        let write = try #require(d.write)
        try write(&layer, Self.sample(d))
        var tree = LayerTree()
        let id = try tree.add(layer, in: nil)
        let code = try SwiftExport.code(for: id, in: tree)
        let original = tree[id]
        let name = original.name
        switch d.swift {
        case .geometry, .implied:
            if property == .name {
                #expect(code.contains("renamed.bounds = "), "\(code)")
                return
            }
            var back = try SwiftExportTests.readBack(code, name: name, kind: kind)
            if let line = code.split(separator: "\n").first(where: { $0.contains(".sublayerTransform = ") }) {
                back.sublayerTransform = try SwiftReader.transform(String(line.split(separator: "=", maxSplits: 1)[1]))
            }
            let a = try #require(d.value(of: back)), b = try #require(d.value(of: original))
            #expect(Self.approximatelyEqual(a, b), "\(property) \(kind)\n\(code)")
        case .comment:
            #expect(code.contains("// \(property.rawValue): a note"), "\(code)")
        case let .assign(layerName, viewName):
            guard let back = try Self.readAssignments(code, kind: kind) else { Issue.record("unreadable\n\(code)"); return }
            if kind == .layer, layerName == nil {
                // A UIView property on a plain layer: said in a comment, not assigned.
                #expect(code.contains("// \(viewName!) = "), "\(code)")
                return
            }
            #expect(d.value(of: back)?.sameValue(as: Self.sample(d)) == true, "\(property) \(kind)\n\(code)")
        }
    }

    static func approximatelyEqual(_ a: PropertyValue, _ b: PropertyValue) -> Bool {
        func close(_ x: [Double], _ y: [Double]) -> Bool { x.count == y.count && zip(x, y).allSatisfy { abs($0 - $1) < 1e-6 } }
        switch (a, b) {
        case let (.rect(p), .rect(q)):
            return close([p.origin.x, p.origin.y, p.size.width, p.size.height], [q.origin.x, q.origin.y, q.size.width, q.size.height])
        case let (.point(p), .point(q)): return close([p.x, p.y], [q.x, q.y])
        case let (.size(p), .size(q)): return close([p.width, p.height], [q.width, q.height])
        case let (.number(x), .number(y)): return close([x], [y])
        case let (.transform(p), .transform(q)): return close(p.matrix.rowMajor, q.matrix.rowMajor)
        default: return a.sameValue(as: b)
        }
    }

    /// Reads `owner.property = value` lines back through the declarations' Swift names.
    static func readAssignments(_ code: String, kind: LayerKind) throws -> Layer? {
        var layer = Layer(name: "box", kind: kind)
        for line in code.split(separator: "\n") where !line.hasPrefix("//") {
            let sides = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard sides.count == 2, let swiftName = sides[0].split(separator: ".").last.map(String.init) else { continue }
            let viaLayer = sides[0].contains(".layer.") || kind == .layer
            guard
                let d = PropertyDeclaration.all.first(where: {
                    guard case let .assign(layerName, viewName) = $0.swift else { return false }
                    return viaLayer ? layerName == swiftName : viewName == swiftName
                })
            else { continue }
            let rhs = sides[1]
            let value: PropertyValue
            switch d.kind {
            case .number: value = .number(try #require(Double(rhs)))
            case .bool: value = .bool(rhs == "true")
            case .color:
                let numbers = rhs.split(whereSeparator: { !"0123456789.".contains($0) }).compactMap { Double($0) }
                let c = numbers.prefix(3).map { UInt8(($0 * 255).rounded()) }
                value = .color(Color(red: c[0], green: c[1], blue: c[2]), spelling: "")
            case .mask:
                let all: [(String, AutoresizingMask)] = [
                    ("flexibleLeftMargin", .flexibleLeftMargin), ("flexibleWidth", .flexibleWidth),
                    ("flexibleRightMargin", .flexibleRightMargin), ("flexibleTopMargin", .flexibleTopMargin),
                    ("flexibleHeight", .flexibleHeight), ("flexibleBottomMargin", .flexibleBottomMargin)
                ]
                value = .mask(AutoresizingMask(all.filter { rhs.contains("." + $0.0 + "]") || rhs.contains("." + $0.0 + ",") }.map(\.1)))
            default: return nil
            }
            let write = try #require(d.write)
            try write(&layer, value)
        }
        return layer
    }

    // MARK: animate

    /// Every animatable property (and alias) is accepted by `animate`; every other one is
    /// refused, saying it is a property that does not animate.
    @Test(arguments: PropertyDeclaration.all.flatMap { d in d.spellings.map { (d.property, $0) } })
    func animateAcceptsExactlyTheAnimatableProperties(_ property: Property, _ spelling: Property) throws {
        let d = property.declaration
        #expect((AnimationKeyPath(rawValue: spelling.rawValue) != nil) == d.animatable, "\(spelling)")
        let line = "animate \(spelling.rawValue) to \(Self.sample(d).text) duration 1"
        if d.animatable {
            var s = Session()
            try Self.eval("add box\nset bounds 0 0 100 50\nset backgroundColor red\n" + line, &s)
            #expect(s.animations.map(\.spec.keyPath.rawValue) == [spelling.rawValue], "\(line)")
        } else {
            let e = try #require(throws: CommandError.self) { try CommandParser.parse(line) }
            #expect(e.message == "\(spelling.rawValue) is a layer property but not animatable")
            #expect(e.column == 9)
            #expect(e.suggestion?.hasPrefix("set it with set \(spelling.rawValue) …; animate one of bounds, ") == true)
        }
    }

    // MARK: One transform grammar

    /// A layer's transform written as file steps, as a command-language string in the file,
    /// and with `set transform`: one matrix, bit for bit (one builder, `TransformSpec.matrix`).
    @Test(arguments: [
        (#"[{"rotate": 90}, {"translate": [10, 0]}]"#, "rotate 90 then translate 10 0"),
        (#"[{"scale": [2, 3]}, {"rotateX": 30}]"#, "scale 2 3 then rotate 30 1 0 0"),
        (#"[{"rotate": 45, "axis": [1, 1, 0]}, {"perspective": 500}]"#, "rotate 45 1 1 0 then perspective 500"),
        (#"[{"translate": [1, 2, 3]}, {"scale": 0.5}]"#, "translate 1 2 3 then scale 0.5"),
        (#"[1, 0, 0, 1, 7, 8]"#, "affine 1 0 0 1 7 8"),
        (#"[]"#, "identity")
    ])
    func fileStepsFileStringsAndCommandsBuildOneMatrix(_ steps: String, _ command: String) throws {
        func fileLayer(_ transform: String) throws -> Layer {
            let scene = try LayoutFile.parse("{\"layers\": [{\"name\": \"a\", \"transform\": \(transform)}]}", file: "t.json", format: .json)
            return try Self.layer(scene, "a")
        }
        let fromSteps = try fileLayer(steps).transform
        let fromString = try fileLayer("\"\(command)\"").transform
        var s = Session()
        try Self.eval("add a\nset transform \(command)", &s)
        let fromCommand = s.scene.tree[try #require(s.scene.tree.id(named: "a"))].transform
        #expect(fromSteps == fromString)
        #expect(fromSteps == fromCommand)
    }

    @Test func rotate90ThenTranslateIsWorkedByHand() throws {
        // R(90°) row-major [0 1 0 0; -1 0 0 0; 0 0 1 0; 0 0 0 1], then T(10, 0) adds (10, 0)
        // to the last row: (1, 0) → (0, 1) → (10, 1).
        let scene = try LayoutFile.parse(#"{"layers": [{"name": "a", "transform": "rotate 90 then translate 10 0"}]}"#, file: "t.json", format: .json)
        let m = try Self.layer(scene, "a").transform.rowMajor
        let expected: [Double] = [0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 10, 0, 0, 1]
        #expect(zip(m, expected).allSatisfy { abs($0 - $1) < 1e-12 }, "\(m)")
    }

    @Test func aBadTransformStringNamesFileLineColumnFieldAndAFix() throws {
        let e = try #require(throws: LayoutError.self) {
            try LayoutFile.parse(#"{"layers": [{"name": "a", "transform": "rotate 30 then skew 4"}]}"#, file: "t.json", format: .json)
        }
        #expect(e.file == "t.json" && e.line == 1 && e.column == 40)
        #expect(e.path == "layers[0].transform")
        #expect(e.message == "\"rotate 30 then skew 4\": unknown transform \"skew\"")
        #expect(e.suggestion?.isEmpty == false)
    }

    @Test func anAnimationTakesEitherSpellingOfATransform() throws {
        let text =
            #"{"layers": [{"name": "a", "bounds": [0, 0, 10, 10]}], "animations": [{"layer": "a", "keyPath": "transform", "to": [{"rotate": 90}], "duration": 1}, {"layer": "a", "keyPath": "sublayerTransform", "to": "rotate 90", "duration": 1}]}"#
        let scene = try LayoutFile.parse(text, file: "t.json", format: .json)
        let tos = scene.animations.compactMap { $0.spec.to }
        #expect(tos.count == 2)
        if case let .transform(a)? = tos.first, case let .transform(b)? = tos.last { #expect(a.matrix == b.matrix) } else { Issue.record("\(tos)") }
    }
}
