import Geometry
import LayerModel
import CommandLanguage

/// The values inside a layer: transforms, strings, booleans, numbers within ±1e9, points, rects,
/// colours, and the check that what was decoded can be saved and read back.
extension LayoutDecoder {
    // MARK: Transforms

    /// A transform value, in either spelling of the one transform grammar (both give
    /// `TransformStep`s, built into a matrix by `TransformSpec.matrix`, as commands are):
    /// a list of steps applied first to last (`Concat(step1, step2, …)`), 6 numbers
    /// `[a, b, c, d, tx, ty]` or 16 numbers `m11 … m44` row by row; or a string in the command
    /// language's transform grammar (`"rotate 45 then translate 10 0"`, as `set transform`).
    func transform(_ value: SourceValue, path: String) throws(LayoutError) -> TransformSpec {
        if case .string(let text) = value.kind {
            do throws(CommandError) {
                return try CommandParser.fragment(text) { r throws(CommandError) in try r.transform() }
            } catch {
                throw self.error(
                    at: value.position, path, "\"\(text.abbreviated)\": " + error.message,
                    suggestion: error.suggestion ?? "write steps chained with then, like \"rotate 30 then translate 10 0\", or a list [{\"rotate\": 30}]")
            }
        }
        guard let elements = value.elements else {
            var suggestion = "write a list of steps, like [{\"rotate\": 30}]"
            if let members = value.members, members.contains(where: { WrittenTransformStep.keys.contains($0.key) }) {
                suggestion = "wrap the step in a list: [ { … } ]"
            }
            throw error(
                at: value.position, path,
                "expected a transform (a list of steps like [{\"rotate\": 30}], 6 numbers, 16 numbers or a string like \"rotate 30\"), found \(describe(value))",
                suggestion: suggestion)
        }
        if let first = elements.first, case .number = first.kind {
            guard elements.count == 6 || elements.count == 16 else {
                throw error(
                    at: value.position, path,
                    "expected 6 numbers [a, b, c, d, tx, ty] or 16 numbers [m11 … m44], found \(describe(value))")
            }
            var numbers: [Double] = []
            for (index, element) in elements.enumerated() {
                guard case .number = element.kind else {
                    throw error(
                        at: element.position, path + "[\(index)]", "expected a number, found \(describe(element))",
                        suggestion: "a matrix transform is all numbers")
                }
                numbers.append(try number(element, path: path + "[\(index)]"))
            }
            if numbers.count == 6 {
                return TransformSpec([.affine(Affine2D(a: numbers[0], b: numbers[1], c: numbers[2], d: numbers[3], tx: numbers[4], ty: numbers[5]))])
            }
            // Exactly 16 numbers, checked above.
            return TransformSpec([Transform3D(rowMajor: numbers).map { .matrix($0) } ?? .identity])
        }
        var steps: [TransformStep] = []
        for (index, element) in elements.enumerated() {
            steps.append(try transformStep(element, path: path + "[\(index)]").step)
        }
        return TransformSpec(steps)
    }

    // MARK: Values

    func string(_ value: SourceValue, path: @autoclosure () -> String) throws(LayoutError) -> String {
        guard case .string(let s) = value.kind else {
            throw error(at: value.position, path(), "expected a string, found \(describe(value))", suggestion: "put it in quotes")
        }
        return s
    }

    func bool(_ value: SourceValue, path: @autoclosure () -> String) throws(LayoutError) -> Bool {
        switch value.kind {
        case .bool(let b):
            return b
        case .string(let s):
            // The command language's true/false words (`Toggle`), and YAML 1.1's y and n.
            let meant: String? = (Toggle.truth(s.lowercased()) ?? ["y": true, "n": false][s.lowercased()]).map(Toggle.truth)
            throw error(
                at: value.position, path(), "expected true or false, found \(describe(value))",
                suggestion: meant.map { "write \($0) without quotes" })
        case .number(let n, _) where n == 0 || n == 1:
            throw error(
                at: value.position, path(), "expected true or false, found \(describe(value))",
                suggestion: "write \(n == 1 ? "true" : "false")")
        default:
            throw error(at: value.position, path(), "expected true or false, found \(describe(value))")
        }
    }

    /// Refuses a layer whose stored fields, as a save would write them, fall outside what a
    /// file may hold: a view's `frame` at x = 1e9 gives a `center` past 1e9, which could be
    /// saved but never read back. Found here, it is an error at load, not a lost save.
    func checkWritable(_ layer: Layer, at position: SourcePosition, path: @autoclosure () -> String) throws(LayoutError) {
        guard let (key, bad) = Self.unsavableNumber(in: layer) else { return }
        throw error(
            at: position, path() + "." + key,
            "the layer's \(key) works out to \(bad.isFinite ? NumberText.exact(bad) : "\(bad)"), past the ±1e9 a layout file can hold, so it could not be saved and read back",
            suggestion: "bring the layer's numbers nearer the origin")
    }

