import Geometry
import LayerModel

/// One step of a transform as a layout writes it (`{"rotate": 30}`, `{"scale": [1, 2]}`,
/// `{"translate": [10, 0]}`, `{"rotate": 30, "axis": [1, 0, 0]}`, `rotateX`, `rotateY`,
/// `perspective`): its key and value as written, and what it means. The one reader of
/// steps: `LayoutDecoder` reads a layer's transform with it, and the preserving save
/// (`TransformFit`) reads the file's steps with it to refit one in place.
struct WrittenTransformStep {
    /// The keys a step object may have (besides `axis`, which goes with `rotate`).
    static let keys = ["rotate", "rotateX", "rotateY", "scale", "translate", "perspective"]

    /// `rotate`, `rotateX`, … as written.
    var key: String
    var value: SourceValue
    /// `rotate`'s axis, as written.
    var axis: SourceValue?
    /// What the step means: the same step a command's transform is made of.
    var step: TransformStep

    /// The step's matrix, as the loaded layer's transform is built (`TransformSpec.matrix`).
    var matrix: Transform3D { step.matrix }

    /// A step read leniently: nil where the decoder would have refused it.
    init?(_ value: SourceValue) {
        guard let read = try? LayoutDecoder(file: "").transformStep(value, path: "") else { return nil }
        self = read
    }

    init(key: String, value: SourceValue, axis: SourceValue?, step: TransformStep) {
        self.key = key; self.value = value; self.axis = axis; self.step = step
    }
}

extension LayoutDecoder {
    /// Reads one step object, or throws the load error naming the field at fault (an
    /// unknown or second key, a misplaced axis, a number out of range).
    func transformStep(_ value: SourceValue, path: String) throws(LayoutError) -> WrittenTransformStep {
        let meaning = try stepMeaning(value, path: path)
        // Read: exactly one step key, and at most an axis beside it.
        let members = value.memberList
        let key = members.first { $0.key != "axis" }
        return WrittenTransformStep(
            key: key?.key ?? "", value: key?.value ?? value,
            axis: members.first { $0.key == "axis" }?.value, step: meaning)
    }

    private func stepMeaning(_ value: SourceValue, path: String) throws(LayoutError) -> TransformStep {
        guard let members = value.members else {
            throw error(
                at: value.position, path, "expected a transform step like {\"rotate\": 30}, found \(describe(value))",
                suggestion: value.kind.isNumber ? "a transform is either a list of steps or 6 or 16 numbers, not a mix" : nil)
        }
        var stepMember: SourceMember?
        var axis: SourceMember?
        for member in members {
            if member.key == "axis" { axis = member; continue }
            guard WrittenTransformStep.keys.contains(member.key) else {
                var synonyms = ["rotation": "rotate", "translation": "translate", "move": "translate", "rotateZ": "rotate"]
                if member.key == "rotateZ" { synonyms["rotateZ"] = nil }
                var e = unknownField(member, path: path, valid: WrittenTransformStep.keys + ["axis"], synonyms: synonyms, context: "in a transform step")
                if member.key == "rotateZ" { e.suggestion = "did you mean \"rotate\"? (it turns about z)" }
                throw e
            }
            if let earlier = stepMember {
                throw error(
                    at: member.keyPosition, path + "." + member.key,
                    "a step does one thing, found \"\(earlier.key)\" and \"\(member.key)\"",
                    suggestion: "split it into two steps: [{\"\(earlier.key)\": …}, {\"\(member.key)\": …}]")
            }
            stepMember = member
        }
        guard let stepMember else {
            throw error(
                at: value.position, path, "empty transform step",
                suggestion: "write one of \(WrittenTransformStep.keys.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        let p = path + "." + stepMember.key
        if let axis, stepMember.key != "rotate" {
            throw error(
                at: axis.keyPosition, path + ".axis", "\"axis\" goes with \"rotate\", not \"\(stepMember.key)\"",
                suggestion: "write {\"rotate\": 30, \"axis\": [x, y, z]}")
        }
        switch stepMember.key {
        case "rotate":
            let degrees = try number(stepMember.value, path: p)
            guard let axis else { return .rotate(AngleLiteral(degrees), axis: nil) }
            let v = try numbers(axis.value, path: path + ".axis", counts: [3], expected: "an axis [x, y, z]")
            guard v.contains(where: { $0 != 0 }) else {
                throw error(
                    at: axis.value.position, path + ".axis", "the axis [0, 0, 0] has no direction",
                    suggestion: "use [0, 0, 1] for z, [1, 0, 0] for x, [0, 1, 0] for y")
            }
            return .rotate(AngleLiteral(degrees), axis: (v[0], v[1], v[2]))
        case "rotateX":
            return .rotate(AngleLiteral(try number(stepMember.value, path: p)), axis: (1, 0, 0))
        case "rotateY":
            return .rotate(AngleLiteral(try number(stepMember.value, path: p)), axis: (0, 1, 0))
        case "scale":
            if case .number = stepMember.value.kind {
                return .scale(try number(stepMember.value, path: p), nil, nil)
            }
            let v = try numbers(stepMember.value, path: p, counts: [2, 3], expected: "a scale: a number, [sx, sy] or [sx, sy, sz]")
            return .scale(v[0], v[1], v.count == 3 ? v[2] : nil)
        case "translate":
            let v = try numbers(stepMember.value, path: p, counts: [2, 3], expected: "a translation [tx, ty] or [tx, ty, tz]")
            return .translate(v[0], v[1], v.count == 3 ? v[2] : nil)
        default:  // perspective
            let d = try number(stepMember.value, path: p)
            guard d != 0 else {
                throw error(
                    at: stepMember.value.position, p, "perspective needs a non-zero eye distance, found \(literal(stepMember.value))",
                    suggestion: "try 500 (points from the eye to the screen)")
            }
            return .perspective(d)
        }
    }
}
