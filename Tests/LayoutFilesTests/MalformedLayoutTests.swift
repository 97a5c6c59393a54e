import Foundation
import Mutation
import Testing
import TestSupport
@testable import LayerModel
@testable import CommandLanguage
@testable import LayoutFiles

/// The corpus of malformed layouts (`Malformed/layouts/`, loaded by LayoutFileIOTests'
/// `MalformedLayoutTests`) is complete and covers both formats; malformed layouts generated
/// here (nesting, sizes, aliases) fail where they should.
@Suite struct MalformedLayoutTests {
    static func folder() throws -> URL { try MalformedCorpus.folder("layouts", in: .module) }
    static func manifest() throws -> [CorpusExpectation] { try MalformedCorpus.manifest("layouts", in: .module) }

    @Test func everyFileInTheFolderIsInTheManifest() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder().path).filter { $0 != "EXPECTED.tsv" }
        let listed = try Self.manifest().map(\.file)
        #expect(Set(names) == Set(listed))
        #expect(listed.count == Set(listed).count, "a file is listed twice")
    }

    @Test func corpusCoversBothFormatsWithAtLeast36Files() throws {
        let listed = try Self.manifest().map(\.file)
        #expect(listed.count >= 36)
        #expect(listed.filter { $0.hasSuffix(".json") }.count >= 18)
        #expect(listed.filter { $0.hasSuffix(".yaml") }.count >= 18)
    }

    @Test func binaryGarbageIsSmallAndNotUTF8() throws {
        let bytes = try Data(contentsOf: Self.folder().appendingPathComponent("binary-garbage.json"))
        #expect(bytes.count < 1024)
        #expect(String(data: bytes, encoding: .utf8) == nil)
    }

    // MARK: Nesting, generated

    /// A chain of `depth` layers, one per line: layer k's object is nesting level 2k + 1.
    static func jsonChain(depth: Int) -> String {
        var lines = ["{\"layers\": ["]
        for k in 1...depth { lines.append("{\"name\": \"l\(k)\", \"bounds\": [0, 0, 1, 1], \"sublayers\": [") }
        lines.append(String(repeating: "]}", count: depth) + "]}")
        return lines.joined(separator: "\n")
    }

    static func yamlChain(depth: Int) -> String {
        var lines = ["layers:"]
        for k in 1...depth {
            let indent = String(repeating: " ", count: 4 * (k - 1) + 2)
            lines.append(indent + "- name: l\(k)")
            lines.append(indent + "  bounds: [0, 0, 1, 1]")
            if k < depth { lines.append(indent + "  sublayers:") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test(arguments: [LayoutFormat.json, .yaml])
    func ninetyNineNestedLayersUseTwoHundredLevelsAndLoad(_ format: LayoutFormat) throws {
        // Layer 99 is level 199; its bounds array is level 200, the limit.
        let text = format == .json ? Self.jsonChain(depth: 99) : Self.yamlChain(depth: 99)
        let scene = try LayoutFile.parse(text, file: "deep", format: format)
        #expect(scene.tree.count == 99)
        let deepest = try #require(scene.tree.id(named: "l99"))
        #expect(scene.tree.depth(of: deepest) == 98)
    }

    @Test func aHundredNestedLayersFailAtTheHundredthLayer() throws {
        // Level 201 is layer 100's object, on line 101 (line 1 holds {"layers": [).
        let error = try #require(throws: LayoutError.self) {
            try LayoutFile.parse(Self.jsonChain(depth: 150), file: "deep.json", format: .json)
        }
        #expect(error.line == 101 && error.column == 1)
        #expect(error.message.contains("more than 200 levels"))
    }

    @Test func aHundredNestedYAMLLayersFailAtTheHundredthLayer() throws {
        // Layer k's "- " is on line 3k - 1 at column 4(k - 1) + 3; its mapping starts after it.
        let error = try #require(throws: LayoutError.self) {
            try LayoutFile.parse(Self.yamlChain(depth: 150), file: "deep.yaml", format: .yaml)
        }
        #expect(error.line == 299 && error.column == 4 * 99 + 5)
        #expect(error.message.contains("more than 200 levels"))
    }

    @Test(arguments: [300, 1_200, 100_000])
    func deepJSONArraysFailAtLevel201WithoutOverflowingTheStack(_ depth: Int) throws {
        let text = "{\"layers\": " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
        let error = try #require(throws: LayoutError.self) { try LayoutFile.parse(text, file: "deep.json", format: .json) }
        // The object is level 1; level 201 is the 200th "[", at column 12 + 199.
        #expect(error.line == 1 && error.column == 211)
        #expect(error.message.contains("more than 200 levels"))
    }

    @Test(arguments: [300, 1_200, 100_000])
    func deepYAMLFlowListsFailAtLevel201WithoutOverflowingTheStack(_ depth: Int) throws {
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n"
        let error = try #require(throws: LayoutError.self) { try LayoutFile.parse(text, file: "deep.yaml", format: .yaml) }
        #expect(error.line == 1 && error.column == 201)
        #expect(error.message.contains("more than 200 levels"))
    }

    @Test func yamlAliasesCannotExpandWithoutBound() throws {
        // Each level lists the previous one ten times: 10^9 values once expanded.
        var lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
        for i in 1...9 {
            lines.append("a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]")
        }
        lines.append("layers: []")
        let error = try #require(throws: LayoutError.self) {
            try LayoutFile.parse(lines.joined(separator: "\n"), file: "laughs.yaml", format: .yaml)
        }
        #expect(error.message.contains("expands to more than"))
    }

    // MARK: Mutations

    @Test(arguments: [(Fixtures.richJSON, LayoutFormat.json), (Fixtures.richYAML, .yaml)])
    func mutatedLayoutsLoadOrFailCleanlyAndNeverCrash(_ seed: String, _ format: LayoutFormat) throws {
        // Random edits with the characters that matter to the two syntaxes and some bytes that
        // are not UTF-8. Every outcome must be a scene that round-trips or an error with a place.
        var rng = MutationFuzzer.Random(seed: 2024)  // SplitMix64: a failure here replays exactly
        let alphabet = Array("{}[],:\"'#-\n\t 0123456789.eE+abnNxu\\&*!|>%@`".utf8) + [0, 0xFF, 0xC3, 0xA9]
        for _ in 0..<1_000 {
            var bytes = Array(seed.utf8)
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let at = Int.random(in: 0..<bytes.count, using: &rng)
                let byte = alphabet[Int.random(in: 0..<alphabet.count, using: &rng)]
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: bytes[at] = byte
                case 1: bytes.insert(byte, at: at)
                default: bytes.remove(at: at)
                }
            }
            do {
                let scene = try LayoutFile.parse(data: bytes, file: "m", format: format)
                let again = try LayoutFile.parse(LayoutFile.encode(scene, format: format), file: "m", format: format)
                #expect(again.tree == scene.tree)
            } catch {
                #expect(error.line >= 1 && error.column >= 1 && !error.message.isEmpty, "\(error)")
            }
        }
    }
}
