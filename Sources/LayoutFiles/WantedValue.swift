import LayerModel
import Scenes
import Geometry

/// The value a field should have, before it is spelled; `keep` leaves the source alone.
indirect enum WantedValue {
    /// Written so it reads back bit for bit (`NumberText.file`).
    case number(Double)
    /// A transform step's number, recomputed from a matrix: the shortest decimal within its
    /// rounding noise, so `rotate 45` stays 45 rather than 45.00000000000001, but
    /// `scale 1.0000000001` stays 1.0000000001 (`stepNumberText`).
    case transformNumber(Double)
    case string(String)
    case bool(Bool)
    case array([WantedValue])
    case object([(String, WantedValue)])
    case keep
}

extension WantedValue {
    /// A transform's value with the numbers of its steps (`{ rotate: 45 }`, recomputed from a
    /// matrix) marked to be written without their noise; the 6 or 16 numbers of a matrix written whole
    /// stay exact.
    var asTransformNumbers: WantedValue {
        switch self {
        case let .array(a): return .array(a.map { if case .object = $0 { return $0.stepNumbers } else { return $0 } })
        case .object: return stepNumbers
        default: return self
        }
    }

    private var stepNumbers: WantedValue {
        switch self {
        case let .number(n): return .transformNumber(n)
        case let .array(a): return .array(a.map(\.stepNumbers))
        case let .object(m): return .object(m.map { ($0.0, $0.1.stepNumbers) })
        default: return self
        }
    }
}

/// Numbers that are the same value for a layout file: within 1e-9 (relative past 1).
func nearlyEqual(_ a: Double, _ b: Double) -> Bool {
    abs(a - b) <= 1e-9 * max(1, abs(a), abs(b))
}

/// A transform step's numbers are recomputed from a matrix, which leaves rounding noise
/// (`rotate 45` comes back as 45.00000000000001): values within 1e-12 (relative past 1) are
/// the same step. Anything further apart is a real difference and is written exactly — at
/// 1e-9, `scale 1.0000000001` was saved as `scale 1` and a hit test on the scaled edge
/// changed (issue 36).
func sameStepValue(_ a: Double, _ b: Double) -> Bool {
    abs(a - b) <= 1e-12 * max(1, abs(a), abs(b))
}

/// Matrices equal as transform steps: every entry `sameStepValue`.
func sameStepMatrix(_ a: Transform3D, _ b: Transform3D) -> Bool {
    zip(a.rowMajor, b.rowMajor).allSatisfy { sameStepValue($0, $1) }
}

/// A step's number as written: the shortest decimal when it is the same step value (noise
/// dropped), else the shortest that reads back to exactly `n`.
func stepNumberText(_ n: Double) -> String {
    let short = NumberText.short(n)
    if let r = Double(short), sameStepValue(r, n) { return short }
    return NumberText.file(n)
}

// MARK: - Wanting: scene values as wanted values

extension Patcher {
    func pointWant(_ p: Point, like value: SourceValue?) -> WantedValue {
        if let members = value?.members, members.count == 2 { return .object([("x", .number(p.x)), ("y", .number(p.y))]) }
        return .array([.number(p.x), .number(p.y)])
    }

    func rectWant(_ r: Rect, like value: SourceValue?) -> WantedValue {
        if let members = value?.members, members.count == 4 {
            let w = members.contains { $0.key == "w" } ? "w" : "width", h = members.contains { $0.key == "h" } ? "h" : "height"
            return .object([("x", .number(r.origin.x)), ("y", .number(r.origin.y)), (w, .number(r.size.width)), (h, .number(r.size.height))])
        }
        return .array([.number(r.origin.x), .number(r.origin.y), .number(r.size.width), .number(r.size.height)])
    }

    /// A layer (and its subtree) as a flow object, its fields as the canonical encoder writes
    /// them (the subtree is encoded as JSON and read back), a transform as one step when it is
    /// a plain rotation, scale or translation.
    func layerWant(_ id: LayerID, in tree: LayerTree) throws(PatchFailure) -> WantedValue {
        var mini = LayerTree()
        var queue: [(LayerID, LayerID?)] = [(id, nil)]
        var head = 0
        while head < queue.count {
            let (source, parent) = queue[head]
            head += 1
            guard let copy = try? mini.add(tree[source], in: parent) else { throw PatchFailure(reason: "cannot copy layer \"\(tree[source].name)\"") }
            queue.append(contentsOf: tree[source].sublayers.map { ($0, copy) })
        }
        let json = LayoutEncoder(format: .json).encode(Scene(tree: mini))
        guard let root = try? JSONReader.parse(Array(json.utf8), file: ""), let object = root.member("layers")?.value.elements?.first else {
            throw PatchFailure(reason: "cannot write layer \"\(tree[id].name)\"")
        }
        return wanted(object, tree: mini)
    }

    private func wanted(_ value: SourceValue, tree: LayerTree) -> WantedValue {
        switch value.kind {
        case .number(let n, _): return .number(n)
        case .string(let s): return .string(s)
        case .bool(let b): return .bool(b)
        case .null: return .keep
        case .array(let elements): return .array(elements.map { wanted($0, tree: tree) })
        case .object(let members):
            var result: [(String, WantedValue)] = []
            let name: String? = {
                if case .string(let s)? = value.member("name")?.value.kind { return s }; return nil
            }()
            for m in members {
                if m.key == "transform", let name, let id = tree.id(named: name), let steps = TransformFit.steps(tree[id].transform) {
                    result.append((m.key, steps))
                } else {
                    result.append((m.key, wanted(m.value, tree: tree)))
                }
            }
            return .object(result)
        }
    }
}
