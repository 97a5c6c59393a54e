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
    static let start = SourcePosition(line: 1, column: 1)
    var description: String { "line \(line), column \(column)" }
}

/// A parsed JSON or YAML document before it means anything: every value and every object
/// key knows where it was written, and objects keep their keys in file order. Both readers
/// produce it, so the decoder (and its error messages) is shared by the two formats.
struct SourceValue: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        /// Members in file order; keys are unique (the readers reject duplicates).
        case object([SourceMember])
        case array([SourceValue])
        case string(String)
        /// The value and its spelling in the file (`1e999` parses to infinity; messages quote
        /// the spelling).
        case number(Double, literal: String)
        case bool(Bool)
        case null
    }

    var kind: Kind
    /// Where the value starts: its first character (the opening bracket or quote).
    var position: SourcePosition
    /// For a YAML literal block scalar (`|`), where its first content line starts; line `i`
    /// of the string is on source line `contentStart.line + i`. Nil for every other value.
    var contentStart: SourcePosition?

    init(_ kind: Kind, at position: SourcePosition, contentStart: SourcePosition? = nil) {
        self.kind = kind
        self.position = position
        self.contentStart = contentStart
    }

    /// The members of an object, nil for anything else.
    var members: [SourceMember]? {
        if case .object(let members) = kind { return members }
        return nil
    }

    /// The elements of an array, nil for anything else.
    var elements: [SourceValue]? {
        if case .array(let elements) = kind { return elements }
        return nil
    }

    /// The member called `key`, if present.
    func member(_ key: String) -> SourceMember? {
        members?.first { $0.key == key }
    }
}

/// One `key: value` of an object, with where the key was written.
struct SourceMember: Equatable, Sendable {
    var key: String
    var keyPosition: SourcePosition
    var value: SourceValue

    init(key: String, at keyPosition: SourcePosition, value: SourceValue) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}

/// The deepest nesting of objects and arrays either reader accepts: the top-level object
/// is level 1. Deeper files are refused with an error at the first container past the limit,
/// so nothing downstream ever recurses deeply.
let layoutNestingLimit = 200
