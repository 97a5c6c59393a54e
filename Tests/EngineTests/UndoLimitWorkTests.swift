import Testing
import Geometry
@testable import LayerModel
@testable import CommandLanguage
@testable import Engine

/// Issue 36: past `Session.undoLimit` an edit drops the oldest entry in place. A slice of the
/// stack kept alive across `removeFirst` shared its buffer, so every edit past the 1 000th
/// copied all 1 000 entries (retaining each one's trees) into a new buffer: a long session's
/// rotate key cost a whole-history copy. Counted here as the buffer's address: one stack
/// shifted in place keeps it; a copy moves it.
@Suite("Undo past its limit shifts in place")
struct UndoLimitWorkTests {
    static func run(_ line: String, _ s: inout Session) throws {
        for case let .engine(command) in try CommandParser.parseLine(line) { _ = try s.perform(command) }
    }

    @Test func editsPastTheLimitKeepTheUndoBuffer() throws {
        var s = Session()
        try Self.run("add a", &s)
        for _ in 0..<(Session.undoLimit + 1) { try Self.run("rotate 15", &s) }
        #expect(s.undoStack.count == Session.undoLimit)
        let base = s.undoStack.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        var moved = 0
        for _ in 0..<20 {
            try Self.run("rotate 15", &s)
            if s.undoStack.withUnsafeBufferPointer({ UInt(bitPattern: $0.baseAddress) }) != base { moved += 1 }
        }
        #expect(moved == 0, "the undo stack was copied on \(moved) of 20 edits past the limit")
        // What it holds is still the newest 1 000 edits, oldest first, and each still undoes.
        let serials = s.undoStack.map(\.serial)
        #expect(serials == Array((serials[0])..<(serials[0] + Session.undoLimit)))
        #expect(serials.last == s.undoStack.last?.serial)
        // The add and 1 021 rotations: the newest 1 000 are kept, so 1 000 undos leave the
        // layer turned (the first 21 rotations cannot be undone) and the scene dirty.
        let before = s.tree[try #require(s.tree.id(named: "a"))].transform
        for _ in 0..<Session.undoLimit { _ = try s.perform(.undo) }
        let after = s.tree[try #require(s.tree.id(named: "a"))].transform
        #expect(before != after)
        #expect(throws: CommandError.self) { _ = try s.perform(.undo) }
        #expect(s.isDirty)
    }
}