    /// The first number a save would write for the layer that is not finite or past
    /// ±`numberLimit`, with its field's spelling; nil when the layer can be saved and read back.
    /// Nearly always every number is in range: found with plain comparisons, and only a layer
    /// that fails them is looked at declaration by declaration. Importers ask it too.
    static func unsavableNumber(in layer: Layer) -> (key: String, value: Double)? {
        if savedNumbersWithinLimit(layer) { return nil }
        for declaration in PropertyDeclaration.all where declaration.isSaved {
            let numbers: [Double]
            switch declaration.value(of: layer) {
            case let .number(n)?: numbers = [n]
            case let .point(p)?: numbers = [p.x, p.y]
            case let .rect(r)?: numbers = [r.origin.x, r.origin.y, r.size.width, r.size.height]
            case let .size(z)?: numbers = [z.width, z.height]
            case let .transform(t)?: numbers = t.matrix.rowMajor
            default: continue
            }
            if let bad = numbers.first(where: { !$0.isFinite || abs($0) > numberLimit }) {
                return (declaration.spelling(for: layer.kind).rawValue, bad)
            }
        }
        return nil
    }

    /// True when every number a save writes for the layer (the saved declarations' values:
    /// bounds, anchorPoint, anchorPointZ, position, zPosition, transform, sublayerTransform,
    /// opacity, borderWidth, a set contentsScale) is finite and within ±`numberLimit`. False
    /// sends `checkWritable` to the full check, which finds the field and words the message.
    static func savedNumbersWithinLimit(_ l: Layer) -> Bool {
        func ok(_ x: Double) -> Bool { abs(x) <= numberLimit }  // false for NaN and ±infinity
        func ok(_ m: Transform3D) -> Bool {
            ok(m.m11) && ok(m.m12) && ok(m.m13) && ok(m.m14) && ok(m.m21) && ok(m.m22) && ok(m.m23) && ok(m.m24)
                && ok(m.m31) && ok(m.m32) && ok(m.m33) && ok(m.m34) && ok(m.m41) && ok(m.m42) && ok(m.m43) && ok(m.m44)
        }
        return ok(l.bounds.origin.x) && ok(l.bounds.origin.y) && ok(l.bounds.size.width) && ok(l.bounds.size.height)
            && ok(l.anchorPoint.x) && ok(l.anchorPoint.y) && ok(l.anchorPointZ) && ok(l.position.x) && ok(l.position.y)
            && ok(l.zPosition) && ok(l.transform) && ok(l.sublayerTransform) && ok(l.opacity) && ok(l.borderWidth)
            && ok(l.contentsScale ?? 1)
    }

    /// A finite number no larger than `numberLimit` in magnitude.
    func number(_ value: SourceValue, path: @autoclosure () -> String) throws(LayoutError) -> Double {
        if let n = value.numberValue, abs(n) <= Self.numberLimit { return n }  // the usual case
        guard case .number(let n, let literal) = value.kind else {
            var suggestion: String? = nil
            if case .string(let s) = value.kind, let n = Double(s.trimmingSpaces), n.isFinite { suggestion = "write \(NumberText.exact(n)) without quotes" }
            throw error(at: value.position, path(), "expected a number, found \(describe(value))", suggestion: suggestion)
        }
        guard n.isFinite else {
            let overflow = !n.isNaN && !literal.lowercased().contains("inf")
            throw error(
                at: value.position, path(),
                "expected a finite number, found \(literal)\(overflow ? " (too large to represent)" : "")",
                suggestion: "numbers must be finite, between -1e9 and 1e9")
        }
        guard abs(n) <= Self.numberLimit else {
            throw error(
                at: value.position, path(), "\(literal) is too large: numbers must be between -1e9 and 1e9",
                suggestion: "write a number from -1e9 to 1e9")
        }
        return n
    }

