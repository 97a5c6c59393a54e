#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A 1-based line and column in a layout file's text; columns count Unicode scalars.
///
/// Stored as 32-bit numbers (files are at most 64 MB): every value and key of a parsed file
/// carries one, and a 100 000-layer file holds over a million of them.
struct SourcePosition: Equatable, Hashable, Sendable, CustomStringConvertible {
    private var storedLine: Int32
    private var storedColumn: Int32
    var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }
    var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }
    init(line: Int, column: Int) { storedLine = Int32(clamping: line); storedColumn = Int32(clamping: column) }
    init(line: Int32, column: Int32) { storedLine = line; storedColumn = column }
    static let start = SourcePosition(line: 1, column: 1)
    var description: String { "line \(line), column \(column)" }
}

/// A parsed JSON or YAML document before it means anything, kept compact: every value is one
/// 20-byte node in one buffer, a container's children are a run of node numbers in a second,
/// and text is a range of the file's own bytes (or of `extra`, for strings with escapes and
/// for YAML). A 100 000-layer file is a few buffers instead of a quarter of a million small
/// arrays, and reading it takes no reference counting: the buffers are the document's own
/// memory, not Swift arrays, so reading a node is a load.
///
/// Both readers fill a `Builder` (nodes are appended as values finish, so a container comes
/// after its children and the root is last) and hand it over, so the decoder and its messages
/// are shared by the two formats; everything else reads it through `SourceValue`.
final class SourceDocument: @unchecked Sendable {
    /// One value, or one object key.
    struct Node: Sendable, BitwiseCopyable {
        var line: Int32
        var column: Int32
        /// Text (strings, numbers): where its bytes start, in `text` or, with `inExtra`, in
        /// `extra`. Containers: where its children start in `children`.
        var start: Int32
        /// Text: its length in bytes. Containers: how many entries in `children` (an object
        /// has two per member: its key's node, then its value's).
        var count: Int32
        var kind: NodeKind
        var flags: UInt8

        static let inExtra: UInt8 = 1
        /// A YAML number: its value's 8 bytes are in `extra` at `start`, its spelling after them.
        static let storedNumber: UInt8 = 2

        var position: SourcePosition { SourcePosition(line: line, column: column) }

        /// A text node's bytes in the file's text or in `extra` (past a stored number's value).
        @inline(__always)
        func bytes(text: Buffer<UInt8>, extra: Buffer<UInt8>) -> UnsafeBufferPointer<UInt8> {
            if flags & Self.inExtra != 0 { return extra.slice(Int(start) + (flags & Self.storedNumber != 0 ? 8 : 0), Int(count)) }
            return text.slice(Int(start), Int(count))
        }
    }

    enum NodeKind: UInt8, Sendable, BitwiseCopyable { case object, array, string, number, `true`, `false`, null }

    let nodes: Buffer<Node>
    let children: Buffer<Int32>
    /// The file's bytes (JSON; a copy the document owns); empty for YAML.
    let text: Buffer<UInt8>
    /// Text that is not a plain run of the file: decoded escapes, YAML scalars.
    let extra: Buffer<UInt8>
    /// For a YAML literal block scalar (`|`), where its first content line starts, by node.
    let contentStarts: [Int32: SourcePosition]

    /// Takes over what the builder filled (its memory is the document's now).
    init(_ builder: consuming Builder) {
        nodes = builder.nodes
        children = builder.children
        text = builder.text
        extra = builder.extra
        contentStarts = builder.contentStarts
    }

    deinit {
        var buffers = (nodes, children, text, extra)
        buffers.0.deallocate()
        buffers.1.deallocate()
        buffers.2.deallocate()
        buffers.3.deallocate()
    }

    /// A growable run of plain values in memory of its own (`realloc` to grow), read without
    /// the reference counting and uniqueness checks of an array. Freed by the document.
    struct Buffer<Element: BitwiseCopyable> {
        private(set) var base: UnsafeMutablePointer<Element>? = nil
        private(set) var count = 0
        private var capacity = 0

        @inline(__always)
        subscript(index: Int) -> Element {
            precondition(index >= 0 && index < count, "SourceDocument: index out of range")
            return base.unsafelyUnwrapped[index]
        }

        mutating func reserve(_ wanted: Int) {
            guard wanted > capacity else { return }
            let bytes = wanted * MemoryLayout<Element>.stride
            guard let grown = realloc(base, bytes) else { preconditionFailure("SourceDocument: out of memory (\(bytes) bytes)") }
            base = grown.assumingMemoryBound(to: Element.self)
            capacity = wanted
        }

