import Geometry
import LayerModel

/// docs/layout-format.md's table of a layer's fields, generated from the declarations
/// (`PropertyDeclaration.all`: spellings, default, constraint, whether it animates) and the
/// two fields that are not properties (`drawing`, `sublayers`). Only the words saying
/// what a value looks like are written here. `layerscope commands --fields`; a test keeps
/// the docs equal.
public enum LayoutFieldTable {
    /// What each stored field holds, in words; `default` overrides a default the
    /// declaration cannot state (required, or depending on the screen).
    static let words: [Property: (value: String, default: String?)] = [
        .name: ("string, unique in the file; required", "—"),
        .kind: ("`\"layer\"` or `\"view\"` (UIView hit-testing rules and panel names)", nil),
        .bounds: ("`[x, y, w, h]` or `{\"x\",\"y\",\"width\",\"height\"}`", nil),
        .anchorPoint: ("`[x, y]`, unit coordinates, any real numbers", nil),
        .anchorPointZ: ("number", nil),
        .position: ("`[x, y]` or `{\"x\",\"y\"}`", nil),
        .frame: ("a rect, applied with the frame setter (geometry R3); saved as bounds and position", "—"),
        .zPosition: ("number", nil),
        .transform: ("a transform (below)", nil),
        .sublayerTransform: ("a transform (below)", nil),
        .hidden: ("bool", nil),
        .masksToBounds: ("bool", nil),
        .geometryFlipped: ("bool", nil),
        .opacity: ("number", nil),
        .userInteractionEnabled: ("bool (views)", nil),
        .backgroundColor: ("CSS name (`red`, `steelblue`…), `#rgb`, `#rrggbb`", nil),
        .borderColor: ("CSS name, `#rgb`, `#rrggbb`", nil),
        .borderWidth: ("number", nil),
        .autoresizingMask: ("flags joined by `+` from `LM W RM TM H BM` (views)", nil),
        .note: ("string shown in the inspector", nil),
        .contentsScale: ("number: the backing scale content is drawn at ([content.md](content.md))", "1 for a layer, the screen's `scale` for a view")
    ]

    /// The stored fields with no words here (a new declaration must get some: a test says so).
    public static var undescribed: [Property] {
        PropertyDeclaration.all.filter { $0.isFileField && words[$0.property] == nil }.map(\.property)
    }

    public static var markdown: String {
        var rows = ["| field | value | default | animates |", "| --- | --- | --- | --- |"]
        for d in PropertyDeclaration.all where d.isFileField {
            let spelled = "`\(d.property.rawValue)`" + (d.aliases.isEmpty ? "" : " (" + d.aliases.map { "`\($0.rawValue)`" }.joined(separator: ", ") + ")")
            let w = words[d.property]
            var value = w?.value ?? "\(d.kind)"
            if let c = d.constraint { value += ", " + constraintText(c) }
            let fallback = d.defaultValue.map(defaultText) ?? "—"
            rows.append("| \(spelled) | \(value) | \(w?.default ?? fallback) | \(d.animatable ? "yes" : "no") |")
        }
        rows.append(
            "| `drawing` | list of drawing operations, each a string: `\"save\"`, `\"rotate 45\"`, `\"fill-rect 0 0 40 20 orange\"`… ([content.md](content.md)) | `[]` | no |"
        )
        rows.append(
            "| " + LayoutDecoder.Field.sublayerSpellings.enumerated().map { $0.offset == 0 ? "`\($0.element)`" : "(`\($0.element)`)" }.joined(separator: " ")
                + " | array of layers | `[]` | no |")
        return rows.joined(separator: "\n")
    }

    static func constraintText(_ c: PropertyConstraint) -> String {
        switch c {
        case .unitInterval: return "0…1"
        case .nonNegative: return "≥ 0"
        case .nonNegativeSize: return "sizes ≥ 0"
        case .positive: return "> 0"
        }
    }

    /// A default as a file writes it (`[0.5, 0.5]`, `false`, `"layer"`), in code style.
    static func defaultText(_ v: PropertyValue) -> String {
        switch v {
        case let .transform(t) where t.matrix == .identity: return "identity"
        case let .color(c, spelling) where c == nil: return spelling
        default: break
        }
        switch LayoutEncoder.encoded(v) {
        case let .string(s): return "`\"\(s)\"`"
        case let .number(n): return "`\(NumberText.exact(n))`"
        case let .bool(b): return "`\(b)`"
        case let .numbers(v): return "`[" + v.map(NumberText.exact).joined(separator: ", ") + "]`"
        default: return "—"
        }
    }
}
