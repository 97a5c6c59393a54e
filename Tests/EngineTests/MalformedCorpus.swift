import Foundation
import Testing

/// One entry of a malformed corpus's `EXPECTED.tsv`: `FILE<TAB>LINE:COLUMN<TAB>substring`.
struct CorpusExpectation: Sendable, CustomTestStringConvertible {
    var file: String
    var position: String
    var substring: String
    var testDescription: String { file }
}

/// The corpora under `Malformed/` (a resource of this test target).
enum MalformedCorpus {
    /// `Malformed/<name>` (`layouts` or `scripts`).
    static func folder(_ name: String) throws -> URL {
        try #require(Bundle.module.url(forResource: "Malformed", withExtension: nil)).appendingPathComponent(name)
    }

    /// The manifest of `Malformed/<name>`; `#` lines are comments.
    static func manifest(_ name: String) throws -> [CorpusExpectation] {
        let text = try String(contentsOf: folder(name).appendingPathComponent("EXPECTED.tsv"), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return CorpusExpectation(file: fields[0], position: fields.count > 1 ? fields[1] : "", substring: fields.count > 2 ? fields[2] : "")
        }
    }
}
