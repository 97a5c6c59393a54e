import Testing
import CommandLanguage
import LayerModel
@testable import Engine

/// Issue 36, "work that grows with what came before": each `draw OP` copied the layer's whole
/// drawing into its undo entry (10 000 `draw` lines: 2.3 s, 980 MB; 40 000 died allocating).
/// A `draw` entry now holds its one operation; the drawing is appended in place. Counted, not
/// timed: the operations the history keeps.
@Suite("Undo for draw keeps the change, not the drawing")
struct DrawHistoryTests: SessionScripting {
    static let ops = ["draw fill-rect 1 2 5 5 red", "draw save", "draw translate 1 0", "draw restore", "draw line 0 0 9 10 blue 1"]

    @Test func fortyThousandDrawsKeepOneOperationAnEntry() throws {
        var s = try session("add a; select a; set bounds 0 0 100 100")
        let parsed = try Self.ops.map { try CommandParser.parseEngine($0) }
        for i in 0..<40_000 { _ = try s.perform(parsed[i % parsed.count]) }
        let a = s.tree.id(named: "a")!
        #expect(s.tree[a].drawing.count == 40_000)
        // The newest 1 000 entries (the undo limit), one operation each: 1 000 operations kept,
        // where copies of the drawing kept 39 000 … 40 000 each (about 39.5 million).
        #expect(s.undoStack.count == Session.undoLimit)
        #expect(s.historyDrawingOperations == Session.undoLimit)
        // Undo takes the last operation off, redo puts it back; the history stays one each.
        for _ in 0..<3 { _ = try s.perform(.undo) }
        #expect(s.tree[a].drawing.count == 39_997)
        #expect(s.tree[a].drawing.last == DrawingOperation.save)
        _ = try s.perform(.redo)
        #expect(s.tree[a].drawing.count == 39_998)
        #expect(s.tree[a].drawing.last == .translate(1, 0))
        #expect(s.historyDrawingOperations == Session.undoLimit)
        // A draw after undo checks against the drawing as it is now: a restore closes the save.
        _ = try s.perform(try CommandParser.parseEngine("draw restore"))
        #expect(s.tree[a].drawing.count == 39_999)
    }

    @Test func theChecksStillRefuseWhatTheyRefused() throws {
        var s = try session("add a; select a")
        #expect(throws: CommandError.self) { _ = try s.perform(try CommandParser.parseEngine("draw restore")) }
        _ = try s.perform(try CommandParser.parseEngine("draw save"))
        _ = try s.perform(try CommandParser.parseEngine("draw restore"))
        #expect(throws: CommandError.self) { _ = try s.perform(try CommandParser.parseEngine("draw restore")) }
        // The CTM must stay finite: 1e9 × 1e9 … overflows at the 35th scale.
        var refused = 0
        for _ in 0..<40 {
            do { _ = try s.perform(try CommandParser.parseEngine("draw scale 1e9 1e9")) } catch { refused += 1 }
        }
        #expect(refused == 6)
        #expect(s.tree[s.tree.id(named: "a")!].drawing.count == 2 + 34)
        // Undo of a draw clear puts the whole drawing back (its entry holds the layer).
        _ = try s.perform(try CommandParser.parseEngine("draw clear"))
        _ = try s.perform(.undo)
        #expect(s.tree[s.tree.id(named: "a")!].drawing.count == 36)
    }
}