        @inline(__always)
        mutating func append(_ element: Element) {
            if count == capacity { reserve(max(64, capacity * 2)) }
            base.unsafelyUnwrapped[count] = element
            count += 1
        }

        mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
            guard let source = elements.baseAddress, elements.count > 0 else { return }
            if count + elements.count > capacity { reserve(max(count + elements.count, capacity * 2)) }
            (base.unsafelyUnwrapped + count).update(from: source, count: elements.count)
            count += elements.count
        }

        mutating func append(contentsOf elements: some Collection<Element>) {
            reserve(count + elements.count)
            for element in elements { append(element) }
        }

        /// The elements from `start` on, moved onto `other`'s end (a container's entries).
        mutating func move(from start: Int, to other: inout Buffer<Element>) {
            other.append(contentsOf: UnsafeBufferPointer(start: base.map { $0 + start }, count: count - start))
            count = start
        }

        /// `count` elements from `start`, borrowed: valid while the buffer is not grown or freed.
        @inline(__always)
        func slice(_ start: Int, _ length: Int) -> UnsafeBufferPointer<Element> {
            precondition(start >= 0 && length >= 0 && start + length <= count, "SourceDocument: range out of bounds")
            return UnsafeBufferPointer(start: base.map { $0 + start }, count: length)
        }

