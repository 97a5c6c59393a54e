import Foundation
import Geometry
import Testing
import LayerModel
import LayoutFiles

/// One row of Dumps/MANIFEST.md: the file, how many layers the default import gives (nil =
/// the whole file is refused with an explanation), and where `--strict` stops (nil = it
/// imports too).
struct DumpEntry: CustomStringConvertible, Sendable {
    var file: String
    var layers: Int?
    var strictStop: (line: Int, column: Int)?
    var description: String { file }

    static func all() throws -> [DumpEntry] {
        let text = try String(contentsOf: try dumpURL("MANIFEST.md"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count > 4, cells[1].hasSuffix(".txt") || cells[1].hasSuffix(".json") || cells[1].hasSuffix(".yaml") else { return nil }
            let stop = cells[3].split(separator: ":").compactMap { Int($0) }
            return DumpEntry(file: cells[1], layers: Int(cells[2]), strictStop: stop.count == 2 ? (stop[0], stop[1]) : nil)
        }
    }
}

func dumpURL(_ name: String) throws -> URL {
    try #require(Bundle.module.url(forResource: "Dumps", withExtension: nil)).appendingPathComponent(name)
}

func dumpText(_ name: String) throws -> String {
    try String(contentsOf: try dumpURL(name), encoding: .utf8)
}

/// The depth of each view as the text shows it, counted independently of the parser: the
/// `|` marks before the first `<Letter` on the line, or (no `|` anywhere) the indentation
/// in steps of the second line's indentation.
func depthsByEye(_ text: String) -> [Int] {
    let lines = text.split(separator: "\n").filter { line in
        line.range(of: #"<[A-Za-z_][A-Za-z0-9_.$]*[:;]"#, options: .regularExpression) != nil
    }
    let usesPipes = lines.contains { $0.contains("|") }
    var widths: [Int] = []
    let depths: [Int] = lines.map { line in
        let lt = line.range(of: #"<[A-Za-z_][A-Za-z0-9_.$]*[:;]"#, options: .regularExpression)!.lowerBound
        let prefix = line[..<lt]
        if usesPipes { return prefix.filter { $0 == "|" }.count }
        let w = prefix.prefix { $0 == " " }.count
        if widths.isEmpty { widths = [w] }
        while let last = widths.last, w < last { widths.removeLast() }
        if w > widths.last! { widths.append(w) }
        return widths.count - 1
    }
    // An excerpt may start deeper than level 0: the importer rebases it.
    let base = depths.first ?? 0
    return depths.map { max(0, $0 - base) }
}

/// Sentry view-hierarchy.json nodes in pre-order with their depth, read with Foundation's
/// JSON parser (independent of the importer's).
func sentryNodes(_ text: String) throws -> [(depth: Int, frame: [Double])] {
    let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    var out: [(Int, [Double])] = []
    var work: [([String: Any], Int)] = ((root["windows"] as? [[String: Any]]) ?? []).reversed().map { ($0, 0) }
    while let (node, depth) = work.popLast() {
        let f = ["x", "y", "width", "height"].map { (node[$0] as? NSNumber)?.doubleValue ?? 0 }
        out.append((depth, f))
        for child in ((node["children"] as? [[String: Any]]) ?? []).reversed() { work.append((child, depth + 1)) }
    }
    return out
}

@Suite("Real recursiveDescription dumps import")
struct DumpCorpusTests {
    @Test("The corpus holds at least 40 real texts")
    func corpusSize() throws {
        #expect(try DumpEntry.all().count >= 40)
        // Every file in the folder is in the manifest, and every row names a file.
        let folder = try dumpURL("")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "MANIFEST.md" }
        #expect(Set(files) == Set(try DumpEntry.all().map(\.file)))
    }

    @Test("Every file imports with the manifest's layer count; --strict imports it too or stops where the manifest says", arguments: try DumpEntry.all())
    func imports(_ entry: DumpEntry) throws {
        let text = try dumpText(entry.file)
        guard let layers = entry.layers else {
            // Refused as a whole, in both modes, with the reason.
            for lenient in [true, false] {
                do {
                    _ = try RecursiveDescriptionImporter.importDump(text, file: entry.file, lenient: lenient)
                    Issue.record("expected \(entry.file) to be refused")
                } catch {
                    #expect(error.message.contains("view-controller tree"))
                    #expect(error.suggestion?.contains("recursiveDescription") == true)
                }
            }
            return
        }
        let imported = try RecursiveDescriptionImporter.importDump(text, file: entry.file, lenient: true)
        #expect(imported.scene.tree.count == layers)
        // What is written reopens: the JSON passes the reader `check` uses.
        let json = LayoutFile.encode(imported.scene, format: .json)
        let reopened = try LayoutFile.parse(json, file: "reopen.json", format: .json)
        #expect(reopened.tree.count == layers)
        if let stop = entry.strictStop {
            #expect(!imported.skipped.isEmpty)
            #expect(imported.skipped.first?.line == stop.line && imported.skipped.first?.column == stop.column)
            do {
                _ = try RecursiveDescriptionImporter.importDump(text, file: entry.file, lenient: false)
                Issue.record("expected --strict to stop")
            } catch {
                #expect(error.line == stop.line && error.column == stop.column, "\(error.description)")
            }
        } else {
            #expect(imported.skipped.isEmpty)
            let strict = try RecursiveDescriptionImporter.importDump(text, file: entry.file, lenient: false)
            #expect(strict.scene.tree.count == layers)
        }
    }

    @Test("Every printed frame and anchorPoint is reproduced to the printed precision, or the view says why not", arguments: try DumpEntry.all())
    func framesReproduce(_ entry: DumpEntry) throws {
        guard entry.layers != nil else { return }
        let text = try dumpText(entry.file)
        let imported = try RecursiveDescriptionImporter.importDump(text, file: entry.file, lenient: true)
        let tree = imported.scene.tree
        if SDCALayerImport.looksLike(text) {
            // SDCALayer: every layer's bounds, position, anchorPoint, transform… as written
            // (SDCALayerImportTests.swift).
            try expectSDCALayerGeometry(entry.file, text, tree)
            return
        }
        if SentryViewHierarchy.looksLike(text) {
            // Sentry's JSON: every node's x y width height is its layer's frame in its parent.
            let nodes = try sentryNodes(text)
            #expect(nodes.count == tree.count)
            for (id, node) in zip(tree.treeOrder, nodes) {
                let f = node.frame
                #expect(tree[id].frame == Rect(x: f[0], y: f[1], width: f[2], height: f[3]), "\(entry.file) \(tree[id].name)")
            }
            return
        }
        if AppKitSubtreeDescription.looksLike(text), !text.contains("; frame = (") {
            // AppKit: each layer's frame (in its superview's space, AppKit's convention) is the
            // printed f=(x,y,w,h), number for number.
            let printed = text.split(separator: "\n").compactMap { line -> [Double]? in
                guard let r = line.range(of: " f=(") else { return nil }
                return line[r.upperBound...].prefix { $0 != ")" }.split(separator: ",").compactMap { Double($0) }
            }
            #expect(printed.count == tree.count)
            for (id, f) in zip(tree.treeOrder, printed) {
                #expect(tree[id].frame == Rect(x: f[0], y: f[1], width: f[2], height: f[3]), "\(entry.file) \(tree[id].name)")
            }
            return
        }
        let parse = try RecursiveDescriptionParser.parse(text, file: entry.file, lenient: true)
        let order = tree.treeOrder.filter { tree[$0].note?.contains("listed in the sublayers of") != true }
        try #require(order.count == parse.views.count)
        // Each layer's note ends with its line in the dump (po layers may be re-nested, so
        // tree order can differ from the file's).
        var byLine: [Int: LayerID] = [:]
        for id in order { if let n = tree[id].note?.split(separator: " ").last.flatMap({ Int($0) }) { byLine[n] = id } }
        for view in parse.views {
            let id = try #require(byLine[view.line])
            let layer = tree[id]
            if let note = layer.note, note.contains("APPROXIMATE") {
                #expect(imported.approximate.contains { $0.name == layer.name })
                continue
            }
            let f = layer.frame
            for (value, token) in zip([f.minX, f.minY, f.width, f.height], view.frameTokens) {
                #expect(RecursiveDescriptionImporter.matchesPrinted(value, token), "\(entry.file):\(view.line) \(layer.name): \(value) vs \(token)")
            }
            for (value, token) in zip([layer.anchorPoint.x, layer.anchorPoint.y], view.anchorTokens) {
                #expect(RecursiveDescriptionImporter.matchesPrinted(value, token), "\(entry.file):\(view.line) \(layer.name) anchorPoint")
            }
            if view.isLayerDescription {
                for (value, token) in zip([layer.position.x, layer.position.y], view.positionTokens) {
                    #expect(RecursiveDescriptionImporter.matchesPrinted(value, token))
                }
                let b = layer.bounds
                for (value, token) in zip([b.minX, b.minY, b.width, b.height], view.boundsTokens) {
                    #expect(RecursiveDescriptionImporter.matchesPrinted(value, token))
                }
                // The delegate view's printed frame is the frame the layer's geometry gives.
                for (value, token) in zip([f.minX, f.minY, f.width, f.height], view.delegateFrameTokens) {
                    #expect(RecursiveDescriptionImporter.matchesPrinted(value, token), "\(entry.file) delegate frame")
                }
            }
        }
    }

    @Test("The tree's shape matches the printed nesting", arguments: try DumpEntry.all())
    func shape(_ entry: DumpEntry) throws {
        guard entry.layers != nil, entry.strictStop == nil else { return }  // skipped lines change the shape
        let text = try dumpText(entry.file)
        let tree = try RecursiveDescriptionImporter.importDump(text, file: entry.file).scene.tree
        let depths = tree.treeOrder.map { tree.depth(of: $0) }
        if SDCALayerImport.looksLike(text) {
            #expect(depths == (try sdcaNodes(text)).map(\.depth))
            return
        }
        if SentryViewHierarchy.looksLike(text) {
            #expect(depths == (try sentryNodes(text)).map(\.depth))
            return
        }
        if AppKitSubtreeDescription.looksLike(text), !text.contains("; frame = (") {
            // Two spaces a level.
            let eye = text.split(separator: "\n").filter { $0.contains(" f=(") }.map { $0.prefix { $0 == " " }.count / 2 }
            #expect(depths == eye)
            return
        }
        #expect(depths == depthsByEye(text))
    }
}

@Suite("Reconstructing bounds, center and transform from a printed frame")
struct ReconstructionTests {
    func importFile(_ name: String, lenient: Bool = false) throws -> LayerTree {
        try RecursiveDescriptionImporter.importDump(try dumpText(name), file: name, lenient: lenient).scene.tree
    }

    @Test("A 90° landscape root: frame (0 0; 320 480) under [0, -1, 1, 0, 0, 0] has bounds 480×320")
    func landscape() throws {
        // fw = |a|w + |c|h = h = 320; fh = |b|w + |d|h = w = 480; center = frame centre (160, 240).
        let tree = try importFile("15-cnblogs-rotation-landscape.txt")
        let v = tree[try #require(tree.id(named: "UIView"))]
        #expect(v.bounds == Rect(x: 0, y: 0, width: 480, height: 320))
        #expect(v.position == Point(x: 160, y: 240))
        #expect(v.transform.m12 == -1 && v.transform.m21 == 1)
        #expect(v.frame.isApproximatelyEqual(to: Rect(x: 0, y: 0, width: 320, height: 480), tolerance: 1e-9))
        #expect(v.autoresizingMask == [.flexibleWidth, .flexibleHeight])
        #expect(v.note?.contains("0x8075390") == true)
    }

    @Test("A view rotated by π/8 whose frame is (-15.3281 -15.3281; 130.656 130.656) was 100×100 at (50, 50)")
    func rotatedCover() throws {
        // cos 22.5° = 0.92388, sin = 0.382683: w = h = 130.656 / 1.306563 = 99.99995 (printed digits);
        // centre = -15.3281 + 130.656 / 2 = 49.9999 — the printed digits are rounded (±0.00005 and
        // ±0.0005), so the centre is 50 to within 0.0003.
        let tree = try importFile("07-sentry-rotated-cover.txt")
        let v = tree[try #require(tree.id(named: "UIView#2"))]
        #expect(abs(v.bounds.width - 100) < 1e-3 && abs(v.bounds.height - 100) < 1e-3)
        #expect(abs(v.position.x - 50) < 3e-4 && abs(v.position.y - 50) < 3e-4)
        #expect(v.note?.contains("APPROXIMATE") == false)
    }

    @Test("contentOffset {0, -20} becomes the table view's bounds.origin; its cells stay where printed")
    func contentOffset() throws {
        let tree = try importFile("03-pointfree-tableview.txt")
        let table = tree[try #require(tree.id(named: "UITableView"))]
        #expect(table.bounds == Rect(x: 0, y: -20, width: 320, height: 568))
        #expect(table.sublayers.count == 22)  // 10 cells, 10 separators, 2 scroll indicators
        let cell = tree[try #require(tree.id(named: "UITableViewCell#1"))]
        #expect(cell.frame == Rect(x: 0, y: 396, width: 320, height: 44))
        // Its on-screen top is 396 − (−20) = 416 below the table's top.
        let top = try #require(tree.convert(Point(x: 0, y: 0), from: tree.id(named: "UITableViewCell#1"), to: nil))
        #expect(top == Point(x: 0, y: 416))
    }

    @Test("alpha, hidden, clipsToBounds, userInteractionEnabled, opaque and tag carry over")
    func flags() throws {
        let tree = try importFile("13-cycript-iconsole-elided.txt", lenient: true)
        let badge = tree[try #require(tree.id(named: "MMBadgeView#2"))]
        #expect(badge.isHidden && !badge.isUserInteractionEnabled)
        #expect(badge.note?.contains("opaque NO") == true)
        #expect(badge.note?.contains("baseClass UIImageView") == true)
        let label = tree[try #require(tree.id(named: "MMUILabel#1"))]
        #expect(label.note?.contains("tag 10032") == true)
        let transition = tree[try #require(tree.id(named: "UITransitionView"))]
        #expect(transition.masksToBounds)
        // The badges after the "..." gap are 3 levels deep: they hang under the last view at depth 2.
        #expect(badge.superlayer == tree.id(named: "UITransitionView"))
        let alpha = try importFile("05-sentry-alpha-labels.txt")
        #expect(alpha[try #require(alpha.id(named: "UILabel#2"))].opacity == 0.5)
        #expect(alpha[try #require(alpha.id(named: "UILabel#1"))].opacity == 0)
    }

    @Test("Class names: module prefixes and mangled Swift names give short unique names")
    func names() throws {
        #expect(RecursiveDescriptionImporter.shortClassName("UIKit._UISliderGlassVisualElement") == "_UISliderGlassVisualElement")
        #expect(RecursiveDescriptionImporter.shortClassName("_TtCC12BaseKeyboard10BannerView10BannerCell") == "BannerCell")
        let tree = try importFile("06-sentry-mangled-swift-classes.txt")
        #expect(tree.id(named: "IgnoreContainer") != nil && tree.id(named: "AnotherLabel") != nil)
        let slider = try importFile("08-sentry-slider-ios26.txt")
        #expect(slider.id(named: "_UISliderGlassVisualElement") != nil)
        #expect(slider.id(named: "UIView#6") != nil && slider.id(named: "UIView#7") == nil)
    }

    @Test("A description inside a description (<<_UITextContainerView: …>> minSize = …>) is one view")
    func nestedDescription() throws {
        let tree = try importFile("11-cycript-apple-id-sheet.txt")
        let container = tree[try #require(tree.id(named: "_UITextContainerView#1"))]
        #expect(container.frame == Rect(x: 0, y: 0, width: 315.5, height: 54.5))
        #expect(tree[try #require(tree.id(named: "_UITextViewCanvasView#1"))].superlayer == tree.id(named: "_UITextContainerView#1"))
    }

    @Test("%g precision: 6 significant digits, or more when printed")
    func precision() {
        // "161.333": unit 0.001 → tolerance 0.0005.
        #expect(RecursiveDescriptionImporter.matchesPrinted(161.3333333, "161.333"))
        #expect(!RecursiveDescriptionImporter.matchesPrinted(161.334, "161.333"))
        // "100" under %g is 100.000: 100.0004 prints "100", 100.0006 prints "100.001".
        #expect(RecursiveDescriptionImporter.matchesPrinted(100.0004, "100"))
        #expect(!RecursiveDescriptionImporter.matchesPrinted(100.0006, "100"))
        #expect(RecursiveDescriptionImporter.matchesPrinted(0.92387953251128674, "0.92387953251128674"))
    }
}

@Suite("Bad dumps: located errors, and --lenient keeps the rest")
struct DumpErrorTests {
    @Test("An elided line ('...') between views stops a strict import at line 9 column 1")
    func elision() throws {
        let text = try dumpText("13-cycript-iconsole-elided.txt")
        do {
            _ = try RecursiveDescriptionImporter.importDump(text, file: "d.txt")
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 9 && error.column == 1)
            #expect(error.message.contains("expected a view description"))
            #expect(error.suggestion?.contains("--strict") == true)  // skipping is the default now
        }
        let lenient = try RecursiveDescriptionImporter.importDump(text, file: "d.txt", lenient: true)
        #expect(lenient.scene.tree.count == 11)
        #expect(lenient.skipped.map(\.line) == [9])
        #expect(lenient.scene.notes?.contains("Skipped") == true)
    }

    @Test("An unclosed last description is reported at the end of its line; --lenient keeps the 6 before it")
    func unclosed() throws {
        let text = try dumpText("17-docs-no-address-unclosed.txt")
        do {
            _ = try RecursiveDescriptionImporter.importDump(text, file: "d.txt")
            Issue.record("expected an error")
        } catch {
            // Line 7 is 170 scalars long: the end is column 171.
            let line7 = text.split(separator: "\n")[6]
            #expect(error.line == 7 && error.column == line7.unicodeScalars.count + 1)
            #expect(error.message.contains("UILabel") && error.message.contains("7:"))
        }
        #expect(try RecursiveDescriptionImporter.importDump(text, file: "d.txt", lenient: true).scene.tree.count == 6)
    }

    @Test("A frame with three numbers names the field and its column (hand-made)")
    func badFrame() {
        // "<UIView: 0x1; frame = " is 22 scalars: the value starts at column 23.
        do {
            _ = try RecursiveDescriptionImporter.importDump("<UIView: 0x1; frame = (0 0; 320)>\n", file: "d.txt")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "d.txt:1:23: view UIView.frame: frame \"(0 0; 320)\": expected (x y; width height), four numbers")
        }
    }

    @Test("A view two levels below the one above it is an error; lenient hangs it one level down (hand-made)")
    func depthJump() throws {
        let text = """
            <UIView: 0x1; frame = (0 0; 10 10)>
               |    | <UIView: 0x2; frame = (1 1; 2 2)>
            """
        #expect(throws: LayoutError.self) { try RecursiveDescriptionImporter.importDump(text, file: "d.txt") }
        let tree = try RecursiveDescriptionImporter.importDump(text, file: "d.txt", lenient: true).scene.tree
        #expect(tree[try #require(tree.id(named: "UIView#2"))].superlayer == tree.id(named: "UIView#1"))
    }

    @Test("Text with no views is an error that says what a dump looks like")
    func empty() {
        #expect(throws: LayoutError.self) { try RecursiveDescriptionImporter.importDump("hello\n", file: "d.txt") }
        #expect(!RecursiveDescriptionParser.looksLikeDump("{\"layers\": []}"))
        #expect(RecursiveDescriptionParser.looksLikeDump("x <UIView: 0x1; frame = (0 0; 1 1)>"))
    }

    @Test("A description that wraps onto the next line is read as one (hand-made)")
    func wrapped() throws {
        let text =
            "<UIView: 0x1; frame = (0 0; 320 480);\n autoresize = W+H; layer = <CALayer: 0x2>>\n   | <UILabel: 0x3; frame = (1 2; 3 4); layer = <_UILabelLayer: 0x4>>\n"
        let tree = try RecursiveDescriptionImporter.importDump(text, file: "d.txt").scene.tree
        #expect(tree.count == 2)
        #expect(tree[try #require(tree.id(named: "UIView"))].autoresizingMask == [.flexibleWidth, .flexibleHeight])
        #expect(tree[try #require(tree.id(named: "UILabel"))].superlayer == tree.id(named: "UIView"))
    }
}
