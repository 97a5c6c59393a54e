import Foundation
import Mutation
import Geometry
import LayerModel
@testable import LayoutFiles
import Testing

/// Dumps the long fuzz run (`layerscope-fuzz`, seed 15, 100 000 inputs a target) found that
/// imported but could not be saved and read back, cut down to the line that mattered. Each
/// must now import into a scene that reopens equal in JSON and in YAML.
@Suite struct FuzzFoundDumpTests {
    func imported(_ text: String) throws -> ImportedDump {
        try RecursiveDescriptionImporter.importDump(text, file: "fuzz.txt", lenient: true)
    }

    func reopensEqual(_ text: String) {
        let (accepted, problem) = DumpFuzzTarget.run(Array(text.utf8))
        #expect(accepted)
        #expect(problem == nil)
    }

    @Test func aPrintedLayerWithANegativeBoundsWidthIsKeptAsAContainer() throws {
        // `bounds = CGRect (0 0; -0140.5 29)`: a layout file refuses a negative bounds size, so
        // the layer is kept without geometry and the skip says why, with the line.
        let text = """
            <CALayer:0x7fd3bb0e0a60; position = CGPoint (68.25 11); bounds = CGRect (0 0; -0140.5 29)>
            <CALayer:0x7fd3bb0e0b70; position = CGPoint (10 10); bounds = CGRect (0 0; 20 20)>
            """
        let dump = try imported(text)
        #expect(dump.skipped.count == 1)
        #expect(dump.skipped.first?.line == 1)
        #expect(
            dump.skipped.first?.message
                == "rebuilt from its printed values, this view's bounds 0 0 -140.5 29 has a negative width or height, which a layout file refuses")
        // The second layer is imported with its geometry: bounds 20 × 20 about (10, 10).
        let second = try #require(dump.scene.tree.id(named: "CALayer#2"))
        #expect(dump.scene.tree[second].frame == Rect(x: 0, y: 0, width: 20, height: 20))
        // --strict stops at it.
        #expect(throws: LayoutError.self) { try RecursiveDescriptionImporter.importDump(text, file: "fuzz.txt", lenient: false) }
        reopensEqual(text)
    }

    @Test(arguments: ["\t", "\u{2028}", "  "])
    func anAppKitLineWithOtherSpaceBeforeItsFlagsKeepsItsClassName(space: String) throws {
        // `[flags]`, then a tab or a line separator instead of a space: the class is still the
        // first word after h= and v=, not the space itself (which made a blank name).
        let text = "[   A     ! W U ]\(space)h=--- v=--- NSView f=(0,0,10,10) b=(-) => <NSViewBackingLayer>\n"
        let dump = try imported(text)
        #expect(dump.scene.tree.names.sorted() == ["NSView"])
        reopensEqual(text)
    }

    @Test func anAppKitViewWhoseCenterWouldPass1e9IsSkippedAndItsSubviewsMoveUp() throws {
        // f=(0,1e9,10,10): every printed number is within ±1e9, but the center's y is
        // 1e9 + 10 / 2 = 1000000005, which a layout file cannot hold (seed 202 found it).
        let text = """
            [   A     ! W U ] h=--- v=--- NSView f=(0,0,100,100) b=(-) => <NSViewBackingLayer>
              [   A     ! W U ] h=--- v=--- NSBox f=(0,1e9,10,10) b=(-) => <NSViewBackingLayer>
                [   A     ! W U ] h=--- v=--- NSButton f=(1,2,3,4) b=(-) => <NSViewBackingLayer>
            """
        let dump = try imported(text)
        #expect(dump.skipped.map(\.message) == ["NSBox: its center (1000000005.0) is past the ±1e9 a layout file can hold"])
        #expect(dump.skipped.first?.line == 2)
        let tree = dump.scene.tree
        #expect(tree.names.sorted() == ["NSButton", "NSView"])
        // The box's subview joins the box's superview.
        #expect(tree[try #require(tree.id(named: "NSButton"))].superlayer == tree.id(named: "NSView"))
        #expect(throws: LayoutError.self) { try RecursiveDescriptionImporter.importDump(text, file: "fuzz.txt", lenient: false) }
        reopensEqual(text)
    }

    @Test func aClassNameOfOnlyInvisibleCharactersGivesTheFallbackName() {
        var names = ImportedNames(classNames: ["\u{FEFF}", "UI\u{200B}Label", "UILabel"])
        #expect(names.next(forClass: "\u{FEFF}", fallback: "view") { _ in false } == "view")
        // Invisible characters are left out of a name; "UILabel" appears once, so no number.
        #expect(names.next(forClass: "UI\u{200B}Label", fallback: "view") { _ in false } == "UILabel")
        // Taken: a prime.
        #expect(names.next(forClass: "UILabel", fallback: "view") { $0 == "UILabel" } == "UILabel'")
    }

    @Test func aSentryTypeWrappedInByteOrderMarksReopensInYAML() throws {
        // Yams drops a leading U+FEFF from every scalar (Foundation reads it as a byte order
        // mark); the note, which starts with the type as printed, lost it on the way back.
        let text = #"{"rendering_system":"UIKIT","windows":[{"type":"\u{FEFF}UIWindow\u{FEFF}","width":10,"height":10,"x":0,"y":0}]}"#
            .replacingOccurrences(of: "\\u{FEFF}", with: "\u{FEFF}")
        let dump = try imported(text)
        #expect(dump.scene.tree.names.sorted() == ["UIWindow"])
        let window = dump.scene.tree[try #require(dump.scene.tree.id(named: "UIWindow"))]
        #expect(window.note?.unicodeScalars.first == "\u{FEFF}")
        reopensEqual(text)
    }
}
