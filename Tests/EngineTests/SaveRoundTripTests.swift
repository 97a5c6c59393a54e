import Foundation
import Scenes
import Geometry
import Testing
import TestSupport
@testable import LayerModel
@testable import CommandLanguage
@testable import LayoutFiles
@testable import LayoutFileIO
@testable import Engine

/// Issue 15, finding 2: what LayerScope writes, it reads back — equal, number for number —
/// and a save never loses the old file, replaces a symbolic link, or leaves litter.
@Suite("Save writes what it can read")
struct SaveRoundTripTests {
    /// Values that print in every form `NumberText.exact` has: integers, the ±1e9 limit, shortest
    /// round-trip decimals, exponents, the smallest subnormal, and -0 (written as 0).
    static let oddNumbers: [Double] = [
        0, -0.0, 1e9, -1e9, 999_999_999.999_999_9, 0.1, 0.30000000000000004,
        1e-7, Double.leastNonzeroMagnitude, 2.2250738585072014e-308, 123456.78901234567, 1.0 / 3.0, -2.5e-5
    ]

    /// `count` layers: `roots` root layers, the rest spread as children of earlier layers
    /// (layer i goes under layer (i - roots) / 4, so depth grows like log₄), each with odd
    /// numbers in every numeric field.
    static func wideScene(count: Int, roots: Int = 100) throws -> Scene {
        var tree = LayerTree()
        var ids: [LayerID] = []
        ids.reserveCapacity(count)
        let odd = oddNumbers
        for i in 0..<count {
            var l = Layer(name: "layer \(i) ✓", kind: i % 3 == 0 ? .view : .layer)
            l.bounds = Rect(x: odd[i % odd.count], y: odd[(i + 1) % odd.count], width: abs(odd[(i + 2) % odd.count]), height: Double(i % 500))
            l.position = Point(x: odd[(i + 3) % odd.count], y: -odd[(i + 4) % odd.count])
            if i % 7 == 0 { l.transform = .rotation(.degrees(Double(i % 360))) }
            if i % 11 == 0 { l.zPosition = odd[(i + 5) % odd.count] }
            if i % 13 == 0 { l.opacity = 0.30000000000000004 }
            if i % 17 == 0 { l.backgroundColor = Color(red: UInt8(i % 256), green: 7, blue: 200) }
            ids.append(try tree.add(l, in: i < roots ? nil : ids[(i - roots) / 4]))
        }
        return Scene(
            title: "odd \u{FFFF} \u{FFFE} \u{2028} \u{85} \u{1B}]0;x\u{7} end", notes: "line 1\nline 2\u{2029}", tree: tree,
            script: [ScriptLine("select \"layer 1 ✓\""), ScriptLine("pan 0 -20")])
    }

    static func roundTrip(_ scene: Scene, as name: String) throws -> Scene {
        let dir = try TemporaryDirectory()
        let path = dir.path + "/" + name
        try LayoutFile.write(scene, to: path)
        #expect(try dir.contents() == [name])
        return try LayoutFile.load(contentsOf: path)
    }

    @Test(arguments: ["scene.json", "scene.yaml"])
    func oddValuesReadBackBitEqual(_ name: String) throws {
        let scene = try Self.wideScene(count: 400, roots: 10)
        let back = try Self.roundTrip(scene, as: name)
        #expect(LayoutFile.difference(between: scene, and: back) == nil)
        // Bit for bit, not just ==: every number except -0 keeps its exact pattern.
        for (a, b) in zip(scene.tree.treeOrder, back.tree.treeOrder) {
            let la = scene.tree[a], lb = back.tree[b]
            for (x, y) in [
                (la.bounds.origin.x, lb.bounds.origin.x), (la.bounds.width, lb.bounds.width),
                (la.position.x, lb.position.x), (la.position.y, lb.position.y), (la.zPosition, lb.zPosition)
            ] where x != 0 {
                #expect(x.bitPattern == y.bitPattern, "\(la.name): \(x) read back as \(y)")
            }
        }
        #expect(back.title == scene.title)
        #expect(back.notes == scene.notes)
    }

    @Test func aHundredThousandLayersSaveAndReopenEqual() throws {
        // The scene: 100 000 layers wrote 25.8 MB and the 16 MB reader refused it.
        let scene = try Self.wideScene(count: 100_000)
        let dir = try TemporaryDirectory()
        try LayoutFile.write(scene, to: dir.path + "/big.json")
        let size = try #require(FileManager.default.attributesOfItem(atPath: dir.path + "/big.json")[.size] as? Int)
        #expect(size > 16 << 20 && size <= LayoutFile.sizeLimit, "\(size) bytes")
        let back = try LayoutFile.load(contentsOf: dir.path + "/big.json")
        #expect(back.tree.count == 100_000)
        #expect(LayoutFile.difference(between: scene, and: back) == nil)
    }

