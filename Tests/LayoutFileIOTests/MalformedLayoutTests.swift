import Foundation
import Testing
import TestSupport
@testable import LayerModel
@testable import LayoutFiles
@testable import LayoutFileIO

/// Every file in LayoutFilesTests' `Malformed/layouts/` must fail to load exactly where
/// `EXPECTED.tsv` says, with a message containing the listed words, and an error that names
/// the file; loading gives the error parsing its bytes gives.
@Suite struct MalformedLayoutTests {
    typealias Expectation = CorpusExpectation
    /// The corpus is the format's (LayoutFilesTests' resource), read here from the checkout.
    static func folder() throws -> URL { MalformedCorpus.sibling("LayoutFilesTests", of: #filePath).appendingPathComponent("layouts") }
    static func manifest() throws -> [Expectation] { try MalformedCorpus.manifest(folder()) }

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
}