        /// Frees the memory (the document does, for its own buffers); empty afterwards.
        mutating func deallocate() {
            free(base)
            base = nil
            count = 0
            capacity = 0
        }
    }

    // MARK: Building

    /// What a reader fills while parsing: a value type, so appending is plain stores. Either
    /// handed to a document or, when the parse fails, `discard`ed.
    struct Builder {
        var nodes = Buffer<Node>()
        var children = Buffer<Int32>()
        var text = Buffer<UInt8>()
        var extra = Buffer<UInt8>()
        var contentStarts: [Int32: SourcePosition] = [:]

        /// `bytes` are the file's (copied: text nodes are ranges of them).
        init(text bytes: UnsafeBufferPointer<UInt8> = UnsafeBufferPointer(start: nil, count: 0), expectedNodes: Int = 0) {
            text.append(contentsOf: bytes)
            nodes.reserve(expectedNodes)
            children.reserve(expectedNodes)
        }

        /// Frees what was built (a parse that failed).
        mutating func discard() {
            nodes.deallocate()
            children.deallocate()
            text.deallocate()
            extra.deallocate()
        }

        /// A node whose text is `count` bytes of the file from `start`.
        @inline(__always)
        mutating func add(_ kind: NodeKind, at position: SourcePosition, fileBytes start: Int, count: Int) -> Int32 {
            nodes.append(Node(line: Int32(position.line), column: Int32(position.column), start: Int32(start), count: Int32(count), kind: kind, flags: 0))
            return Int32(nodes.count - 1)
        }

        /// A node whose text is `bytes` (kept in `extra`).
        mutating func add(_ kind: NodeKind, at position: SourcePosition, text bytes: some Collection<UInt8>) -> Int32 {
            let start = extra.count
            extra.append(contentsOf: bytes)
            nodes.append(
                Node(
                    line: Int32(position.line), column: Int32(position.column), start: Int32(start), count: Int32(extra.count - start),
                    kind: kind, flags: Node.inExtra))
            return Int32(nodes.count - 1)
        }

        /// A number with its value and spelling (YAML, where the spelling is not JSON's).
        mutating func addNumber(_ value: Double, literal: String, at position: SourcePosition) -> Int32 {
            let start = extra.count
            withUnsafeBytes(of: value.bitPattern.littleEndian) { extra.append(contentsOf: $0) }
            extra.append(contentsOf: literal.utf8)
            nodes.append(
                Node(
                    line: Int32(position.line), column: Int32(position.column), start: Int32(start), count: Int32(extra.count - start - 8),
                    kind: .number, flags: Node.inExtra | Node.storedNumber))
            return Int32(nodes.count - 1)
        }

        /// `true`, `false` or `null`.
        mutating func add(_ kind: NodeKind, at position: SourcePosition) -> Int32 {
            nodes.append(Node(line: Int32(position.line), column: Int32(position.column), start: 0, count: 0, kind: kind, flags: 0))
            return Int32(nodes.count - 1)
        }

        /// An object (entries are key, value, key, value…) or an array of these nodes.
        mutating func addContainer(_ kind: NodeKind, at position: SourcePosition, entries: some Collection<Int32>) -> Int32 {
            let start = children.count
            children.append(contentsOf: entries)
            return addContainer(kind, at: position, childrenFrom: start)
        }

        /// An object or array whose entries are those of `stack` from `start` on (moved off it).
        mutating func addContainer(_ kind: NodeKind, at position: SourcePosition, movingFrom stack: inout Buffer<Int32>, start: Int) -> Int32 {
            let first = children.count
            stack.move(from: start, to: &children)
            return addContainer(kind, at: position, childrenFrom: first)
        }

        private mutating func addContainer(_ kind: NodeKind, at position: SourcePosition, childrenFrom start: Int) -> Int32 {
            nodes.append(
                Node(
                    line: Int32(position.line), column: Int32(position.column), start: Int32(start), count: Int32(children.count - start),
                    kind: kind, flags: 0))
            return Int32(nodes.count - 1)
        }

        func node(_ index: Int32) -> Node { nodes[Int(index)] }

        /// The bytes of a text node, borrowed (valid until the next append).
        func bytes(of index: Int32) -> UnsafeBufferPointer<UInt8> { nodes[Int(index)].bytes(text: text, extra: extra) }

        func string(_ index: Int32) -> String { String(decoding: bytes(of: index), as: UTF8.self) }
    }

    // MARK: Reading

    @inline(__always)
    func node(_ index: Int32) -> Node { nodes[Int(index)] }

    @inline(__always)
    func child(_ entry: Int) -> Int32 { children[entry] }

    /// The bytes of a string or a number's spelling, borrowed (valid while the document lives).
    @inline(__always)
    func bytes(of index: Int32) -> UnsafeBufferPointer<UInt8> { nodes[Int(index)].bytes(text: text, extra: extra) }

    func string(_ index: Int32) -> String { String(decoding: bytes(of: index), as: UTF8.self) }

    /// A number's value: YAML's as stored; JSON's from its spelling, which the reader has
    /// checked against JSON's grammar (up to 15 integer digits exactly, the rest by Double's
    /// parser, which reads that grammar exactly; out of range is ±infinity).
    func number(_ index: Int32) -> Double {
        let node = nodes[Int(index)]
        if node.flags & Node.storedNumber != 0 {
            let stored = extra.slice(Int(node.start), 8)
            var bits: UInt64 = 0
            for i in 0..<8 { bits |= UInt64(stored[i]) << (8 * UInt64(i)) }
            return Double(bitPattern: bits)
        }
        let bytes = self.bytes(of: index)
        var i = 0, negative = false
        if bytes.first == UInt8(ascii: "-") { negative = true; i = 1 }
        if bytes.count - i <= 15 {
            var integer = 0
            var plain = true
            while i < bytes.count {
                let digit = bytes[i] &- UInt8(ascii: "0")
                if digit > 9 { plain = false; break }
                integer = integer * 10 + Int(digit)
                i += 1
            }
            if plain { return negative ? -Double(integer) : Double(integer) }
        }
        return Double(String(decoding: bytes, as: UTF8.self)) ?? .nan
    }

    /// True when the text node at `index` is exactly `other`.
    func textEquals(_ index: Int32, _ other: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes(of: index).elementsEqual(other)
    }
}

