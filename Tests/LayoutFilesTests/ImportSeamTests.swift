import Foundation
import Mutation
import TestSupport
import Geometry
import Testing
import LayerModel
@testable import LayoutFiles

/// Issue 36 (importers) and issue 31 (the import seam): each finding's exact input, work
/// counted rather than timed, and one registry every entry point reads.
@Suite("Import seam and linear importers")
struct ImportSeamTests {
    // MARK: Issue 36: the 472-byte nested-delegate po dump

    /// A po layer description with `count` unclosed `delegate = <V);` in a row: an 84-byte
    /// head, 16 bytes a delegate, ">\n".
    static func nestedDelegates(_ count: Int) -> String {
        "<CALayer: 0x600000c3a000; position = CGPoint (10 10); bounds = CGRect (0 0; 20 20); "
            + String(repeating: "delegate = <V); ", count: count) + ">\n"
    }

    @Test func theNestedDelegateDumpImportsWithWorkLinearInItsLength() throws {
        let text = Self.nestedDelegates(25)
        #expect(text.utf8.count == 84 + 25 * 16 + 2)
        let dump = try RecursiveDescriptionImporter.importDump(text, file: "po.txt", lenient: true)
        #expect(dump.scene.tree.count == 1)
        // Work: each byte scanned a bounded number of times, whatever the count of delegates.
        // Before, each more delegate doubled it (15 s at 25).
        let w25 = RecursiveDescriptionParser.parseCountingWork(text, file: "po.txt", lenient: true).work
        let w50 = RecursiveDescriptionParser.parseCountingWork(Self.nestedDelegates(50), file: "po.txt", lenient: true).work
        #expect(w25 <= 4 * text.utf8.count)
        #expect(w50 - w25 <= 4 * 25 * 16)
        // Strict reads it too (the delegate's own description is read for its class only).
        _ = try RecursiveDescriptionImporter.importDump(text, file: "po.txt", lenient: false)
    }

    @Test func theReportedBytesImport() throws {
        // The report's size, 472 bytes: a 70-byte head, 25 × 16, ">\n" (the file itself was not
        // attached; this is its shape: 25 unclosed delegates in one po description).
        let text = "<CALayer:0x1; position = CGPoint (1 1); bounds = CGRect (0 0; 1 1); x;" + String(repeating: "delegate = <V); ", count: 25) + ">\n"
        #expect(text.utf8.count == 472)
        let (result, work) = RecursiveDescriptionParser.parseCountingWork(text, file: "po.txt", lenient: true)
        #expect(work <= 4 * 472)
        _ = try result.get()
    }

    // MARK: Issue 36: the po layer import, linear

    /// One root layer listing `count − 1` sublayers by address, each described after it: how
    /// `po` prints a flat layer tree (the report's 100 000 took 9.6 s; quadratic in moves).
    static func poTree(_ count: Int) -> String {
        var out = "<CALayer: 0x1; position = CGPoint (187.5 406); bounds = CGRect (0 0; 375 812); sublayers = ("
        out += (2...count).map { "<CALayer: 0x\(String($0, radix: 16))>" }.joined(separator: ", ") + ")>\n"
        for i in 2...count { out += "<CALayer: 0x\(String(i, radix: 16)); position = CGPoint (\(i % 375) \(i % 812)); bounds = CGRect (0 0; 10 10)>\n" }
        return out
    }

    @Test func aFlatPoTreeNestsEveryListedLayerUnderItsListerAndReadsInLinearWork() throws {
        let text = Self.poTree(2_000)
        let dump = try RecursiveDescriptionImporter.importDump(text, file: "flat.txt", lenient: false)
        let tree = dump.scene.tree
        #expect(tree.roots.count == 1)
        let root = tree.roots[0]
        #expect(tree[root].sublayers.count == 1_999)
        // In the order the root lists them: CALayer#2 … CALayer#2000 (named in the file's order).
        #expect(tree[tree[root].sublayers[0]].name == "CALayer#2")
        #expect(tree[tree[root].sublayers[1_998]].name == "CALayer#2000")
        // The screen is the root's extent only: the nested layers' positions are in its space.
        #expect(dump.scene.screen == Size(width: 812, height: 812))
        let small = RecursiveDescriptionParser.parseCountingWork(Self.poTree(2_000), file: "a", lenient: true).work
        let large = RecursiveDescriptionParser.parseCountingWork(Self.poTree(4_000), file: "a", lenient: true).work
        let bytes = (Self.poTree(2_000).utf8.count, Self.poTree(4_000).utf8.count)
        #expect(small <= 4 * bytes.0 && large <= 4 * bytes.1)
    }

