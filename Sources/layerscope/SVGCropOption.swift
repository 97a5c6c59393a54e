import ArgumentParser
import Export
import LayoutFiles

/// `render --crop screen|content`: only with `--svg`; a wrong word names the choices.
func svgCrop(_ text: String?, svg: String?) throws -> SVGCrop {
    guard let text else { return .screen }
    guard svg != nil else { throw ValidationError("--crop \(text): only with --svg FILE, e.g. --svg card.svg --crop content") }
    guard let crop = SVGCrop(rawValue: text.lowercased()) else {
        throw ValidationError("--crop \(text): expected screen or content, e.g. --crop content")
    }
    return crop
}
