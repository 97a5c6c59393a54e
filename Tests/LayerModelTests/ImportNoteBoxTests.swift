import Testing
@testable import LayerModel

/// An import's note in parts is held by `Layer` behind one reference (issue 31): a layer is
/// copied whole on every read from its tree, and the parts inline made every layer 64 bytes
/// larger (472 → 536 bytes; boxed: 480).
@Suite struct ImportNoteBoxTests {
    static let note = ImportNote(
        identity: ["UILabel 0x7f9"], printed: ["frame"], derived: ["center (1, 2)"],
        assumed: ["transform identity"], approximate: ["the transform was not printed"], line: 12)

    @Test func theNoteTakesOneWordOfALayer() {
        #expect(MemoryLayout<ImportNoteBox?>.size == MemoryLayout<Int>.size)
        #expect(MemoryLayout<ImportNote?>.size > 6 * MemoryLayout<Int>.size)  // what inline would cost
    }

    /// A copy of a layer shares its note's box; writing a note gives a new box and leaves the
    /// copy's note as it was.
    @Test func aCopySharesTheNoteAndAWriteReplacesIt() throws {
        var a = Layer(name: "a", kind: .view)
        #expect(a.importNote == nil && a.importNoteBox == nil)
        a.importNote = Self.note
        var b = a
        let (boxA, boxB) = (try #require(a.importNoteBox), try #require(b.importNoteBox))
        #expect(boxA === boxB)
        b.importNote?.line = 13
        #expect(a.importNote?.line == 12 && b.importNote?.line == 13)
        #expect(a != b)
        b.importNote = nil
        #expect(b.importNoteBox == nil && a.importNote == Self.note)
    }

    /// Two layers with equal notes in different boxes are equal (a reopened file's layer is
    /// the saved one's equal).
    @Test func equalNotesInDifferentBoxesAreEqualLayers() throws {
        var a = Layer(name: "a", kind: .view), b = Layer(name: "a", kind: .view)
        a.importNote = Self.note
        b.importNote = Self.note
        let (boxA, boxB) = (try #require(a.importNoteBox), try #require(b.importNoteBox))
        #expect(boxA !== boxB)
        #expect(a == b)
    }
}