    // MARK: Issue 36: deeper than a layout file nests

    static func sentry(depth: Int) -> String {
        var node = "{\"type\": \"UIView\", \"x\": 1, \"y\": 1, \"width\": 10, \"height\": 10}"
        for _ in 1..<depth { node = "{\"type\": \"UIView\", \"x\": 1, \"y\": 1, \"width\": 10, \"height\": 10, \"children\": [\(node)]}" }
        return "{\"rendering_system\": \"UIKIT\", \"windows\": [\(node)]}"
    }

    static func sdcaLayerJSON(depth: Int) -> String {
        var node = "{\"class\": \"CALayer\", \"layerModel\": {\"bounds\": [[0, 0], [10, 10]], \"position\": [5, 5]}}"
        for _ in 1..<depth {
            node = "{\"class\": \"CALayer\", \"layerModel\": {\"bounds\": [[0, 0], [10, 10]], \"position\": [5, 5], \"sublayers\": [\(node)]}}"
        }
        return node
    }

    static func sdcaLayerYAML(depth: Int) -> String {
        var out = ""
        for level in 0..<depth {
            let pad = String(repeating: "    ", count: level)
            out += (level == 0 ? "" : pad.dropLast(2) + "- ") + "class: CALayer\n"
            out += pad + "layerModel:\n" + pad + "  position: [5, 5]\n" + pad + "  bounds: [[0, 0], [10, 10]]\n"
            if level < depth - 1 { out += pad + "  sublayers:\n" }
        }
        return out
    }

    @Test(arguments: ["sentry", "sdcalayer-json", "sdcalayer-yaml"])
    func deepJSONAndYAMLDumpsHangAtLevel99AndAreListed(_ form: String) throws {
        let text: String
        switch form {
        case "sentry": text = Self.sentry(depth: 120)
        case "sdcalayer-json": text = Self.sdcaLayerJSON(depth: 120)
        default: text = Self.sdcaLayerYAML(depth: 120)
        }
        #expect(ImportForms.form(of: text) != nil)
        let dump = try ImportForms.importText(text, file: "deep", lenient: true)
        #expect(dump.scene.tree.count == 120)
        #expect(maxDepth(dump.scene.tree) == 98)
        #expect(dump.skipped.count == 1)
        let message = try #require(dump.skipped.first?.message)
        #expect(message.contains("this dump nests") && message.contains("(21 layers that deep, all hung at level 99)"))
        #expect(!message.contains("layout files allow"))
        // It writes and reads back.
        let written = LayoutFile.encode(dump.scene, format: .json)
        #expect(try LayoutFile.parse(written, file: "w.json", format: .json).tree.count == 120)
        // Strict stops there, with the same words.
        let e = try #require(throws: LayoutError.self) { try ImportForms.importText(text, file: "deep", lenient: false) }
        #expect(e.message.contains("this dump nests"))
    }

    @Test func aRecursiveDescriptionAndAnAppKitDumpDeeperThan99AreListedAlike() throws {
        let dump = try ImportForms.importText(RecursiveDescriptionSample.deep(levels: 120), file: "deep.txt", lenient: true)
        #expect(dump.scene.tree.count == 120 && maxDepth(dump.scene.tree) == 98)
        #expect(dump.skipped.count == 1)
        var appKit = ""
        for level in 0..<120 {
            appKit += String(repeating: "  ", count: level) + "[   AF    ! wLU ] h=--- v=--- NSView f=(0,0,10,10) b=(-) => <NSViewBackingLayer>\n"
        }
        let a = try ImportForms.importText(appKit, file: "appkit.txt", lenient: true)
        #expect(a.scene.tree.count == 120 && maxDepth(a.scene.tree) == 98)
        #expect(a.skipped.count == 1 && a.skipped[0].message.contains("(21 layers that deep, all hung at level 99)"))
    }

