import CommandLanguage
import Engine
import Explorer
import Geometry
import LayerModel
import Scenes
import Testing

/// Trial finding, part two: the inspector showed `isHidden` but `get isHidden` failed ("did you
/// mean hidden?"). Every name the panel shows is a word `get` takes, and `set` and `toggle`
/// take the settable ones (`PropertyDeclaration.panelLabel`, `Property.named`).
@Suite struct InspectorNamesTests {
    /// A layer that makes every optional row show: an affine transform (the `affine` line), a
    /// sublayerTransform, an autoresizing mask.
    static func scene(kind: LayerKind) throws -> (Session, [PanelLine]) {
        var tree = LayerTree()
        var l = Layer(name: "x", kind: kind)
        l.bounds = Rect(0, 0, 40, 20)
        l.position = Point(50, 60)
        l.anchorPoint = Point(0.25, 0.5)
        l.zPosition = 3
        l.isHidden = true
        l.masksToBounds = true
        l.transform = Transform3D.rotation(.degrees(30))
        l.sublayerTransform = .perspective(eyeDistance: 500)
        l.autoresizingMask = [.flexibleWidth]
        let id = try tree.add(l)
        var session = Session(scene: Scene(tree: tree))
        _ = try session.perform(try CommandParser.parseEngine("select x"))
        return (session, Inspector.lines(tree, layer: id))
    }

    /// The names on the panel: the first word of every row but the layer's title, the notes
    /// (dim) and the matrix rows, and on a field row each word followed by its value (a
    /// number, yes/no, or x/[ starting a point, rect or matrix): `alpha 1 · isHidden no`.
    static func shownNames(_ lines: [PanelLine]) -> [String] {
        var names: [String] = []
        for line in lines.dropFirst() where !line.style.dim {
            let words = line.text.split(separator: " ").map(String.init).filter { $0 != "·" }
            guard let first = words.first, first != "[" else { continue }
            names.append(first)
            guard !line.style.bold else { continue }  // a heading: "sublayerTransform (3D), eye 500"
            for (word, next) in zip(words.dropFirst(), words.dropFirst(2)) where word.first?.isLetter == true && !["x", "y", "w", "h"].contains(word) {
                if Double(next) != nil || ["yes", "no", "x", "["].contains(next) { names.append(word) }
            }
        }
        return names
    }

    @Test(arguments: [LayerKind.layer, .view])
    func everyNameThePanelShowsIsAcceptedByGet(kind: LayerKind) throws {
        var (session, lines) = try Self.scene(kind: kind)
        let names = Self.shownNames(lines)
        // The reading of the panel found what the trial saw (so the loop below is not vacuous).
        let expected =
            kind == .view
            ? [
                "frame", "center", "bounds", "anchor", "z", "zPosition", "anchorPointZ", "alpha", "isHidden", "clips", "flipped", "autoresize", "transform",
                "affine", "sublayerTransform", "effective"
            ]
            : [
                "frame", "position", "bounds", "anchor", "z", "zPosition", "anchorPointZ", "opacity", "hidden", "masks", "flipped", "autoresize", "transform",
                "affine", "sublayerTransform", "effective"
            ]
        #expect(names == expected, "\(lines.map(\.text))")
        for name in names {
            let property = try #require(Property.named(name), "\(name) names no property")
            let viaPanelName = try session.perform(try CommandParser.parseEngine("get \(name)"))
            let viaSpelling = try session.perform(try CommandParser.parseEngine("get \(property.rawValue)"))
            #expect(viaPanelName == viaSpelling, "get \(name)")
        }
    }

    /// The answers themselves, worked out by hand for the trial's names.
    @Test func panelNamesAnswerAsTheirProperties() throws {
        var (session, _) = try Self.scene(kind: .view)
        func ask(_ q: String) throws -> String {
            guard case let .answer(json) = try session.perform(try CommandParser.parseEngine(q)) else { return "not an answer" }
            return json
        }
        #expect(try ask("get isHidden") == #"{"bool":true}"#)
        #expect(try ask("get clips") == #"{"bool":true}"#)
        #expect(try ask("get flipped") == #"{"bool":false}"#)
        #expect(try ask("get anchor") == #"{"point":[0.25,0.5]}"#)
        #expect(try ask("get z") == #"{"number":3}"#)
        #expect(try ask("get layer.isHidden") == #"{"bool":true}"#)
    }

    /// `set` and `toggle` take the panel's names too; each edit lands on the property named.
    @Test func setAndToggleTakeThePanelNames() throws {
        var (session, _) = try Self.scene(kind: .view)
        func run(_ c: String) throws { _ = try session.perform(try CommandParser.parseEngine(c)) }
        func layer() -> Layer { session.scene.tree[session.scene.tree.id(named: "x")!] }
        try run("set isHidden false")
        #expect(layer().isHidden == false)
        try run("toggle isHidden")
        #expect(layer().isHidden == true)
        try run("toggle clips")
        #expect(layer().masksToBounds == false)
        try run("set masks true")
        #expect(layer().masksToBounds == true)
        try run("toggle flipped")
        #expect(layer().isGeometryFlipped == true)
        try run("set anchor 0 0")
        #expect(layer().anchorPoint == Point(0, 0))
        try run("set z 7")
        #expect(layer().zPosition == 7)
        try run("set autoresize W+H")
        #expect(layer().autoresizingMask == [.flexibleWidth, .flexibleHeight])
        try run("set affine affine 1 0 0 1 5 6")
        #expect(layer().transform.isAffine && layer().transform.affine == Affine2D(a: 1, b: 0, c: 0, d: 1, tx: 5, ty: 6))
        // The derived matrix stays read-only under its panel name too.
        #expect(throws: CommandError.self) { try CommandParser.parseEngine("set effective identity") }
    }

    /// Files keep the spellings only: the panel's words are command words, not layout fields.
    @Test func panelNamesAreNotFileFields() {
        #expect(Property(rawValue: "isHidden") == nil)
        #expect(Property.named("isHidden") == .hidden)
        #expect(Property.named("clipsToBounds") == .clipsToBounds)  // a spelling names itself
    }
}
