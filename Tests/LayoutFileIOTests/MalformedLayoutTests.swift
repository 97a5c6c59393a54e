import Foundation
import Testing
import TestSupport
@testable import LayerModel
@testable import LayoutFiles
@testable import LayoutFileIO

/// Every file in `Malformed/layouts/` must fail to load exactly where `EXPECTED.tsv` says, with
/// a message containing the listed words, and an error that names the file.
@Suite struct MalformedLayoutTests {
    typealias Expectation = CorpusExpectation
    static func folder() throws -> URL { try MalformedCorpus.folder("layouts", in: .module) }
    static func manifest() throws -> [Expectation] { try MalformedCorpus.manifest("layouts", in: .module) }

    @Test(arguments: try manifest())
    func malformedFileFailsWhereTheManifestSays(_ expected: Expectation) throws {
        let path = try Self.folder().appendingPathComponent(expected.file).path
        let error = try #require(throws: LayoutError.self) { try LayoutFile.load(contentsOf: path) }
        #expect("\(error.line):\(error.column)" == expected.position, "\(error)")
        #expect(error.message.contains(expected.substring), "\(error)")
        #expect(error.description.contains(expected.file))
        #expect(error.file == path)
    }

    @Test(arguments: try manifest())
    func parsingTheBytesGivesTheSameErrorAsLoading(_ expected: Expectation) throws {
        let url = try Self.folder().appendingPathComponent(expected.file)
        let bytes = [UInt8](try Data(contentsOf: url))
        let format = try #require(LayoutFormat(pathExtension: url.pathExtension))
        let fromLoad = try #require(throws: LayoutError.self) { try LayoutFile.load(contentsOf: url.path) }
        let fromBytes = try #require(throws: LayoutError.self) {
            try LayoutFile.parse(data: bytes, file: url.path, format: format)
        }
        #expect(fromBytes == fromLoad)
    }

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
}
