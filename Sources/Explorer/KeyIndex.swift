import CommandLanguage
import TerminalKit

/// The keymap's bindings by key, as the lookup a key press makes needs them (issue 36): for
/// a plain ASCII character a slot of a 128-entry table (no hashing of a `Character`, which
/// hashes as a string); the modes as bits (no hashing of the mode into each binding's set);
/// and the binding's place in `Keymap.bindings` rather than a copy of it.
struct KeyIndex {
    struct Candidate: Sendable {
        /// Where the binding is in `Keymap.bindings`.
        var binding: Int
        var modes: UInt8
        var when: Binding.Condition?
    }

    static func bit(_ mode: ModeName) -> UInt8 {
        switch mode {
        case .normal: return 1
        case .anchor: return 2
        case .cursor: return 4
        case .tree: return 8
        }
    }

    /// A character key's slot in the ASCII table; nil for any other key, and for the line
    /// feed and carriage return (`"\r\n"` is one `Character` whose `asciiValue` is 10).
    static func asciiSlot(_ key: Key) -> Int? {
        guard case let .character(c) = key, let a = c.asciiValue, a != 10, a != 13 else { return nil }
        return Int(a)
    }

    let ascii: [[Candidate]]
    let others: [Key: [Candidate]]

    /// Each key's bindings in `bindings`' order.
    init(_ bindings: [Binding]) {
        var ascii = [[Candidate]](repeating: [], count: 128)
        var others: [Key: [Candidate]] = [:]
        for (i, b) in bindings.enumerated() {
            let modes = b.modes.reduce(UInt8(0)) { $0 | KeyIndex.bit($1) }
            for k in b.keys {
                let c = Candidate(binding: i, modes: modes, when: b.when)
                if let slot = KeyIndex.asciiSlot(k) { ascii[slot].append(c) } else { others[k, default: []].append(c) }
            }
        }
        self.ascii = ascii
        self.others = others
    }

    /// The first binding of `key` in `mode` whose condition holds, else the first with none.
    func binding(for key: Key, in mode: ModeName, when conditions: Set<Binding.Condition>) -> Int? {
        if let slot = KeyIndex.asciiSlot(key) { return pick(ascii[slot], mode, conditions) }
        guard let list = others[key] else { return nil }
        return pick(list, mode, conditions)
    }

    private func pick(_ list: [Candidate], _ mode: ModeName, _ conditions: Set<Binding.Condition>) -> Int? {
        let bit = KeyIndex.bit(mode)
        var unconditional: Int? = nil
        for c in list where c.modes & bit != 0 {
            if let when = c.when {
                if conditions.contains(when) { return c.binding }
            } else if unconditional == nil {
                unconditional = c.binding
            }
        }
        return unconditional
    }
}
