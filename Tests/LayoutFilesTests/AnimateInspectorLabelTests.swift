import CommandLanguage
import LayerModel
import LayoutFiles
import Testing

/// `animate` takes Core Animation's key paths (time.md), not the inspector's labels that
/// `get`/`set`/`toggle` take (`PropertyDeclaration.panelLabel`): `anchor` and `z` are no key
/// paths, so they are refused, and the error names the key path to use.
@Suite struct AnimateInspectorLabelTests {
    static func error(_ line: String) -> CommandError? {
        do {
            _ = try CommandParser.parse(line)
            return nil
        } catch { return error }
    }

    @Test func theInspectorsLabelsNameTheirKeyPaths() throws {
        for (label, keyPath, value) in [("anchor", "anchorPoint", "0 0"), ("z", "zPosition", "3")] {
            let e = try #require(Self.error("animate \(label) to \(value)"), "\(label) was taken")
            #expect(e.message == "\"\(label)\" is the inspector's label, not a key path", "\(e)")
            #expect(e.suggestion == "did you mean \"\(keyPath)\"? animate takes Core Animation's key paths", "\(e)")
            #expect(e.column == 9, "the label's column")
            // The key path it names is taken, and so are the labels where set takes them.
            #expect(Self.error("animate \(keyPath) to \(value)") == nil)
            #expect(Self.error("set \(label) \(value)") == nil)
            #expect(Self.error("remove-animations \(label)")?.suggestion?.hasPrefix("did you mean \"\(keyPath)\"?") == true)
        }
    }

    /// Every label of an animatable property, read off the declarations: none is a key path,
    /// each names its property's.
    @Test func everyAnimatableLabelIsRefusedWithItsKeyPath() throws {
        let labels = PropertyDeclaration.all.filter(\.animatable).flatMap { d in
            [d.panelLabel?.layer, d.panelLabel?.view].compactMap { $0 }.filter { $0 != d.property.rawValue }.map { ($0, d.property.rawValue) }
        }
        #expect(Set(labels.map(\.0)) == ["anchor", "z"])
        for (label, keyPath) in labels {
            #expect(Self.error("animate \(label) by 1")?.suggestion?.hasPrefix("did you mean \"\(keyPath)\"?") == true, "\(label)")
        }
    }

    /// A label of a property Core Animation does not animate says so, in the label's words.
    @Test func aLabelOfANonAnimatablePropertySaysSetIt() throws {
        let e = try #require(Self.error("animate isHidden to 1"))
        #expect(e.message == "isHidden is a layer property but not animatable", "\(e)")
        #expect(e.suggestion?.hasPrefix("set it with set isHidden …; animate one of ") == true, "\(e)")
    }

    /// A layout's `animations` read their key paths with the same words: the file, line and
    /// column of the label, and the key path to use.
    @Test func aLayoutsAnimationSaysItToo() throws {
        let text = """
            {"layers": [{"name": "box", "bounds": [0, 0, 10, 10]}],
             "animations": [{"layer": "box", "keyPath": "anchor", "to": [0, 0]}]}
            """
        let e = try #require(throws: LayoutError.self) { try LayoutFile.parse(text, file: "trial.json", format: .json) }
        #expect(e.description.hasPrefix("trial.json:2:45: "), "\(e)")
        #expect(e.description.contains("did you mean \"anchorPoint\"?"), "\(e)")
    }
}
