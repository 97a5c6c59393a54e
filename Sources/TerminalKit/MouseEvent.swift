/// A mouse action over one cell of the terminal.
///
/// Coordinates are cells: `column` from the left and `row` from the top, both from 0,
/// in the terminal's (and so the full-screen canvas's) space.
public struct MouseEvent: Hashable, Sendable {
    /// What the mouse did.
    public enum Kind: Hashable, Sendable {
        case press
        case release
        /// Motion with a button held (the button is the one last pressed, when known).
        case drag
        /// The wheel turned away from the user (content scrolls up).
        case wheelUp
        /// The wheel turned towards the user.
        case wheelDown
    }

    /// A mouse button.
    public enum Button: Hashable, Sendable {
        case left, middle, right
    }

    /// Keys held during the event, where the terminal reports them.
    public struct Modifiers: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let shift = Modifiers(rawValue: 1 << 0)
        public static let control = Modifiers(rawValue: 1 << 1)
        public static let alt = Modifiers(rawValue: 1 << 2)
    }

    public var kind: Kind
    /// Which button; `nil` for the wheel and for events the terminal did not attribute.
    public var button: Button?
    /// In cells, from 0 at the left edge.
    public var column: Int
    /// In cells, from 0 at the top edge.
    public var row: Int
    public var modifiers: Modifiers

    public init(_ kind: Kind, button: Button? = nil, column: Int, row: Int, modifiers: Modifiers = []) {
        self.kind = kind; self.button = button
        self.column = column; self.row = row
        self.modifiers = modifiers
    }
}
