import Testing
@testable import LayoutFiles

/// The preserving save decided by the format alone (issue 31): `PreservingSave.outcome` gets
/// the file's bytes and says what to write; no file is opened (the path names none).
@Suite struct PreservingOutcomeTests {
    static let original = """
        {
          "title": "card",
          "layers": [
            { "name": "card", "bounds": [0, 0, 100, 60], "position": [100, 100] }
          ]
        }

        """
    static let path = "/nonexistent-folder/card.json"

    static func outcome(_ edited: String, existing: [UInt8]?, path: String = path) throws -> PreservingSave.Outcome {
        let scene = try LayoutFile.parse(edited, file: path, format: .json)
        // A scene without a script or steps plays to itself.
        return try PreservingSave.outcome(for: scene, file: path, existing: existing, play: { scene, _ in scene }, rewriting: false)
    }

    @Test func anEditIsWrittenIntoTheFilesTextInPlace() throws {
        let edited = Self.original.replacingOccurrences(of: "[100, 100]", with: "[107, 100]")
        #expect(
            try Self.outcome(edited, existing: Array(Self.original.utf8))
                == .text(edited, original: Self.original, rewritten: []))
    }

    @Test func noEditGivesTheSameText() throws {
        #expect(
            try Self.outcome(Self.original, existing: Array(Self.original.utf8))
                == .text(Self.original, original: Self.original, rewritten: []))
    }

    @Test func noFileBytesThatAreNotUTF8OrAnotherExtensionGiveTheCanonicalSave() throws {
        #expect(try Self.outcome(Self.original, existing: nil) == .canonical(whole: false))
        #expect(try Self.outcome(Self.original, existing: [0x7B, 0xFF, 0x7D]) == .canonical(whole: false))
        #expect(try Self.outcome(Self.original, existing: Array(Self.original.utf8), path: "/nonexistent-folder/card.txt") == .canonical(whole: false))
    }

    @Test func anotherFilesTextGivesTheCanonicalSave() throws {
        // A different title: not this scene's file, so it is written whole, not patched.
        let other = Self.original.replacingOccurrences(of: "\"card\",\n", with: "\"other\",\n")
        #expect(other != Self.original)
        #expect(try Self.outcome(Self.original, existing: Array(other.utf8)) == .canonical(whole: false))
    }
}
