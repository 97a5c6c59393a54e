/// What an importer knows about a layer it made from a dump, in parts (issue 31): what the
/// dump says the view is, which values were printed, which were derived from them and which
/// assumed, other remarks, why the geometry is only approximate, and the dump's line. The
/// inspector lays the parts out as they are; `text` is the one spelling of them, the layer's
/// `note` as a layout file saves it (and as the format reader reads it back, `ImportNote(parsing:)`
/// in LayoutFiles).
public struct ImportNote: Equatable, Sendable {
    /// What the dump says the view is: its class and address, base class, layer class, tag…
    public var identity: [String]
    public var printed: [String]
    public var derived: [String]
    public var assumed: [String]
    /// Anything else worth saying (what is not drawn, what is not modelled, how it was read).
    public var remarks: [String]
    /// Why the layer's geometry is only approximate; empty when it is exact.
    public var approximate: [String]
    /// The line of the dump the view was printed on.
    public var line: Int?

    public init(
        identity: [String] = [], printed: [String] = [], derived: [String] = [], assumed: [String] = [],
        remarks: [String] = [], approximate: [String] = [], line: Int? = nil
    ) {
        self.identity = identity; self.printed = printed; self.derived = derived; self.assumed = assumed
        self.remarks = remarks; self.approximate = approximate; self.line = line
    }

    /// The labels of the parts as `text` writes them.
    public static let printedLabel = "printed: ", derivedLabel = "derived: ", assumedLabel = "assumed: "
    public static let approximateLabel = "APPROXIMATE: ", lineLabel = "line "
    /// Between parts, and between the items of a list.
    public static let partSeparator = "; ", itemSeparator = ", "

    /// The parts as one line, in a fixed order: identity, printed, derived, assumed, remarks,
    /// approximate, line.
    /// Written into one string with its size reserved: what `parts` would join, without
    /// building the parts (an imported layer's note is written on import and on every save).
    public var text: String {
        func bytes(_ items: [String]) -> Int {
            var n = 0
            for item in items { n += item.utf8.count + 2 }
            return n
        }
        var out = ""
        out.reserveCapacity(
            bytes(identity) + bytes(printed) + bytes(derived) + bytes(assumed) + bytes(remarks) + bytes(approximate)
                + 12 * approximate.count + 48)
        var first = true
        func separate() {
            if !first { out += Self.partSeparator }
            first = false
        }
        func list(_ label: String, _ items: [String]) {
            guard let head = items.first else { return }
            separate()
            out += label
            out += head
            for item in items.dropFirst() {
                out += Self.itemSeparator
                out += item
            }
        }
        for item in identity { separate(); out += item }
        list(Self.printedLabel, printed)
        list(Self.derivedLabel, derived)
        list(Self.assumedLabel, assumed)
        for item in remarks { separate(); out += item }
        for item in approximate { separate(); out += Self.approximateLabel; out += item }
        if let line { separate(); out += Self.lineLabel; out += String(line) }
        return out
    }

    /// One part of the note, as the inspector shows it on its own line(s).
    public struct Part: Equatable, Sendable {
        public enum Kind: Equatable, Sendable { case identity, printed, derived, assumed, remark, approximate, line }
        public var kind: Kind
        public var text: String
    }

    /// The parts in `text`'s order; a list part (printed, derived, assumed) is one part.
    public var parts: [Part] {
        var out = identity.map { Part(kind: .identity, text: $0) }
        if !printed.isEmpty { out.append(Part(kind: .printed, text: Self.printedLabel + printed.joined(separator: Self.itemSeparator))) }
        if !derived.isEmpty { out.append(Part(kind: .derived, text: Self.derivedLabel + derived.joined(separator: Self.itemSeparator))) }
        if !assumed.isEmpty { out.append(Part(kind: .assumed, text: Self.assumedLabel + assumed.joined(separator: Self.itemSeparator))) }
        out += remarks.map { Part(kind: .remark, text: $0) }
        out += approximate.map { Part(kind: .approximate, text: Self.approximateLabel + $0) }
        if let line { out.append(Part(kind: .line, text: Self.lineLabel + String(line))) }
        return out
    }
}

/// An import note behind one reference, so that `Layer` holds one word for it (a layer is
/// copied whole on every read from its tree; the note is read only by the inspector and
/// never changed in place: a new note is a new box).
final class ImportNoteBox: Equatable, Sendable {
    let note: ImportNote
    init(_ note: ImportNote) { self.note = note }
    static func == (a: ImportNoteBox, b: ImportNoteBox) -> Bool { a === b || a.note == b.note }
}