    @Test func aYAMLFileLargerThanTheOldValueCapReadsBack() throws {
        // 20 000 layers are ~200 000 YAML values: the old fixed cap of 200 000 refused such a
        // file with a message about aliases it did not contain.
        let scene = try Self.wideScene(count: 20_000)
        let back = try Self.roundTrip(scene, as: "wide.yaml")
        #expect(LayoutFile.difference(between: scene, and: back) == nil)
    }

    @Test func textOverTheSizeLimitIsRefusedBeforeAnythingIsWritten() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path + "/scene.json"
        try LayoutFile.write(Scene(title: "old"), to: path)
        let huge = String(repeating: " ", count: LayoutFile.sizeLimit + 1)
        let e = try #require(throws: LayoutError.self) { try LayoutFile.writeVerified(huge, of: Scene(), to: path, format: .json) }
        #expect(e.message.contains("over the 64 MB"))
        #expect(try LayoutFile.load(contentsOf: path).title == "old")
        #expect(try dir.contents() == ["scene.json"])
    }

    @Test func textThatReadsBackAsAnotherSceneIsNotRenamedIntoPlace() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path + "/scene.json"
        try LayoutFile.write(Scene(title: "old"), to: path)
        let e = try #require(throws: LayoutError.self) {
            try LayoutFile.writeVerified("{\"title\": \"other\", \"layers\": []}", of: Scene(title: "new"), to: path, format: .json)
        }
        #expect(e.message.contains("would not read back the same (title)"))
        #expect(try LayoutFile.load(contentsOf: path).title == "old")
        #expect(try dir.contents() == ["scene.json"])
    }

    @Test func aFrameWhoseCenterPassesTheNumberLimitIsRefusedAtLoad() throws {
        // frame x = 1e9, width 100: center x = 1e9 + 50, which a file cannot hold. It used to
        // load and then fail at save ("would not load back").
        let e = try #require(throws: LayoutError.self) {
            try LayoutFile.parse("{\"layers\": [{\"name\": \"a\", \"kind\": \"view\", \"frame\": [1e9, 0, 100, 100]}]}", file: "f.json", format: .json)
        }
        #expect(e.line == 1 && e.column == 13)
        #expect(e.path == "layers[0].center")
        #expect(e.message.contains("1000000050"))
    }

    @Test func uFFFFInAYAMLTitleSavesAndReadsBack() throws {
        let scene = try LayoutFile.parse("title: \"a\\uFFFFb\"\nlayers: []\n", file: "u.yaml", format: .yaml)
        #expect(scene.title == "a\u{FFFF}b")
        #expect(try Self.roundTrip(scene, as: "u.yaml").title == "a\u{FFFF}b")
    }

    // MARK: Symbolic links

    @Test func aDanglingLinkIsSavedThroughCreatingItsTarget() throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/link.json", withDestinationPath: "real.json")
        try LayoutFile.write(Scene(title: "new"), to: dir.path + "/link.json")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir.path + "/link.json") == "real.json")
        #expect(try LayoutFile.load(contentsOf: dir.path + "/real.json").title == "new")
        #expect(try dir.contents() == ["link.json", "real.json"])
    }

    @Test func aChainOfRelativeLinksIsFollowedToTheEnd() throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.path + "/sub", withIntermediateDirectories: false)
        try LayoutFile.write(Scene(title: "old"), to: dir.path + "/sub/real.json")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/sub/middle.json", withDestinationPath: "real.json")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/top.json", withDestinationPath: "sub/middle.json")
        try LayoutFile.write(Scene(title: "new"), to: dir.path + "/top.json")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir.path + "/top.json") == "sub/middle.json")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir.path + "/sub/middle.json") == "real.json")
        #expect(try LayoutFile.load(contentsOf: dir.path + "/sub/real.json").title == "new")
    }

    @Test func aLinkLoopIsAnErrorNotAHang() throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/a.json", withDestinationPath: "b.json")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/b.json", withDestinationPath: "a.json")
        let e = try #require(throws: LayoutError.self) { try LayoutFile.write(Scene(), to: dir.path + "/a.json") }
        #expect(e.message.contains("too many levels of symbolic links"))
    }

    // MARK: Temporary files

    /// The id of a process that has exited (a child we started and waited for).
    static func deadPID() throws -> pid_t {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/true")
        try p.run()
        p.waitUntilExit()
        return p.processIdentifier
    }

    @Test func staleTemporaryFilesOfAKilledSaveAreRemovedAtTheNextSave() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path + "/scene.json"
        try LayoutFile.write(Scene(title: "old"), to: path)
        let stale = "scene.json.layerscope-save-\(try Self.deadPID())-AbC123"
        let live = "scene.json.layerscope-save-1-XyZ789"  // pid 1 is alive: maybe mid-save
        let other = "other.json.layerscope-save-\(try Self.deadPID())-QqQ111"  // another file's
        for name in [stale, live, other] { try Data("half".utf8).write(to: URL(fileURLWithPath: dir.path + "/" + name)) }
        let removed = try LayoutFile.write(Scene(title: "new"), to: path)
        #expect(removed == [dir.path + "/" + stale])
        #expect(try dir.contents() == [other, "scene.json", live].sorted())
        #expect(try LayoutFile.load(contentsOf: path).title == "new")
    }
}

