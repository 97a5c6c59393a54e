/// `export svg FILE --crop screen|content`: the picture's extent, spelled as `render --crop`
/// spells it (the export's `SVGCrop` has the same cases; the command language names them
/// without depending on the export).
public enum SVGExtent: String, CaseIterable, Sendable {
    case screen
    case content
}
