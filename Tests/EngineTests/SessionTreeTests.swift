import Synchronization
import Testing
import Geometry
@testable import LayerModel
@testable import CommandLanguage
@testable import Engine

/// The tree's checks (LayerTree+Invariants.swift, tested in LayerModelTests) stay quiet through
/// a session's edits, undos and redos, and a 10 000-deep chain built by commands converts and
/// hit-tests without overflowing the stack.
@Suite("Session edits keep the tree sound")
struct SessionTreeTests {
    #if DEBUG
        final class Recorder: Sendable {
            let problems = Mutex<[String]>([])
        }

        @Test func aSessionsEditsAndUndosKeepTheTreeSound() throws {
            let recorder = Recorder()
            try LayerTree.$invariantFailureHandler.withValue({ problems in recorder.problems.withLock { $0 += problems } }) {
                var s = Session()
                for line in ["add a", "add b in a", "add c in a", "set zPosition 3", "add d", "move 5 5", "remove a"] {
                    for case let .engine(command) in try CommandParser.parseLine(line) { _ = try s.perform(command) }
                }
                for _ in 0..<7 { _ = try s.perform(.undo) }
                for _ in 0..<7 { _ = try s.perform(.redo) }
                #expect(s.tree.invariantViolations().isEmpty)
            }
            #expect(recorder.problems.withLock { $0 } == [])
        }
    #endif

    @Test func tenThousandDeepConvertsAndHitTestsWithoutOverflow() throws {
        var session = Session()
        _ = try session.perform(.edit(.add(name: "l0", kind: nil, parent: nil, index: nil)))
        _ = try session.perform(.edit(.layer(.set(.bounds, .rect(Rect(0, 0, 10, 10))))))
        _ = try session.perform(.edit(.layer(.set(.position, .point(Point(5, 5))))))
        for i in 1..<10_000 {
            _ = try session.perform(.edit(.add(name: "l\(i)", kind: nil, parent: "l\(i - 1)", index: nil)))
            _ = try session.perform(.edit(.layer(.set(.bounds, .rect(Rect(0, 0, 10, 10))))))
            _ = try session.perform(.edit(.layer(.set(.position, .point(Point(5.001, 5))))))  // each level 0.001 further right
        }
        let tree = session.tree
        let deepest = try #require(tree.id(named: "l9999"))
        #expect(tree.depth(of: deepest) == 9_999)
        let p = try #require(tree.convert(Point(0, 0), from: deepest, to: nil))
        #expect(abs(p.x - 9.999) < 1e-6 && abs(p.y) < 1e-9)
        #expect(tree.hitTestScreen(Point(9.9995, 5)) == deepest)
        #expect(tree.drawingOrder().count == 10_000)
        #expect(session.undoStack.count == Session.undoLimit)
    }
}