    // MARK: Issue 31: the malformed 20 000-line dump

    /// 20 000 unclosed descriptions, each on a line that does not start a view of its own
    /// (`x = <UIView…`), so each was read as the one before's continuation, then read again.
    static func unclosed(_ lines: Int) -> String {
        "<UIView: 0x1; frame = (0 0; 375 812)>\n" + (0..<lines).map { "x = <UIView: 0x\(String($0, radix: 16)); frame = (0 0; 10\n" }.joined()
    }

    @Test(arguments: [true, false])
    func malformedDumpsAreReadInWorkLinearInTheirLength(_ lenient: Bool) throws {
        for make in [Self.unclosed, RecursiveDescriptionSample.malformed] {
            let a = make(10_000), b = make(20_000)
            let wa = RecursiveDescriptionParser.parseCountingWork(a, file: "m.txt", lenient: lenient).work
            let wb = RecursiveDescriptionParser.parseCountingWork(b, file: "m.txt", lenient: lenient).work
            #expect(wa <= 5 * a.utf8.count, "\(wa) for \(a.utf8.count) bytes")
            #expect(wb <= 5 * b.utf8.count, "\(wb) for \(b.utf8.count) bytes")
        }
        // The lenient import keeps the first view and lists the rest as one unclosed description.
        let dump = try ImportForms.importText(Self.unclosed(20_000), file: "m.txt", lenient: true)
        #expect(dump.scene.tree.count >= 1)
    }

    // MARK: Issue 31: one registry, every entry point

    @Test func everyCorpusDumpIsRecognisedAndImportedTheSameWayByEveryEntryPoint() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: try dumpURL("").path).filter { $0 != "MANIFEST.md" }.sorted()
        #expect(files.count >= 51)
        let names = ImportForms.all.map(\.name)
        #expect(Set(names).count == names.count)
        var seen: Set<String> = []
        for file in files {
            let text = try dumpText(file)
            // `layerscope FILE` and `check` ask the registry which form it is.
            let form = try #require(ImportForms.form(of: text), "\(file) is recognised by no form")
            seen.insert(form.name)
            // Exactly the first form that sniffs it: the one `import` (importDump) uses.
            let viaImport = Result { () throws(LayoutError) in try RecursiveDescriptionImporter.importDump(text, file: file, lenient: true) }
            let viaForm = Result { () throws(LayoutError) in try form.importText(text, file: file, lenient: true) }
            switch (viaImport, viaForm) {
            case (.success(let a), .success(let b)):
                #expect(a.scene.tree.treeOrder.map { a.scene.tree[$0].name } == b.scene.tree.treeOrder.map { b.scene.tree[$0].name }, "\(file)")
                #expect(a.scene.title == b.scene.title)
            case (.failure(let a), .failure(let b)):
                #expect(a == b, "\(file)")
            default:
                Issue.record("\(file): import and \(form.name) disagree")
            }
            // The fuzzer reads it through the same registry, and what it accepts reopens.
            let fuzzed = DumpFuzzTarget.run(Array(text.utf8))
            #expect(fuzzed.problem == nil, "\(file): \(fuzzed.problem ?? "")")
        }
        // Every registered form has a dump of its own here: a new form comes with one.
        #expect(seen == Set(names), "forms with no dump in Dumps/: \(Set(names).subtracting(seen).sorted())")
        // A layout file is no form's.
        #expect(ImportForms.form(of: "{\"layers\": [{\"name\": \"a\", \"frame\": [0, 0, 1, 1]}]}") == nil)
        #expect(ImportForms.form(of: "layers:\n  - name: a\n    frame: [0, 0, 1, 1]\n") == nil)
    }

    @Test func aDumpWhoseFirstViewIsPastTheFirst200LinesIsRecognised() throws {
        // Before, `layerscope FILE` looked at 200 lines and `import` read the whole text.
        let text = String(repeating: "(lldb) some other output\n", count: 300) + "<UIView: 0x1; frame = (0 0; 10 10)>\n"
        #expect(ImportForms.form(of: text) is RecursiveDescriptionForm)
        #expect(try ImportForms.importText(text, file: "late.txt", lenient: true).scene.tree.count == 1)
    }
}
