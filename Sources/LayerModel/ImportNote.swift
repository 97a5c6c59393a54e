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
    /// What `parts` would join, written straight into one string of the exact size (an
    /// imported layer's note is written on import and on every save).
    public var text: String {
        let lineDigits = line.map { String($0) }
        let separator = Self.partSeparator.utf8.count, itemSeparator = Self.itemSeparator.utf8.count
        var size = 0, parts = 0
        func count(_ items: [String], label: String? = nil, each: String? = nil) {
            guard !items.isEmpty else { return }
            for item in items { size += item.utf8.count + (each?.utf8.count ?? 0) }
            if let label {
                size += label.utf8.count + (items.count - 1) * itemSeparator
                parts += 1
            } else {
                parts += items.count
            }
        }
        count(identity)
        count(printed, label: Self.printedLabel)
        count(derived, label: Self.derivedLabel)
        count(assumed, label: Self.assumedLabel)
        count(remarks)
        count(approximate, each: Self.approximateLabel)
        if let lineDigits {
            size += Self.lineLabel.utf8.count + lineDigits.utf8.count
            parts += 1
        }
        size += max(0, parts - 1) * separator
        guard size > 0 else { return "" }
        return String(unsafeUninitializedCapacity: size) { buffer in
            var at = 0
            func put(_ s: String) {
                var s = s
                at = s.withUTF8 { source in
                    guard let from = source.baseAddress, let to = buffer.baseAddress else { return at }
                    (to + at).initialize(from: from, count: source.count)
                    return at + source.count
                }
            }
            var first = true
            func separate() {
                if !first { put(Self.partSeparator) }
                first = false
            }
            func list(_ label: String, _ items: [String]) {
                guard let head = items.first else { return }
                separate()
                put(label)
                put(head)
                for item in items.dropFirst() {
                    put(Self.itemSeparator)
                    put(item)
                }
            }
            for item in identity { separate(); put(item) }
            list(Self.printedLabel, printed)
            list(Self.derivedLabel, derived)
            list(Self.assumedLabel, assumed)
            for item in remarks { separate(); put(item) }
            for item in approximate { separate(); put(Self.approximateLabel); put(item) }
            if let lineDigits { separate(); put(Self.lineLabel); put(lineDigits) }
            return at
        }
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
