/// How deep the JSON and YAML readers let a document nest, and how they say so. A layout file
/// nests at most `layoutNestingLimit` levels (99 layers); an imported dump (Sentry's
/// view-hierarchy.json, SDCALayer's export) nests three levels a layer and may be far deeper
/// than what a layout holds: its reader lets it nest as deep as the reader can go (the JSON
/// reader keeps no call stack; libyaml stops at 1 000 levels), and the importer hangs the
/// layers past the layout's 99 levels at the last one and lists them.
struct ReaderNesting: Sendable {
    var levels: Int
    /// What the error says past `levels`.
    var suggestion: String

    static let layout = ReaderNesting(levels: layoutNestingLimit, suggestion: "layout files allow at most \(layoutNestingLimit) levels")
    static let jsonDump = ReaderNesting(
        levels: 1_000_000,
        suggestion: "this dump nests deeper than the importer reads; export a smaller part of the tree")
    /// libyaml's own limit (Yams' composer recurses once a level below it).
    static let yamlDump = ReaderNesting(
        levels: 1_000,
        suggestion: "this dump nests deeper than a YAML reader reads; export a smaller part of the tree, or export it as JSON")
}