/// One value of a parsed document: a handle on its node (the document stays alive while a
/// value of it is held). Reads like the tree it stands for: `kind`, `members`, `elements`.
struct SourceValue: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        /// Members in file order; keys are unique (the readers reject duplicates).
        case object(SourceMembers)
        case array(SourceElements)
        case string(String)
        /// The value and its spelling in the file (`1e999` parses to infinity; messages quote
        /// the spelling).
        case number(Double, literal: String)
        case bool(Bool)
        case null
    }

    let document: SourceDocument
    let index: Int32

    init(document: SourceDocument, index: Int32) {
        self.document = document
        self.index = index
    }

    /// A value standing alone (a scalar, or an empty object or array): for tests and
    /// placeholders.
    init(_ kind: Kind, at position: SourcePosition) {
        var builder = SourceDocument.Builder()
        let index: Int32
        switch kind {
        case .object(let members):
            precondition(members.isEmpty, "SourceValue(_:at:) makes an empty object only")
            index = builder.addContainer(.object, at: position, entries: [])
        case .array(let elements):
            precondition(elements.isEmpty, "SourceValue(_:at:) makes an empty array only")
            index = builder.addContainer(.array, at: position, entries: [])
        case .string(let s): index = builder.add(.string, at: position, text: Array(s.utf8))
        case .number(let n, let literal): index = builder.addNumber(n, literal: literal, at: position)
        case .bool(let b): index = builder.add(b ? .true : .false, at: position)
        case .null: index = builder.add(.null, at: position)
        }
        self.init(document: SourceDocument(builder), index: index)
    }

    var node: SourceDocument.Node { document.node(index) }

    /// Where the value starts: its first character (the opening bracket or quote).
    var position: SourcePosition { node.position }

    /// For a YAML literal block scalar (`|`), where its first content line starts; line `i`
    /// of the string is on source line `contentStart.line + i`. Nil for every other value.
    var contentStart: SourcePosition? { document.contentStarts.isEmpty ? nil : document.contentStarts[index] }

    var kind: Kind {
        let node = self.node
        switch node.kind {
        case .object: return .object(SourceMembers(document: document, start: Int(node.start), count: Int(node.count) / 2))
        case .array: return .array(SourceElements(document: document, start: Int(node.start), count: Int(node.count)))
        case .string: return .string(document.string(index))
        case .number: return .number(document.number(index), literal: document.string(index))
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .null: return .null
        }
    }

    /// The members of an object, nil for anything else.
    var members: SourceMembers? {
        let node = self.node
        guard node.kind == .object else { return nil }
        return SourceMembers(document: document, start: Int(node.start), count: Int(node.count) / 2)
    }

    /// The elements of an array, nil for anything else.
    var elements: SourceElements? {
        let node = self.node
        guard node.kind == .array else { return nil }
        return SourceElements(document: document, start: Int(node.start), count: Int(node.count))
    }

    /// A number's value without its spelling (the decoder's usual read); nil for anything else.
    var numberValue: Double? {
        document.node(index).kind == .number ? document.number(index) : nil
    }

    /// The elements of an array as a list of their own; empty for anything else.
    var elementList: [SourceValue] { elements.map(Array.init) ?? [] }

    /// The members of an object as a list of their own; empty for anything else.
    var memberList: [SourceMember] { members.map(Array.init) ?? [] }

    /// The member called `key`, if present.
    func member(_ key: String) -> SourceMember? {
        guard let members else { return nil }
        var key = key
        return key.withUTF8 { bytes in members.first { $0.keyEquals(bytes) } }
    }

    /// Same kind, value, spelling and position, all the way down.
    static func == (a: SourceValue, b: SourceValue) -> Bool {
        a.position == b.position && a.contentStart == b.contentStart && a.kind == b.kind
    }
}

/// One `key: value` of an object, with where the key was written.
struct SourceMember: Equatable, Sendable {
    let document: SourceDocument
    /// The key's node; the value's is the next entry of the object.
    let keyIndex: Int32
    let valueIndex: Int32

    var key: String { document.string(keyIndex) }
    var keyPosition: SourcePosition { document.node(keyIndex).position }
    var value: SourceValue { SourceValue(document: document, index: valueIndex) }

    /// True when the key is exactly `bytes` (no String made).
    func keyEquals(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { document.textEquals(keyIndex, bytes) }

    static func == (a: SourceMember, b: SourceMember) -> Bool {
        a.key == b.key && a.keyPosition == b.keyPosition && a.value == b.value
    }
}

/// An object's members, in file order.
struct SourceMembers: RandomAccessCollection, Equatable, Sendable {
    let document: SourceDocument
    /// Where the object's entries start in `document.children`.
    let start: Int
    let count: Int

    var startIndex: Int { 0 }
    var endIndex: Int { count }
    subscript(position: Int) -> SourceMember {
        let entry = start + 2 * position
        return SourceMember(document: document, keyIndex: document.child(entry), valueIndex: document.child(entry + 1))
    }

    static func == (a: SourceMembers, b: SourceMembers) -> Bool { a.elementsEqual(b) }
}

/// An array's elements, in file order.
struct SourceElements: RandomAccessCollection, Equatable, Sendable {
    let document: SourceDocument
    let start: Int
    let count: Int

    var startIndex: Int { 0 }
    var endIndex: Int { count }
    subscript(position: Int) -> SourceValue {
        SourceValue(document: document, index: document.child(start + position))
    }

    static func == (a: SourceElements, b: SourceElements) -> Bool { a.elementsEqual(b) }
}

/// The deepest nesting of objects and arrays either reader accepts: the top-level object
/// is level 1. Deeper files are refused with an error at the first container past the limit,
/// so nothing downstream ever recurses deeply.
let layoutNestingLimit = 200
