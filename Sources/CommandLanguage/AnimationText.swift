import LayerModel

// The spelling of an `animate` command and its fields (AnimationParser.swift reads them back).

extension Timing {
    public var text: String {
        let n = NumberText.exact
        switch self {
        case let .named(name, _): return name
        case let .cubicBezier(f): return "cubic-bezier \(n(f.x1)) \(n(f.y1)) \(n(f.x2)) \(n(f.y2))"
        case let .spring(s):
            return "spring \(n(s.mass)) \(n(s.stiffness)) \(n(s.damping))" + (s.initialVelocity != 0 ? " \(n(s.initialVelocity))" : "")
        }
    }
}

extension RepeatCount {
    public var text: String { if case let .count(n) = self { return NumberText.exact(n) }; return "forever" }
}

extension AnimationSpec {
    /// The fields after the key path, in canonical order.
    public var fieldsText: String {
        let n = NumberText.exact
        var parts: [String] = []
        if let from { parts.append("from \(from.text)") }
        if let to { parts.append("to \(to.text)") }
        if let by { parts.append("by \(by.text)") }
        if let duration { parts.append("duration \(n(duration))") }
        if let delay { parts.append("delay \(n(delay))") }
        if let timing { parts.append("timing \(timing.text)") }
        if let repeatCount { parts.append("repeat \(repeatCount.text)") }
        if autoreverses { parts.append("autoreverse") }
        if let fill { parts.append("fill \(fill.rawValue)") }
        if keep { parts.append("keep") }
        return parts.joined(separator: " ")
    }

    public var text: String {
        let fields = fieldsText
        return "animate \(keyPath.rawValue)" + (fields.isEmpty ? "" : " " + fields)
    }
}
