/// One form of view or layer tree LayerScope imports: how it is named in messages, how a text
/// is recognised as it (by content, whatever the file's name), and how it is imported. A new
/// form is one file with a type conforming to this and one line in `ImportForms.all`.
public protocol ImportForm: Sendable {
    /// As messages name it: "Sentry's view-hierarchy.json".
    var name: String { get }
    /// True when the text reads as this form. Cheap and linear: run on every file opened.
    func sniff(_ text: String) -> Bool
    /// The scene, with what was approximate and (lenient) what was skipped; strict stops at
    /// the first problem, with its line and column.
    func importText(_ text: String, file: String, lenient: Bool) throws(LayoutError) -> ImportedDump
}

/// The import forms in sniffing order: the one registry `layerscope FILE`, `layerscope
/// import`, `layerscope check` and the dump fuzzer all read, so a file is recognised (or not)
/// the same way by each.
public enum ImportForms {
    public static let all: [any ImportForm] = [
        SentryViewHierarchy.Form(),
        SDCALayerImport.Form(),
        AppKitSubtreeDescription.Form(),
        RecursiveDescriptionForm()
    ]

    /// The first form the text reads as; nil for a layout file or anything else.
    public static func form(of text: String) -> (any ImportForm)? {
        all.first { $0.sniff(text) }
    }

    /// Imports the text as the form it reads as. A text no form recognises is read as a
    /// `recursiveDescription` dump, whose reader says best what it expected and where.
    public static func importText(_ text: String, file: String, lenient: Bool) throws(LayoutError) -> ImportedDump {
        let form = form(of: text) ?? RecursiveDescriptionForm()
        return try form.importText(text, file: file, lenient: lenient)
    }
}

/// UIKit's `recursiveDescription` and CALayer's `po` descriptions (and the view-controller
/// tree, which is recognised to be refused with an explanation).
public struct RecursiveDescriptionForm: ImportForm {
    public init() {}
    public var name: String { "a view or layer dump" }
    public func sniff(_ text: String) -> Bool {
        text.first(where: { !$0.isWhitespace }) != "{" && RecursiveDescriptionParser.looksLikeDump(text)
    }
    public func importText(_ text: String, file: String, lenient: Bool) throws(LayoutError) -> ImportedDump {
        let parse = try RecursiveDescriptionParser.parse(text, file: file, lenient: lenient)
        return try RecursiveDescriptionImporter.build(parse, file: file, lenient: lenient)
    }
}

extension SentryViewHierarchy {
    public struct Form: ImportForm {
        public init() {}
        public var name: String { "Sentry's view-hierarchy.json" }
        public func sniff(_ text: String) -> Bool { SentryViewHierarchy.looksLike(text) }
        public func importText(_ text: String, file: String, lenient: Bool) throws(LayoutError) -> ImportedDump {
            try SentryViewHierarchy.importText(text, file: file, lenient: lenient)
        }
    }
}

extension SDCALayerImport {
    public struct Form: ImportForm {
        public init() {}
        public var name: String { "an SDCALayer export" }
        public func sniff(_ text: String) -> Bool { SDCALayerImport.looksLike(text) }
        public func importText(_ text: String, file: String, lenient: Bool) throws(LayoutError) -> ImportedDump {
            try SDCALayerImport.importText(text, file: file, lenient: lenient)
        }
    }
}

extension AppKitSubtreeDescription {
    public struct Form: ImportForm {
        public init() {}
        public var name: String { "AppKit's _subtreeDescription" }
        /// AppKit lines, in a text that is not a UIKit or CALayer dump quoting one.
        public func sniff(_ text: String) -> Bool {
            text.first(where: { !$0.isWhitespace }) != "{" && AppKitSubtreeDescription.looksLike(text)
                && !text.contains("; frame = (") && !text.contains("; position = CGPoint (")
        }
        public func importText(_ text: String, file: String, lenient: Bool) throws(LayoutError) -> ImportedDump {
            try AppKitSubtreeDescription.importText(text, file: file, lenient: lenient)
        }
    }
}