    /// An array of numbers whose count is one of `counts`.
    func numbers(
        _ value: SourceValue, path: @autoclosure () -> String, counts: [Int], expected: String,
        extraSuggestion: ((Int) -> String?)? = nil
    ) throws(LayoutError) -> [Double] {
        guard let elements = value.elements, counts.contains(elements.count) else {
            let count = value.elements?.count ?? -1
            var suggestion = extraSuggestion?(count)
            if case .string(let s) = value.kind {
                // "0 0 100 100" or "10, 20": the numbers are right, the brackets are missing.
                let parts = s.split(whereSeparator: { $0 == " " || $0 == "," })
                let numbers = parts.compactMap { Double($0) }.filter(\.isFinite)
                if counts.contains(parts.count), numbers.count == parts.count {
                    suggestion = "write [" + numbers.map(NumberText.exact).joined(separator: ", ") + "] without quotes"
                }
            }
            throw error(at: value.position, path(), "expected \(expected), found \(describe(value))", suggestion: suggestion)
        }
        var out: [Double] = []
        out.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            out.append(try number(element, path: path() + "[\(index)]"))
        }
        return out
    }

    /// `[x, y]` or `{"x": …, "y": …}`.
    func point(_ value: SourceValue, path: @autoclosure () -> String, zField: String) throws(LayoutError) -> Point {
        if let members = value.members {
            let v = try keyed(members, at: value.position, path: path(), keys: ["x", "y"], synonyms: [:], what: "a point")
            return Point(x: v[0], y: v[1])
        }
        let v = try numbers(value, path: path(), counts: [2], expected: "a point [x, y]") { count in
            count == 3 ? "z is a separate field: \"\(zField)\"" : nil
        }
        return Point(x: v[0], y: v[1])
    }

    /// `[x, y, width, height]` or `{"x", "y", "width", "height"}`.
    func rect(_ value: SourceValue, path: @autoclosure () -> String) throws(LayoutError) -> Rect {
        // Four plain numbers in range, the usual case, read without the checks' paths.
        if let r = Self.plainRect(value.document, value.index) { return r }
        if let e = value.elements, e.count == 4 {
            // The usual spelling, read without an intermediate array (same checks, same order).
            return Rect(
                x: try number(e[0], path: path() + "[0]"), y: try number(e[1], path: path() + "[1]"),
                width: try number(e[2], path: path() + "[2]"), height: try number(e[3], path: path() + "[3]"))
        }
        if let members = value.members {
            let v = try keyed(
                members, at: value.position, path: path(), keys: ["x", "y", "width", "height"],
                synonyms: ["w": "width", "h": "height"], what: "a rect")
            return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
        }
        let v = try numbers(value, path: path(), counts: [4], expected: "a rect [x, y, width, height]") { count in
            count == 2 ? "a rect has 4 numbers: [x, y, width, height], e.g. [0, 0, w, h]" : nil
        }
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    /// The numbers of an object with exactly these keys, in this order.
    func keyed(
        _ members: SourceMembers, at position: SourcePosition, path: @autoclosure () -> String, keys: [String],
        synonyms: [String: String], what: String
    ) throws(LayoutError) -> [Double] {
        var values = [Double?](repeating: nil, count: keys.count)
        for member in members {
            guard let index = keys.firstIndex(of: member.key) else {
                throw unknownField(member, path: path(), valid: keys, synonyms: synonyms, context: "in \(what)")
            }
            values[index] = try number(member.value, path: path() + "." + member.key)
        }
        let missing = keys.indices.filter { values[$0] == nil }.map { "\"\(keys[$0])\"" }
        guard missing.isEmpty else {
            throw error(at: position, path(), "\(what) needs \(keys.map { "\"\($0)\"" }.joined(separator: ", ")); missing \(missing.joined(separator: ", "))")
        }
        return values.map { $0 ?? 0 }
    }

    func color(_ value: SourceValue, path: @autoclosure () -> String) throws(LayoutError) -> Color {
        guard case .string(let text) = value.kind else {
            throw error(
                at: value.position, path(), "expected a color (a CSS name like \"steelblue\", \"#rgb\" or \"#rrggbb\"), found \(describe(value))",
                suggestion: value.kind == .null ? "leave the field out for no color" : nil)
        }
        if let color = Color(css: text) { return color }
        let lowered = text.trimmingSpaces.lowercased()
        if lowered.hasPrefix("#") {
            throw error(
                at: value.position, path(), "\"\(text)\" is not a color: hex colors are #rgb or #rrggbb",
                suggestion: "write 3 or 6 hex digits, like #f80 or #ff8800")
        }
        if ["transparent", "clear", "none"].contains(lowered) {
            throw error(at: value.position, path(), "unknown color \"\(text)\"", suggestion: "leave the field out for no color")
        }
        let near = NearMiss.closest(to: lowered.replacingSpaces, among: Color.cssNames)
        throw error(
            at: value.position, path(), "unknown color \"\(text)\"",
            suggestion: near.map { "did you mean \"\($0)\"?" } ?? "use a CSS color name like \"steelblue\", or #rrggbb")
    }
}