/// Issue 15, finding 3: only regular files are read, and opening never blocks.
@Suite("Only regular files are read")
struct RegularFileTests {
    @Test func aFIFOWithNoWriterIsRefusedAtOnce() throws {
        let dir = try TemporaryDirectory()
        let fifo = dir.path + "/x.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        // Without O_NONBLOCK, open(2) would wait for a writer forever; the test would hang.
        let e = try #require(throws: LayoutError.self) { try LayoutFile.load(contentsOf: fifo) }
        #expect(e.message == "cannot read the file: it is a FIFO (named pipe), not a regular file")
        #expect(e.line == 1 && e.column == 1)
        #expect(throws: TextFile.Failure.self) { try TextFile.read(fifo) }
    }

    @Test func aCharacterDeviceIsRefusedInsteadOfReadForever() throws {
        // /dev/zero never ends: reading it would only stop at the size limit.
        let e = try #require(throws: TextFile.Failure.self) { try TextFile.readBytes("/dev/zero") }
        #expect(e.message == "cannot read the file: it is a character device, not a regular file")
    }
}

/// Issue 15, finding 4: how deep layers nest — 10 000 in a scene (`add … in` refuses more),
/// 99 in a file (a deeper scene is refused at save, the old file untouched).
@Suite("Nesting limits for scenes and files")
struct NestingLimitTests {
    /// A chain l1 ⊃ l2 ⊃ … ⊃ l`depth` built with `add … in`.
    static func chain(_ depth: Int) throws -> Session {
        var session = Session()
        _ = try session.perform(.edit(.add(name: "l1", kind: nil, parent: nil, index: nil)))
        for k in stride(from: 2, through: depth, by: 1) { _ = try session.perform(.edit(.add(name: "l\(k)", kind: nil, parent: "l\(k - 1)", index: nil))) }
        return session
    }

    @Test(arguments: ["chain.json", "chain.yaml"])
    func theDeepestChainAFileHoldsSavesAndReopens(_ name: String) throws {
        // 99 layers use 2·99 + 2 = 200 levels: exactly the file limit.
        #expect(LayoutFile.maxFileLayerDepth == 99)
        let session = try Self.chain(99)
        let dir = try TemporaryDirectory()
        try LayoutFile.write(session.scene, to: dir.path + "/" + name)
        let back = try LayoutFile.load(contentsOf: dir.path + "/" + name)
        #expect(back.tree.depth(of: try #require(back.tree.id(named: "l99"))) == 98)
        #expect(LayoutFile.difference(between: session.scene, and: back) == nil)
    }

    @Test func aChainDeeperThanAFileHoldsIsRefusedAtSaveAndTheOldFileStays() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path + "/chain.json"
        try LayoutFile.write(Scene(title: "old"), to: path)
        let session = try Self.chain(100)
        let e = try #require(throws: LayoutError.self) { try LayoutFile.write(session.scene, to: path) }
        #expect(e.message == "cannot save: layers nest 100 deep, and a layout file holds at most 99 nested layers")
        #expect(try LayoutFile.load(contentsOf: path).title == "old")
        #expect(try dir.contents() == ["chain.json"])
    }

    @Test func addInRefusesTheTenThousandAndFirstLevel() throws {
        #expect(LayoutFile.maxLayerDepth == 10_000)
        var session = try Self.chain(10_000)
        let e = try #require(throws: CommandError.self) {
            try session.perform(.edit(.add(name: "l10001", kind: nil, parent: "l10000", index: nil)))
        }
        #expect(e.message.contains("at most 10000 nested layers"))
        #expect(session.scene.tree.count == 10_000)
        // Saving it is refused before any text is made (it used to take 30 s and 2 GB).
        let dir = try TemporaryDirectory()
        let save = try #require(throws: LayoutError.self) { try LayoutFile.write(session.scene, to: dir.path + "/deep.json") }
        #expect(save.message == "cannot save: layers nest 10000 deep, and a layout file holds at most 99 nested layers")
        #expect(try dir.contents() == [])
    }
}
