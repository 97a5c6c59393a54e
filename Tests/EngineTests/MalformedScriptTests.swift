import Foundation
import Testing
import TestSupport
@testable import LayerModel
@testable import CommandLanguage
@testable import LayoutFiles
@testable import Engine
import SceneFiles

/// Every script in `Malformed/scripts/` must stop exactly where `EXPECTED.tsv` says, with a
/// message containing the listed words, and must change nothing after the failing command.
@Suite struct MalformedScriptTests {
    typealias Expectation = CorpusExpectation
    static func folder() throws -> URL { try MalformedCorpus.folder("scripts", in: .module) }
    static func manifest() throws -> [Expectation] { try MalformedCorpus.manifest("scripts", in: .module) }

    @Test(arguments: try manifest())
    func malformedScriptStopsWhereTheManifestSays(_ expected: Expectation) throws {
        let url = try Self.folder().appendingPathComponent(expected.file)
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        var session = Session()
        var answers: [String] = []
        let failure = try #require(throws: ScriptFailure.self) {
            try ScriptRunner.run(text, name: expected.file, session: &session, emit: { answers.append($0) })
        }
        #expect("\(failure.line):\(failure.column)" == expected.position, "\(failure)")
        #expect(failure.description.contains(expected.substring), "\(failure)")
        #expect(failure.description.hasPrefix("line \(failure.line): \(expected.file):\(failure.line):"))
        #expect(answers.isEmpty)
    }

    @Test func everyScriptIsInTheManifest() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder().path).filter { $0 != "EXPECTED.tsv" }
        #expect(Set(names) == Set(try Self.manifest().map(\.file)))
        #expect(names.count >= 20)
    }

    @Test func aLineThatDoesNotParseRunsNoneOfItsCommands() throws {
        var session = Session()
        #expect(throws: ScriptFailure.self) {
            try ScriptRunner.run("add a; move 5 0\nmove 1 0; rotat 5; move 100 0", name: "s", session: &session, emit: { _ in })
        }
        // Line 1 ran; line 2 is read whole before it runs, so its typo stops all of it.
        #expect(session.tree[session.tree.id(named: "a")!].position == .init(5, 0))
    }

    @Test func aCommandThatFailsStopsTheRestOfItsLine() throws {
        var session = Session()
        #expect(throws: ScriptFailure.self) {
            try ScriptRunner.run("add a; move 5 0\nmove 1 0; select nope; move 100 0", name: "s", session: &session, emit: { _ in })
        }
        #expect(session.tree[session.tree.id(named: "a")!].position == .init(6, 0))
    }

    @Test func queriesPrintInOrderOneObjectEach() throws {
        var session = Session()
        var answers: [String] = []
        try ScriptRunner.run(
            """
            add box; set bounds 0 0 100 100; set position 190 190   # seed 002
            get frame
            anchor 0 0; get frame; get position
            matrix scale 3 then translate 10 0
            """, name: "s", session: &session, emit: { answers.append($0) })
        #expect(
            answers == [
                #"{"rect":[140,140,100,100]}"#,
                #"{"rect":[190,190,100,100]}"#,
                #"{"point":[190,190]}"#,
                #"{"matrix":[3,0,0,0,0,3,0,0,0,0,1,0,10,0,0,1]}"#
            ])
    }
}
