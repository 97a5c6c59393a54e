import LayerModel

/// The words of a switch and of a true/false value, declared once: what a toggle command
/// (`cursor on`, `explode off`, `filter on` …) reads, prints, completes and shows in its
/// synopsis, and what a true/false property (`set hidden yes`) accepts — which the layout
/// reader also names when a file quotes one (`"hidden": "yes"`: write true without quotes).
public enum Toggle {
    /// A toggle's two words, on first: `on|off` in a synopsis.
    public static let words = ["on", "off"]

    /// A toggle as commands print it.
    public static func word(_ on: Bool) -> String { on ? words[0] : words[1] }

    /// `on` → true, `off` → false; nil for any other word.
    public static func parse(_ word: String) -> Bool? { words.firstIndex(of: word).map { $0 == 0 } }

    /// A true/false value's words, the printed pair first (`true`, `false`), then `yes`/`no`
    /// and the toggle's own words.
    public static let truthWords: [(word: String, value: Bool)] =
        [("true", true), ("false", false), ("yes", true), ("no", false)] + words.map { ($0, parse($0) ?? false) }

    /// A true/false value as commands print it: `true`, `false`.
    public static func truth(_ value: Bool) -> String { truthWords.first { $0.value == value }?.word ?? "\(value)" }

    /// The value a true/false word spells; nil for any other word.
    public static func truth(_ word: String) -> Bool? { truthWords.first { $0.word == word }?.value }
}

extension ToggleProperty {
    /// The property `toggle` flips.
    public var declaration: PropertyDeclaration { PropertyDeclaration.named(rawValue)! }

    /// Every word `toggle` reads, from the property declarations (`PropertyDeclaration.toggle`):
    /// each toggled property's name, its aliases (`clipsToBounds`), its inspector labels
    /// (`isHidden`, `flipped`, `masks`, `clips`) and any toggle words of its own.
    public static let byWord: [String: ToggleProperty] = {
        var out: [String: ToggleProperty] = [:]
        for d in PropertyDeclaration.all {
            guard let words = d.toggle, let p = ToggleProperty(rawValue: d.property.rawValue) else { continue }
            for w in d.commandWords + words { out[w] = p }
        }
        return out
    }()
}
