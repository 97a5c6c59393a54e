import Foundation
import Testing

/// One entry of a malformed corpus's `EXPECTED.tsv`: `FILE<TAB>LINE:COLUMN<TAB>substring`.
public struct CorpusExpectation: Sendable, CustomTestStringConvertible {
    public var file: String
    public var position: String
    public var substring: String
    public var testDescription: String { file }
}

/// The corpora under `Malformed/`, a resource of the test target that passes its bundle
/// (LayoutFilesTests holds `layouts`, EngineTests `scripts`); LayoutFileIOTests reads the
/// `layouts` corpus from the checkout (`sibling`).
public enum MalformedCorpus {
    /// `Malformed/<name>` (`layouts` or `scripts`).
    public static func folder(_ name: String, in bundle: Bundle) throws -> URL {
        try #require(bundle.url(forResource: "Malformed", withExtension: nil)).appendingPathComponent(name)
    }

    /// `Malformed/` of the test target `target` in the checkout, for a test file (`file`,
    /// its `#filePath`) in another test target.
    public static func sibling(_ target: String, of file: String) -> URL {
        URL(fileURLWithPath: file).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(target).appendingPathComponent("Malformed")
    }

    /// The manifest of `Malformed/<name>`; `#` lines are comments.
    public static func manifest(_ name: String, in bundle: Bundle) throws -> [CorpusExpectation] {
        try manifest(folder(name, in: bundle))
    }

    /// The manifest of the corpus in `folder`.
    public static func manifest(_ folder: URL) throws -> [CorpusExpectation] {
        let text = try String(contentsOf: folder.appendingPathComponent("EXPECTED.tsv"), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return CorpusExpectation(file: fields[0], position: fields.count > 1 ? fields[1] : "", substring: fields.count > 2 ? fields[2] : "")
        }
    }
}
