import Geometry
import LayerModel
import CommandLanguage

/// `measure` and `measure-pin` (docs/measure.md): the geometry is `LayerTree.measure`
/// (LayerModel/Measure.swift); here names become layers and answers become JSON.
extension Session {
    /// `{"measure":{…}}`, the figures in the space's points.
    func measureAnswer(_ q: MeasureQuery) throws(CommandError) -> String {
        let tree = q.presentation ? presentationTree() : scene.tree
        let a = try layer(named: q.a), b = try layer(named: q.b)
        let m = try measurement(a, b, space: q.space, mode: q.mode, in: tree)
        return Session.measureJSON(m, tree: tree)
    }

    /// A measurement of two layers of `tree` (the scene's or its presentation), the space
    /// named or the default; a refusal becomes the command's error.
    func measurement(_ a: LayerID, _ b: LayerID, space: SpaceName?, mode: MeasureMode, in tree: LayerTree) throws(CommandError) -> Measurement {
        let resolved = try space.map { s throws(CommandError) in try self.space(s) } ?? tree.measureSpace(a, b)
        do {
            return try tree.measure(a, b, in: resolved, mode: mode)
        } catch {
            throw CommandError(
                error.message,
                suggestion: mode == .quad ? "measure it in box mode, or in a space that sees its plane face-on" : "measure it in a space where it has an image")
        }
    }

    static func measureJSON(_ m: Measurement, tree: LayerTree) -> String {
        let space = m.space.map { JSON.string(tree[$0].name) } ?? "\"screen\""
        let contains = m.contains.map { "\"\($0.rawValue)\"" } ?? "null"
        let insets = m.insets.map(JSON.numbers) ?? "null"
        return "{\"measure\":{\"space\":\(space),\"mode\":\"\(m.mode.rawValue)\",\"horizontal\":\(JSON.number(m.horizontal)),"
            + "\"vertical\":\(JSON.number(m.vertical)),\"distance\":\(JSON.number(m.distance)),\"centers\":\(JSON.number(m.centers)),"
            + "\"contains\":\(contains),\"insets\":\(insets)}}"
    }

    /// `measure-pin`: an empty name pins the selection; the layer and space must exist.
    mutating func performMeasurePin(_ pin: MeasurePin?) throws(CommandError) {
        guard var pin else { measurePin = nil; return }
        if pin.layer.isEmpty { pin.layer = scene.tree[try selected()].name }
        _ = try layer(named: pin.layer)
        if let s = pin.space { _ = try space(s) }
        measurePin = pin
    }

    /// The pinned layer measured against the selection in `tree` (the drawn one: the
    /// presentation while animations show): nil when nothing is pinned, nothing else is
    /// selected or a name is gone (after a reload); a refusal when the geometry refuses.
    public func pinnedMeasurement(in tree: LayerTree) -> Result<Measurement, CommandError>? {
        guard let pin = measurePin, let a = tree.id(named: pin.layer), let b = selection, tree.contains(b), a != b else { return nil }
        if case let .layer(name) = pin.space, tree.id(named: name) == nil { return nil }
        do {
            return .success(try measurement(a, b, space: pin.space, mode: pin.mode, in: tree))
        } catch {
            return .failure(error)
        }
    }

    /// The pinned measurement's lines on the screen, for `export svg` (none when there is none).
    func pinnedScreenLines(in tree: LayerTree) -> [MeasureLine] {
        guard case let .success(m)? = pinnedMeasurement(in: tree) else { return [] }
        return tree.screenLines(of: m)
    }
}
