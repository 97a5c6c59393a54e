import LayerModel

/// What one frame leaves for the next, owned by whoever draws frames one after another (the
/// explorer's state, a benchmark's loop) and passed down to the rasterizers (issue 31: no
/// process-wide cache in Raster or Cells). It holds:
///
/// - the surface's fill, ink and colour buffers (`RasterSurface.Buffers`): a frame allocates
///   nothing this big, and the allocator does not hand the pages back and fault them in
///   again every frame;
/// - the layer pass's arrays (`SceneRasterizer.FrameScratch`);
/// - the names' index for shortened names (`LabelNames`), for the last frame's names;
/// - the colour picks (`ContrastPicks`);
/// - for a caller that asks for it (`SceneRasterizer.render(…, keepingFrame: true)`, the
///   explorer), the last frame's display list and composed cells (`KeptFrame`), so the next
///   frame draws again only what changed.
///
/// None of it changes a picture: a fresh scratch (the default of every entry point) draws
/// the same cells, only slower. The parts live in a `Memo` and are lent out for a frame
/// (`take`, then `keep`), so copies of an owner share them and two frames drawn at once from
/// one owner never share a buffer (the second starts afresh).
public struct RasterScratch: Equatable, Sendable {
    struct Parts: Sendable {
        var buffers = RasterSurface.Buffers()
        var frame = SceneRasterizer.FrameScratch()
        var names: KeptNames?
        var picks = ContrastPicks()
        var kept: KeptFrame?
        var work = FrameWork()
    }

    /// The last frame's names and their index.
    struct KeptNames: Sendable {
        var texts: [String]
        var index: LabelNames
    }

    private let kept = Memo<Parts>()

    public init() {}

    /// The parts for a frame: the last frame's, else new ones.
    func take() -> Parts { kept.take() ?? Parts() }

    /// Hands a frame's parts to the next frame.
    func keep(_ parts: Parts) { kept.keep(parts) }

    /// What the last cell frame drawn with this scratch did, counted (tests: work, never time).
    public var lastFrameWork: FrameWork {
        let parts = take()
        defer { keep(parts) }
        return parts.work
    }

    /// Runs `body` with the kept colour picks, for text drawn around the picture (the
    /// explorer's panels and legend).
    public func withPicks<R>(_ body: (inout ContrastPicks) -> R) -> R {
        var parts = take()
        defer { keep(parts) }
        return body(&parts.picks)
    }
}

extension LabelNames {
    /// The index of `names`: `kept`'s when it was built for the same names (a picture drawn
    /// every frame sorts its names once), else a new one, kept in its place.
    static func reusing(_ names: [String], kept: inout RasterScratch.KeptNames?) -> LabelNames {
        if let kept, kept.texts == names { return kept.index }
        let built = LabelNames(names)
        kept = RasterScratch.KeptNames(texts: names, index: built)
        return built
    }
}
