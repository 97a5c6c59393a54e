import Cells
import Dispatch

/// The pixel canvas as a list of fills in painting order (docs/picture.md, "Pixels"): each a
/// convex polygon in pixels, a colour, an opacity, and the pixels it can touch. Every shape
/// of the pixel mode is made of these (`PixelSurface`), so two frames' lists say where their
/// pictures can differ: wherever a fill of one is not matched, in order, by an equal fill of
/// the other (`damage`). Painting is `paint`: all of it, or only inside a rectangle — with
/// exactly the pixels the whole painting has there.
struct PixelDisplayList {
    struct Op {
        /// Its vertices: `xs[start ..< start + count]`, `ys[…]`.
        var start: Int32
        var count: Int32
        var color: UInt32
        var alpha: Double
        var bounds: PixelRect
        var hash: UInt64
    }

    private(set) var ops: [Op] = []
    private(set) var xs: [Double] = []
    private(set) var ys: [Double] = []

    var count: Int { ops.count }

    /// Room for `fills` fills of `vertices` vertices in all, so recording a frame does not
    /// move the lists as they grow.
    mutating func reserve(fills: Int, vertices: Int) {
        ops.reserveCapacity(fills); xs.reserveCapacity(vertices); ys.reserveCapacity(vertices)
    }

    /// A fill's hash: FNV-style over its colour, opacity and vertices (one rule for both `append`s).
    @inline(__always) static func mixed(_ h: UInt64, _ v: UInt64) -> UInt64 {
        let m = (h ^ v) &* 0x1000_0000_01B3
        return m ^ (m >> 29)
    }
    @inline(__always) static func hashStart(color: UInt32, alpha: Double) -> UInt64 {
        mixed(mixed(0xCBF2_9CE4_8422_2325, UInt64(color)), alpha.bitPattern)
    }

    mutating func append(_ poly: [PolyVertex], color: UInt32, alpha: Double, bounds: PixelRect) {
        var h = Self.hashStart(color: color, alpha: alpha)
        @inline(__always) func mix(_ v: UInt64) { h = Self.mixed(h, v) }
        let start = xs.count
        for v in poly {
            xs.append(v.x); ys.append(v.y)
            mix(v.x.bitPattern); mix(v.y.bitPattern)
        }
        ops.append(Op(start: Int32(start), count: Int32(poly.count), color: color, alpha: alpha, bounds: bounds, hash: h))
    }

    /// `append` of the quad `[a, b, c, d]` without an array for it (the same fill, the same
    /// hash): outline strips, strokes and squares, most of a frame's fills.
    mutating func append(
        _ a: PolyVertex, _ b: PolyVertex, _ c: PolyVertex, _ d: PolyVertex, color: UInt32, alpha: Double, bounds: PixelRect
    ) {
        var h = Self.hashStart(color: color, alpha: alpha)
        @inline(__always) func mix(_ v: UInt64) { h = Self.mixed(h, v) }
        let start = xs.count
        xs.append(a.x); ys.append(a.y); mix(a.x.bitPattern); mix(a.y.bitPattern)
        xs.append(b.x); ys.append(b.y); mix(b.x.bitPattern); mix(b.y.bitPattern)
        xs.append(c.x); ys.append(c.y); mix(c.x.bitPattern); mix(c.y.bitPattern)
        xs.append(d.x); ys.append(d.y); mix(d.x.bitPattern); mix(d.y.bitPattern)
        ops.append(Op(start: Int32(start), count: 4, color: color, alpha: alpha, bounds: bounds, hash: h))
    }

    /// Whether fill `i` of this list and fill `j` of `other` paint the same pixels the same way.
    func same(_ i: Int, as j: Int, in other: PixelDisplayList) -> Bool {
        let a = ops[i], b = other.ops[j]
        guard a.hash == b.hash, a.count == b.count, a.color == b.color, a.alpha == b.alpha, a.bounds == b.bounds else { return false }
        let sa = Int(a.start), sb = Int(b.start)
        for k in 0..<Int(a.count) where xs[sa + k] != other.xs[sb + k] || ys[sa + k] != other.ys[sb + k] { return false }
        return true
    }

    // MARK: Damage

    /// Where painting `self` can differ from painting `old` (same size and backdrop): the
    /// pixels of every fill not matched in order by an equal fill of the other list, as a
    /// few rectangles (touching ones merged). Empty when the two paint the same picture.
    ///
    /// Why that is enough: outside those rectangles each pixel is painted by the same
    /// fills, equal and in the same order, in both lists (matched pairs keep their order;
    /// an unmatched fill touches only pixels inside its own bounds), so it ends the same.
    /// The match is the common head and tail, then, in between, each new fill takes the
    /// first equal old fill after the last one taken (by hash) — a reordering is damage,
    /// never missed.
    func damage(since old: PixelDisplayList, mergeWithin margin: Int = 8) -> [PixelRect] {
        var rects: [PixelRect] = []
        func add(_ r: PixelRect) {
            var r = r
            var i = 0
            while i < rects.count {
                if rects[i].touches(r, margin: margin) {
                    r = r.union(rects.remove(at: i))
                    i = 0
                } else {
                    i += 1
                }
            }
            rects.append(r)
        }
        let n = ops.count, m = old.ops.count
        var head = 0
        while head < n && head < m && same(head, as: head, in: old) { head += 1 }
        var tail = 0
        while tail < n - head && tail < m - head && same(n - 1 - tail, as: m - 1 - tail, in: old) { tail += 1 }
        let newEnd = n - tail, oldEnd = m - tail
        guard head < newEnd || head < oldEnd else { return [] }
        // Old fills in the middle by hash, in order.
        var byHash: [UInt64: [Int]] = [:]
        for k in head..<oldEnd { byHash[old.ops[k].hash, default: []].append(k) }
        var next = head  // the first old fill not yet passed
        for k in head..<newEnd {
            var matched = -1
            if let candidates = byHash[ops[k].hash] {
                for c in candidates where c >= next && same(k, as: c, in: old) { matched = c; break }
            }
            if matched < 0 {
                add(ops[k].bounds)
            } else {
                for skipped in next..<matched { add(old.ops[skipped].bounds) }
                next = matched + 1
            }
        }
        for skipped in next..<oldEnd { add(old.ops[skipped].bounds) }
        return rects
    }

    // MARK: Painting

    /// Scanlines per pixel row.
    static let subrows = 4

    /// Paints every fill touching `clip` into `image`, clipped to it (the pixels outside are
    /// left alone). Returns the number of fills painted (work, for tests).
    ///
    /// Coverage: each pixel row is cut into `subrows` scanlines; on each, the polygon's span
    /// [left, right) is exact, and a pixel takes the length of the span inside it — its
    /// covered area measured on 4 lines, exact across, to a quarter down — and the colour is
    /// blended over what is below at `alpha · coverage`. Pixels whole across on every scanline
    /// the polygon crosses in a row are written as one run of one coverage (the interior, and
    /// the part of a top or bottom row under a flat edge: an axis-aligned box blends pixels
    /// one by one only down its sides). Clipping changes no pixel inside the clip: spans are
    /// cut at whole pixels, and a pixel's coverage is the same sum whether it is painted in a
    /// run or alone.
    ///
    /// Occlusion: the image is cut into tiles of `tile` × `tile` pixels, and the fills are
    /// first walked front to back: a tile an opaque fill covers whole is written by that fill
    /// with its colour alone, whatever was below, so no fill behind it paints there. A
    /// nested scene paints each pixel about once instead of once per layer over it.
    @discardableResult
    func paint(into image: inout PixelImage, clip: PixelRect, occlusion: Bool = true, parallel: Bool = true) -> Int {
        var work = PaintWork()
        return paint(into: &image, clip: clip, occlusion: occlusion, parallel: parallel, work: &work)
    }

    /// The pixels `paint` wrote, by kind (tests count them): blended one by one with their
    /// own coverage (`edgePixels`), or in runs of one coverage (`runPixels`: inside, and under
    /// a flat top or bottom edge); and the steps around them: pixels written with the
    /// backdrop by a painting that clears (`clearedPixels`, `image(…)`: only the tiles no
    /// opaque fill covers whole), tile bands an opaque fill was tested against for covering
    /// them whole (`coverTests`: never for a fill too thin to hold a tile), the bands the
    /// clip was painted in (`bands`, each its own occlusion, clear and fills), and the times a
    /// fill's edges and chains were worked out (`chainBuilds`: once a fill when the clip has
    /// more bands than one, else once in each band it crosses), and the fills the bands walked
    /// for their occlusion tiles (`bandFills`: with more bands than one, each band only the
    /// fills crossing it; one band walks the whole list).
    struct PaintWork: Equatable {
        var edgePixels = 0
        var runPixels = 0
        var clearedPixels = 0
        var coverTests = 0
        var bands = 0
        var chainBuilds = 0
        var bandFills = 0
        /// Rows painted by `steadyRows`: on the two edges of the row above, not found anew.
        var steadyRows = 0

        mutating func add(_ o: PaintWork) {
            edgePixels += o.edgePixels; runPixels += o.runPixels; clearedPixels += o.clearedPixels
            coverTests += o.coverTests; bands += o.bands; chainBuilds += o.chainBuilds
            bandFills += o.bandFills; steadyRows += o.steadyRows
        }
    }

    /// `paint`, adding what it wrote to `work`. `exactRuns` false takes the runs only on rows
    /// the polygon crosses on every scanline (each pixel of a top or bottom row blended on its
    /// own, as before the partial runs): the same pixels, more work (tests compare the two).
    /// `chains` false finds every scanline's span from every edge, never by walking a monotone
    /// polygon's two chains (`fill`): the same pixels again (tests compare). `parallel` paints
    /// a big clip's bands on several threads: the same pixels.
    @discardableResult
    func paint(
        into image: inout PixelImage, clip: PixelRect, occlusion: Bool = true, exactRuns: Bool = true,
        chains: Bool = true, area: Bool = true, parallel: Bool = true, steady: Bool = true, work: inout PaintWork
    ) -> Int {
        let width = image.width, height = image.height
        return image.pixels.withUnsafeMutableBufferPointer { buffer in
            paint(
                into: buffer.baseAddress!, width: width, height: height, clip: clip, backdrop: nil, occlusion: occlusion,
                exactRuns: exactRuns, chains: chains, area: area, parallel: parallel, steady: steady, work: &work)
        }
    }

    /// A new `width × height` image of the list over `backdrop` (`0xRRGGBB`): the pixels are
    /// not cleared first; each band writes the backdrop itself, on its own thread, into the
    /// tiles no opaque fill covers whole, and the fills write everything else (a covered
    /// tile's every pixel is its frontmost coverer's colour at 256/256: see `paint`). So every
    /// pixel is written, and exactly as clearing the image and painting it would (tests paint
    /// over a poisoned buffer and compare). Returns the image and the number of fills painted.
    static func image(
        of list: PixelDisplayList, width: Int, height: Int, backdrop: UInt32, occlusion: Bool = true, parallel: Bool = true,
        work: inout PaintWork
    ) -> (image: PixelImage, fills: Int) {
        let width = max(0, width), height = max(0, height)
        var fills = 0
        let pixels = [UInt32](unsafeUninitializedCapacity: width * height) { buffer, count in
            count = width * height
            guard count > 0 else { return }
            fills = list.paint(
                into: buffer.baseAddress!, width: width, height: height, clip: PixelRect(x: 0, y: 0, width: width, height: height),
                backdrop: backdrop & PackedColor.rgbMask, occlusion: occlusion, exactRuns: true, chains: true, area: true,
                parallel: parallel, work: &work)
        }
        return (PixelImage(width: width, height: height, pixels: pixels), fills)
    }

    /// Paints into `pixels` (rows `width` wide, `height` of them) inside `clip`; with a
    /// `backdrop`, the clip's pixels are taken as unwritten and every one of them is written
    /// (`image(…)`). Returns the number of fills painted (a fill is painted when some tile
    /// of it is left to paint in some band).
    ///
    /// All of the work is done band by band (`band` rows), in parallel for a big clip: each
    /// band walks the fills crossing it front to back for its own occlusion tiles, writes the
    /// backdrop where no fill covers a tile whole, and paints the fills left, in order. A band
    /// of the image (48 rows of a 2000-pixel canvas: 384 KB, inside a 512 KB second-level
    /// cache) stays in the cache while the fills cross it. The same pixels as fill after fill
    /// down the whole image: a pixel is painted by the same fills in the same order, and
    /// clipping changes no pixel (spans are cut at whole pixels). Before the bands run only
    /// the list of fills crossing each band, the largest polygon (the scratch size), and, in
    /// parallel, each fill's chains (`Preparing`).
    func paint(
        into pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int, clip: PixelRect, backdrop: UInt32?,
        occlusion: Bool, exactRuns: Bool, chains: Bool, area: Bool, parallel: Bool, steady: Bool = true, work: inout PaintWork
    ) -> Int {
        let clip = clip.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        guard !clip.isEmpty else { return 0 }
        let tile = Self.tile
        let tilesX = (width + tile - 1) / tile, words = (tilesX + 63) / 64
        let most = ops.reduce(3) { max($0, Int($1.count)) }
        let band = Self.band
        let firstBand = clip.y / band, bandCount = (clip.maxY - 1) / band - firstBand + 1
        // Bands in parallel (`parallel`, a big enough clip): each band owns its rows, so no
        // two threads write one pixel, and each pixel is painted by the same fills in the
        // same order as one thread would.
        let threads = parallel && bandCount >= 4 && clip.width * clip.height >= Self.parallelPixels
        var works = [PaintWork](repeating: PaintWork(), count: bandCount)
        // The fills each band painted, a bit a fill (counted once however many bands paint one).
        let fillWords = (ops.count + 63) / 64
        var painted = [UInt64](repeating: 0, count: bandCount * fillWords)
        // The smallest side of a tile (the last column and row of tiles may be cut by the
        // image's edge): a fill thinner than that across can never cover a tile whole.
        let leastTile = min(tile, width - (tilesX - 1) * tile, height - ((height + tile - 1) / tile - 1) * tile)
        // Each fill's chains and whether it may cover a tile, worked out once (`prepare`) when
        // the clip has more than one band, not once in each band the fill crosses.
        let once = bandCount > 1 && chains && area
        // The fills crossing each band, in order (`members[bandStarts[b] ..< bandStarts[b + 1]]`),
        // so a band walks its own fills rather than testing every fill of the list.
        var bandStarts = [Int32](repeating: 0, count: bandCount > 1 ? bandCount + 1 : 0)
        var members: [Int32] = []
        if bandCount > 1 {
            // The bands of a fill meeting the clip (first, last), or nil.
            @inline(__always) func bands(_ b: PixelRect) -> (Int, Int)? {
                let y0 = max(b.y, clip.y), y1 = min(b.maxY, clip.maxY)
                guard y0 < y1, b.x < clip.maxX, b.maxX > clip.x, b.width > 0 else { return nil }
                return (y0 / band - firstBand, (y1 - 1) / band - firstBand)
            }
            bandStarts.withUnsafeMutableBufferPointer { starts in
                for op in ops {
                    guard let (b0, b1) = bands(op.bounds) else { continue }
                    for b in b0...b1 { starts[b + 1] += 1 }
                }
                for b in 0..<bandCount { starts[b + 1] += starts[b] }
            }
            members = [Int32](repeating: 0, count: Int(bandStarts[bandCount]))
            var next = bandStarts
            members.withUnsafeMutableBufferPointer { members in
                next.withUnsafeMutableBufferPointer { next in
                    for k in ops.indices {
                        guard let (b0, b1) = bands(ops[k].bounds) else { continue }
                        for b in b0...b1 {
                            members[Int(next[b])] = Int32(k)
                            next[b] += 1
                        }
                    }
                }
            }
        }
        var prepared = [Prepared](repeating: Prepared(), count: once ? ops.count : 0)
        // Not cleared (1.5 MB for the benchmark's frame): a band reads only the chains of the
        // fills `prepare` wrote (`Prepared.left` ≥ 0), and `Edge` holds no references.
        var chainBuffer = [Edge](unsafeUninitializedCapacity: once ? 2 * (xs.count + ops.count) : 0) { _, count in
            count = once ? 2 * (xs.count + ops.count) : 0
        }
        xs.withUnsafeBufferPointer { xs in
            ys.withUnsafeBufferPointer { ys in
                ops.withUnsafeBufferPointer { ops in
                    works.withUnsafeMutableBufferPointer { works in
                        painted.withUnsafeMutableBufferPointer { painted in
                            prepared.withUnsafeMutableBufferPointer { prepared in
                                chainBuffer.withUnsafeMutableBufferPointer { chainBuffer in
                                    members.withUnsafeBufferPointer { members in
                                        bandStarts.withUnsafeBufferPointer { bandStarts in
                                            if once {
                                                let parts = threads ? Self.prepareParts : 1
                                                withUnsafeTemporaryAllocation(of: Int.self, capacity: parts) { built in
                                                    built.initialize(repeating: 0)
                                                    let preparing = Preparing(
                                                        ops: ops, xs: xs.baseAddress!, ys: ys.baseAddress!, clip: clip,
                                                        occlusion: occlusion, leastTile: Double(leastTile), vertices: most,
                                                        prepared: prepared.baseAddress!, chains: chainBuffer.baseAddress!, built: built.baseAddress!)
                                                    if threads {
                                                        DispatchQueue.concurrentPerform(iterations: parts) { preparing.prepare(part: $0, of: parts) }
                                                    } else {
                                                        preparing.prepare(part: 0, of: 1)
                                                    }
                                                    for b in built { work.chainBuilds += b }
                                                }
                                            }
                                            let shared = BandPainting(
                                                pixels: pixels, xs: xs.baseAddress!, ys: ys.baseAddress!, ops: ops, width: width, height: height,
                                                clip: clip, words: words, tilesX: tilesX, leastTile: Double(leastTile), backdrop: backdrop,
                                                occlusion: occlusion, segmentWords: 2 * (tilesX / 2 + 2), vertices: most, exactRuns: exactRuns,
                                                chains: chains, area: area, steady: steady, works: works.baseAddress!, painted: painted.baseAddress!,
                                                fillWords: fillWords, prepared: once ? UnsafePointer(prepared.baseAddress!) : nil,
                                                preparedChains: once ? UnsafePointer(chainBuffer.baseAddress!) : nil,
                                                members: bandCount > 1 ? (members, bandStarts) : nil)
                                            if threads {
                                                DispatchQueue.concurrentPerform(iterations: bandCount) { b in
                                                    shared.paint(band: firstBand + b, slot: b)
                                                }
                                            } else {
                                                for b in 0..<bandCount { shared.paint(band: firstBand + b, slot: b) }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        for w in works { work.add(w) }
        var fills = 0
        for w in 0..<fillWords {
            var m: UInt64 = 0
            for b in 0..<bandCount { m |= painted[b * fillWords + w] }
            fills += m.nonzeroBitCount
        }
        return fills
    }

    /// The parts the fills are split into to be prepared in parallel (`Preparing`).
    static let prepareParts = 8

    /// What `prepare` works out for one fill, for every band it crosses: where its left and
    /// right chains start in the shared chain buffer (−1: it is not painted by `fillArea`, and
    /// each band works its edges out itself), and whether it may cover a tile whole (opaque,
    /// convex, a tile across: `ConvexCover`).
    struct Prepared {
        var left: Int32 = -1, right: Int32 = -1
        var coverable = false
    }

    /// The fills' `Prepared`, each fill's chains at 2 · (its first vertex + its index) in the
    /// chain buffer (room for both chains and their end markers), parts of the fills at once.
    private struct Preparing: @unchecked Sendable {
        let ops: UnsafeBufferPointer<Op>
        let xs: UnsafePointer<Double>, ys: UnsafePointer<Double>
        let clip: PixelRect
        let occlusion: Bool
        let leastTile: Double
        let vertices: Int
        let prepared: UnsafeMutablePointer<Prepared>
        let chains: UnsafeMutablePointer<Edge>
        /// How many fills each part built the chains of (work, for tests).
        let built: UnsafeMutablePointer<Int>

        /// Prepares fills `part` of `parts`.
        func prepare(part: Int, of parts: Int) {
            let from = ops.count * part / parts, to = ops.count * (part + 1) / parts
            guard from < to else { return }
            var built = 0
            withUnsafeTemporaryAllocation(of: Edge.self, capacity: vertices + 1) { edges in
                for k in from..<to {
                    let op = ops[k]
                    guard op.bounds.y < clip.maxY && op.bounds.maxY > clip.y && op.bounds.x < clip.maxX && op.bounds.maxX > clip.x else {
                        continue
                    }
                    let n = Int(op.count), base = 2 * (Int(op.start) + k)
                    let xs = xs + Int(op.start), ys = ys + Int(op.start)
                    var p = Prepared()
                    p.coverable = occlusion && op.alpha >= 1 && ConvexCover(xs, ys, n, least: leastTile) != nil
                    let chainA = chains + base, chainB = chains + base + n + 1
                    built += 1
                    let (edgeCount, monotone, downOnRight, near) = PixelDisplayList.chainsOf(
                        n, xs: xs, ys: ys, edges: edges.baseAddress!, chainA: chainA, chainB: chainB, chains: true)
                    if edgeCount > 0 && monotone && near {
                        p.left = Int32(downOnRight ? base + n + 1 : base)
                        p.right = Int32(downOnRight ? base : base + n + 1)
                    }
                    prepared[k] = p
                }
            }
            self.built[part] = built
        }
    }

    /// The least clip, in pixels, painted in bands in parallel (smaller ones, a key's damage,
    /// are not worth waking threads for).
    static let parallelPixels = 1 << 18

    /// What every band's painting reads, and the image it writes (each band its own rows).
    private struct BandPainting: @unchecked Sendable {
        let pixels: UnsafeMutablePointer<UInt32>
        let xs: UnsafePointer<Double>, ys: UnsafePointer<Double>
        let ops: UnsafeBufferPointer<Op>
        let width: Int, height: Int, clip: PixelRect, words: Int, tilesX: Int
        /// The smallest tile side (`paint`), for skipping the cover test of thin fills.
        let leastTile: Double
        /// Write this where no opaque fill covers a tile whole, first (the pixels are unwritten).
        let backdrop: UInt32?
        let occlusion: Bool
        let segmentWords: Int, vertices: Int
        let exactRuns: Bool
        let chains: Bool
        /// Monotone polygons at their exact area (`fillArea`), else four scanlines a row.
        let area: Bool
        /// `fillArea` paints rows on the row above's two edges without finding them (`steadyRows`).
        let steady: Bool
        /// Where each band adds what it wrote (`PaintWork`), one slot a band.
        let works: UnsafeMutablePointer<PaintWork>
        /// Each band's painted fills, `fillWords` words a band.
        let painted: UnsafeMutablePointer<UInt64>
        let fillWords: Int
        /// Every fill's chains and cover, worked out once (`prepare`); nil: each band works them out.
        let prepared: UnsafePointer<Prepared>?
        let preparedChains: UnsafePointer<Edge>?
        /// The fills crossing each band (`paint`), by slot; nil: every band tests every fill.
        let members: (fills: UnsafeBufferPointer<Int32>, starts: UnsafeBufferPointer<Int32>)?

        /// The rows of band `band` (in `band`-row units) inside the clip: its occlusion tiles
        /// front to back, the backdrop, then every fill left in order, with scratch of its own;
        /// what it wrote is added to `works[slot]`, the fills it painted to `painted`'s slot.
        func paint(band: Int, slot: Int) {
            let top = max(clip.y, band * PixelDisplayList.band), bottom = min(clip.maxY, (band + 1) * PixelDisplayList.band)
            guard top < bottom else { return }
            let rows = PixelRect(x: clip.x, y: top, width: clip.width, height: bottom - top)
            let tile = PixelDisplayList.tile
            let bandLo = top / tile, bandHi = (bottom - 1) / tile, tileBands = bandHi - bandLo + 1
            let tileLo = clip.x / tile, tileHi = (clip.maxX - 1) / tile
            var work = PaintWork()
            work.bands = 1
            defer { works[slot].add(work) }
            let mine = painted + slot * fillWords
            // Front to back: each fill's tiles in this band not yet covered (`words` words a tile
            // band, only the words of its own tile columns), and where they start; the fills
            // with any, front first.
            // (Plain buffers sized for the most a band can hold — each fill at most `tileBands`
            // tile bands of `words` words — not arrays: no growth or uniqueness checks.)
            let fillCount = members.map { Int($0.starts[slot + 1] - $0.starts[slot]) } ?? ops.count
            let visible = UnsafeMutablePointer<UInt64>.allocate(capacity: max(1, fillCount * tileBands * words))
            let order = UnsafeMutablePointer<Int32>.allocate(capacity: max(1, 2 * fillCount))
            let starts = order + fillCount
            defer {
                visible.deallocate()
                order.deallocate()
            }
            var visibleCount = 0, orderCount = 0
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: tileBands * words) { covered in
                covered.initialize(repeating: 0)
                let crossing: UnsafeBufferPointer<Int32>? = members.map {
                    UnsafeBufferPointer(rebasing: $0.fills[Int($0.starts[slot])..<Int($0.starts[slot + 1])])
                }
                for i in (0..<(crossing?.count ?? ops.count)).reversed() {
                    let k = crossing.map { Int($0[i]) } ?? i
                    let op = ops[k]
                    work.bandFills += 1
                    guard op.bounds.y < bottom && op.bounds.maxY > top else { continue }
                    let r = op.bounds.intersection(rows)
                    if r.isEmpty { continue }
                    let b0 = r.y / tile, b1 = (r.maxY - 1) / tile, t0 = r.x / tile, t1 = (r.maxX - 1) / tile
                    let start = visibleCount
                    var any: UInt64 = 0
                    let cover: ConvexCover?
                    if let prepared {
                        cover = prepared[k].coverable ? ConvexCover(unchecked: xs + Int(op.start), ys + Int(op.start), Int(op.count)) : nil
                    } else {
                        cover =
                            occlusion && op.alpha >= 1
                            ? PixelDisplayList.ConvexCover(xs + Int(op.start), ys + Int(op.start), Int(op.count), least: leastTile)
                            : nil
                    }
                    // The fill's tile columns as mask bits, worked out once for all its tile bands
                    // when they fall in one word (the common fill: under 512 pixels across).
                    let w0 = t0 >> 6, w1 = t1 >> 6
                    let oneWord = w0 == w1 ? PixelDisplayList.bits(t0, t1, word: w0) : 0
                    for b in b0...b1 {
                        let row = (b - bandLo) * words
                        if w0 == w1 {
                            let m = oneWord & ~covered[row + w0]
                            visible[visibleCount] = m
                            visibleCount += 1
                            any |= m
                        } else {
                            for w in w0...w1 {
                                let m = PixelDisplayList.bits(t0, t1, word: w) & ~covered[row + w]
                                visible[visibleCount] = m
                                visibleCount += 1
                                any |= m
                            }
                        }
                        // The tiles of this band the fill covers whole (band rows and tile
                        // columns clipped to the image).
                        guard let cover else { continue }
                        work.coverTests += 1
                        let tileTop = Double(b * tile), tileBottom = Double(min(b * tile + tile, height))
                        guard let (l, r) = cover.inside(tileTop, tileBottom) else { continue }
                        // A pixel short of whole by less than `slack` on a scanline (rounding in
                        // the spans) still takes the colour whole: at opacity 1 it rounds to 256/256.
                        let slack = 1e-6
                        let c0 = max(tileLo, Int(((l - slack) / Double(tile)).rounded(.up)))
                        let c1 = min(
                            tileHi, r + slack >= Double(width) ? tilesX - 1 : Int(((r + slack) / Double(tile)).rounded(.down)) - 1)
                        // (Only the words holding c0 … c1: the others' bits are 0.)
                        if c0 <= c1 { for w in c0 >> 6...c1 >> 6 { covered[row + w] |= PixelDisplayList.bits(c0, c1, word: w) } }
                    }
                    if any != 0 {
                        order[orderCount] = Int32(k); starts[orderCount] = Int32(start)
                        orderCount += 1
                        mine[k >> 6] |= 1 << UInt64(k & 63)
                    } else {
                        visibleCount = start
                    }
                }
                // The backdrop, on the tiles no opaque fill covers whole: the rows of this band
                // are in the cache for the fills that follow.
                if let backdrop {
                    for b in bandLo...bandHi {
                        let y0 = max(top, b * tile), y1 = min(bottom, b * tile + tile)
                        // Every tile of the clip covered (a scene with a backdrop layer: the
                        // common case): nothing to write, found a word at a time.
                        var allCovered = true
                        for w in tileLo >> 6...tileHi >> 6
                        where covered[(b - bandLo) * words + w] | ~PixelDisplayList.bits(tileLo, tileHi, word: w) != ~0 {
                            allCovered = false
                            break
                        }
                        if allCovered { continue }
                        var x = clip.x
                        while x < clip.maxX {
                            // The run of uncovered tiles from x, cut to the clip.
                            let t = x / tile
                            let isCovered = covered[(b - bandLo) * words + t >> 6] >> UInt64(t & 63) & 1 != 0
                            var t1 = t
                            while t1 + 1 <= tileHi
                                && (covered[(b - bandLo) * words + (t1 + 1) >> 6] >> UInt64((t1 + 1) & 63) & 1 != 0) == isCovered
                            { t1 += 1 }
                            let end = min(clip.maxX, (t1 + 1) * tile)
                            if !isCovered {
                                for y in y0..<y1 { (pixels + y * width + x).update(repeating: backdrop, count: end - x) }
                                work.clearedPixels += (end - x) * (y1 - y0)
                            }
                            x = end
                        }
                    }
                }
            }
            guard orderCount > 0 else { return }
            withUnsafeTemporaryAllocation(of: Edge.self, capacity: PixelDisplayList.edgeScratch(vertices: vertices)) { edges in
                withUnsafeTemporaryAllocation(of: Int32.self, capacity: PixelDisplayList.activeScratch(vertices: vertices)) { active in
                    withUnsafeTemporaryAllocation(of: Int32.self, capacity: segmentWords) { segments in
                        withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * PixelDisplayList.subrows) { spans in
                            withUnsafeTemporaryAllocation(of: Int32.self, capacity: clip.width + 4) { alphas in
                                withUnsafeTemporaryAllocation(of: Piece.self, capacity: 2 * (vertices + 1)) { pieces in
                                    do {
                                        for i in (0..<orderCount).reversed() {
                                            let k = Int(order[i])
                                            let op = ops[k]
                                            // The fill's tile masks start at its first tile band in this band.
                                            let r = op.bounds.intersection(rows)
                                            let w0 = (r.x / tile) >> 6, w1 = ((r.maxX - 1) / tile) >> 6
                                            let tiles = Tiles(
                                                masks: UnsafePointer(visible + Int(starts[i])), firstBand: r.y / tile, words: w1 - w0 + 1,
                                                firstWord: w0)
                                            PixelDisplayList.fill(
                                                op, xs: xs + Int(op.start), ys: ys + Int(op.start),
                                                pixels: pixels, width: width, clip: rows, tiles: tiles, segments: segments.baseAddress!,
                                                edges: edges.baseAddress!, active: active.baseAddress!, spans: spans.baseAddress!,
                                                chains: chains, exactRuns: exactRuns, area: area, alphas: alphas.baseAddress!,
                                                pieces: pieces.baseAddress!, prepared: prepared?[k] ?? Prepared(),
                                                preparedChains: preparedChains, steady: steady, work: &work)
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The occlusion tile's side, in pixels.
    static let tile = 8

    /// The height of the bands the image is painted in, in pixels (a multiple of `tile`). 48
    /// rather than 32: each fill is set up once a band it crosses, and the 1 000-layer frame
    /// is 2 % fewer instructions with a third fewer bands (DECISIONS, issue 35 part fourteen).
    static let band = 48

    /// Bits `from…to` (tile columns) that fall in 64-bit word `word`.
    @inline(__always)
    static func bits(_ from: Int, _ to: Int, word: Int) -> UInt64 {
        let lo = max(from - word * 64, 0), hi = min(to - word * 64, 63)
        guard lo <= hi else { return 0 }
        let upper: UInt64 = hi == 63 ? ~0 : (1 << UInt64(hi + 1)) - 1
        return upper & ~((1 << UInt64(lo)) - 1)
    }

    /// Where a convex polygon covers a whole horizontal band: between its spans at the band's
    /// top and bottom (its left side is convex and its right side concave in y, so the
    /// narrowest span of the band is at one of its ends). Nil for a polygon that is not
    /// convex (never claimed to cover anything), and for one too thin across to hold a square
    /// of side `least` (the smallest tile: it could never cover one).
    struct ConvexCover {
        let xs: UnsafePointer<Double>, ys: UnsafePointer<Double>, n: Int
        let minY: Double, maxY: Double

        init?(_ xs: UnsafePointer<Double>, _ ys: UnsafePointer<Double>, _ n: Int, least: Double = 0) {
            self.xs = xs; self.ys = ys; self.n = n
            var lo = Double.infinity, hi = -Double.infinity
            var sign = 0.0
            for k in 0..<n {
                lo = min(lo, ys[k]); hi = max(hi, ys[k])
                // (k + 1) % n and (k + 2) % n without dividing.
                let a = k, b = k + 1 == n ? 0 : k + 1
                let c = b + 1 == n ? 0 : b + 1
                let cross = (xs[b] - xs[a]) * (ys[c] - ys[b]) - (ys[b] - ys[a]) * (xs[c] - xs[b])
                if cross != 0 {
                    if sign == 0 { sign = cross > 0 ? 1 : -1 } else if (cross > 0) != (sign > 0) { return nil }
                }
            }
            minY = lo; maxY = hi
            // Thin: a convex polygon's least width across is, for one of its edges, the
            // farthest any vertex lies from that edge's line (an outline strip: its own width).
            // A tile it covers is a square of side `least` at least (less 2·10⁻⁶ of slack)
            // inside it, and no square that big fits across a polygon thinner than that.
            guard n <= 8 else { return }
            let thin = least - 1e-3
            guard thin > 0 else { return }
            var px = xs[n - 1], py = ys[n - 1]
            for k in 0..<n {
                let dx = xs[k] - px, dy = ys[k] - py
                var far = 0.0
                for v in 0..<n { far = Swift.max(far, abs(dx * (ys[v] - py) - dy * (xs[v] - px))) }
                if far * far < thin * thin * (dx * dx + dy * dy) { return nil }
                px = xs[k]; py = ys[k]
            }
        }

        /// A polygon already found convex and a tile across (`Prepared.coverable`).
        init(unchecked xs: UnsafePointer<Double>, _ ys: UnsafePointer<Double>, _ n: Int) {
            self.xs = xs; self.ys = ys; self.n = n
            var lo = Double.infinity, hi = -Double.infinity
            for k in 0..<n { lo = Swift.min(lo, ys[k]); hi = Swift.max(hi, ys[k]) }
            minY = lo; maxY = hi
        }

        /// The x range covered at every y of [top, bottom]; nil when the polygon does not
        /// span the band or the range is empty.
        func inside(_ top: Double, _ bottom: Double) -> (Double, Double)? {
            guard minY <= top, maxY >= bottom else { return nil }
            let (l0, r0) = span(top), (l1, r1) = span(bottom)
            let l = max(l0, l1), r = min(r0, r1)
            return l < r ? (l, r) : nil
        }

        /// The polygon's cross-section at `y` (edges taken closed at both ends).
        private func span(_ y: Double) -> (Double, Double) {
            var l = Double.infinity, r = -Double.infinity
            var px = xs[n - 1], py = ys[n - 1]
            for k in 0..<n {
                let x = xs[k], vy = ys[k]
                if (py <= y && y <= vy) || (vy <= y && y <= py) {
                    if vy == py {
                        l = min(l, x, px); r = max(r, x, px)
                    } else {
                        let cx = px + (y - py) / (vy - py) * (x - px)
                        l = min(l, cx); r = max(r, cx)
                    }
                }
                px = x; py = vy
            }
            return (l, r)
        }
    }

    /// One fill's tiles left to paint: `words` mask words per band from `firstBand`, the
    /// words of tile columns `firstWord · 64` on.
    struct Tiles {
        var masks: UnsafePointer<UInt64>
        var firstBand: Int
        var words: Int
        /// The mask words kept are those of the fill's own tile columns, from this one.
        var firstWord: Int
    }

    /// One polygon edge that is not horizontal: x at its top, dx/dy, its rows [top, bottom);
    /// `down` when it runs down the screen in the polygon's vertex order.
    struct Edge {
        var top = 0.0, bottom = 0.0, x = 0.0, slope = 0.0
        var down = false
    }

    /// The scratch one `fill` needs, in `Edge`s, for polygons of at most `vertices` vertices:
    /// the edge table, then the two chains, each with its end marker.
    static func edgeScratch(vertices: Int) -> Int { 3 * (vertices + 1) }

    /// The edge pixels of a row whose alphas are kept for the rows below it (`fill`).
    static let keptEdgePixels = 8

    /// The `Int32` scratch of `fill`: the generic path's active edges, then the kept alphas.
    static func activeScratch(vertices: Int) -> Int { vertices + keptEdgePixels }

    /// The lesser of two spans' ends that are never NaN (one `minsd`; Swift's `min` keeps
    /// NaN's order and takes a compare and three masks).
    @inline(__always)
    static func lo(_ a: Double, _ b: Double) -> Double { a < b ? a : b }

    /// The greater of two values that are never NaN (one `maxsd`).
    @inline(__always)
    static func hi(_ a: Double, _ b: Double) -> Double { a > b ? a : b }

    /// `floor` of a clamped span end (0 ≤ x ≤ the image's width, far below 2³¹), or one less
    /// where x is whole: x − 0.5 rounded to the nearest integer by adding 1.5 · 2⁵², the
    /// integer then in the low bits — no call and no checked conversion (that was about ten
    /// instructions, four times a row). Every use is a bound that may only hand one more
    /// pixel to the pixel-by-pixel sum, which gives it the same alpha (`fill`).
    @inline(__always)
    static func floorOfPositive(_ x: Double) -> Int {
        Int(Int32(truncatingIfNeeded: ((x - 0.5) + 6_755_399_441_055_744).bitPattern))
    }

    /// `Int(y)` for 0 ≤ y < 2³¹ (an edge pixel's alpha, 0.5 … 256.5): y rounded to the nearest
    /// integer by adding 1.5 · 2⁵², less one where that went up — exactly the truncation, with
    /// no checked conversion (about six instructions fewer, once an edge pixel).
    @inline(__always)
    static func truncateSmall(_ y: Double) -> Int {
        let r = Int(Int32(truncatingIfNeeded: (y + 6_755_399_441_055_744).bitPattern))
        return Double(r) > y ? r - 1 : r
    }

    /// `ceil` of a clamped span end, or one more where x is whole (as above).
    @inline(__always)
    static func ceilOfPositive(_ x: Double) -> Int {
        Int(Int32(truncatingIfNeeded: ((x + 0.5) + 6_755_399_441_055_744).bitPattern))
    }

    /// A fill's tiles left to paint in tile band `band`, as runs of pixels [start, end) in
    /// `segments` (two a run), cut to `clip`; returns how many runs.
    @inline(__always)
    static func segments(of tiles: Tiles, band: Int, rows: PixelRect, clip: PixelRect, into segments: UnsafeMutablePointer<Int32>) -> Int {
        let masks = tiles.masks + (band - tiles.firstBand) * tiles.words
        var segmentCount = 0
        // Runs of set bits, word by word (a run may go on into the next word).
        for word in (rows.x / tile) >> 6...((rows.maxX - 1) / tile) >> 6 {
            var m = masks[word - tiles.firstWord]
            while m != 0 {
                let from = m.trailingZeroBitCount
                let rest = ~(m >> UInt64(from))
                let length = rest == 0 ? 64 - from : rest.trailingZeroBitCount
                let start = Int32(max((word * 64 + from) * tile, clip.x))
                let end = Int32(min((word * 64 + from + length) * tile, clip.maxX))
                if segmentCount > 0 && segments[2 * segmentCount - 1] >= start {
                    segments[2 * segmentCount - 1] = end
                } else {
                    segments[2 * segmentCount] = start
                    segments[2 * segmentCount + 1] = end
                    segmentCount += 1
                }
                m = from + length >= 64 ? 0 : m & ~((1 << UInt64(from + length)) - 1)
            }
        }
        return segmentCount
    }

    /// Paints one polygon on the rows of `clip` (one band), inside its tiles left to paint.
    ///
    /// The spans: each scanline's [left, right) is the least and the greatest crossing of the
    /// edges that reach it (`e.x + (y − e.top) · e.slope`, an edge reaching [top, bottom)).
    /// For a polygon that goes down once and up once (y-monotone: every convex one) exactly
    /// two edges reach each scanline of its height, one of each chain, so the rows walk the
    /// two chains down instead of testing every edge on every scanline — the same crossings,
    /// the same numbers. Any other polygon takes every edge on every scanline, as before.
    ///
    /// Rows between two vertical edges (an axis-aligned box, a layer's side, a border strip)
    /// have the same spans row after row: the row's coverages are worked out once and kept
    /// (`keptEdgePixels` alphas at most), and the rows below only blend them.
    private static func fill(
        _ op: Op, xs: UnsafePointer<Double>, ys: UnsafePointer<Double>, pixels: UnsafeMutablePointer<UInt32>,
        width w: Int, clip: PixelRect, tiles: Tiles, segments: UnsafeMutablePointer<Int32>,
        edges: UnsafeMutablePointer<Edge>, active: UnsafeMutablePointer<Int32>,
        spans: UnsafeMutablePointer<Double>, chains: Bool, exactRuns: Bool, area: Bool, alphas: UnsafeMutablePointer<Int32>,
        pieces: UnsafeMutablePointer<Piece>, prepared: Prepared, preparedChains: UnsafePointer<Edge>?, steady: Bool,
        work: inout PaintWork
    ) {
        let n = Int(op.count)
        let rows = op.bounds.intersection(clip)
        guard !rows.isEmpty else { return }
        if prepared.left >= 0, let preparedChains {
            // Its chains, worked out once for every band (`prepare`).
            fillArea(
                op, left: preparedChains + Int(prepared.left), right: preparedChains + Int(prepared.right), pixels: pixels,
                width: w, clip: clip, rows: rows, tiles: tiles, segments: segments, alphas: alphas, pieces: pieces,
                pieceCapacity: n + 1, steady: steady, work: &work)
            return
        }
        let chainA = edges + (n + 1), chainB = edges + 2 * (n + 1)
        work.chainBuilds += 1
        let (edgeCount, monotone, downOnRight, near) = chainsOf(n, xs: xs, ys: ys, edges: edges, chainA: chainA, chainB: chainB, chains: chains)
        guard edgeCount > 0 else { return }
        if monotone && area && near {
            fillArea(
                op, left: downOnRight ? chainB : chainA, right: downOnRight ? chainA : chainB, pixels: pixels, width: w,
                clip: clip, rows: rows, tiles: tiles, segments: segments, alphas: alphas, pieces: pieces,
                pieceCapacity: n + 1, steady: steady, work: &work)
            return
        }
        paintScanlines(
            op, edges: edges, edgeCount: edgeCount, monotone: monotone, chainA: chainA, chainB: chainB, pixels: pixels, width: w,
            clip: clip, rows: rows, tiles: tiles, segments: segments, active: active, spans: spans, exactRuns: exactRuns, work: &work)
    }

    /// A polygon's edge table in `edges` (each edge that is not horizontal once, x at its top
    /// and its slope, so a scanline's crossing is one multiply-add: the same numbers whatever
    /// rows are painted) and, when it is y-monotone (`chains`), its two chains in `chainA`
    /// (the edges running down, in vertex order) and `chainB` (the edges running up, in
    /// reverse), each from the top down and ended by a marker no row reaches. Also whether its
    /// down edges are on the right (clockwise on screen) and whether every vertex is within
    /// 2²⁴ pixels (`fillArea`'s sums stay exact to far below a 1/256 step there).
    @inline(__always)
    static func chainsOf(
        _ n: Int, xs: UnsafePointer<Double>, ys: UnsafePointer<Double>, edges: UnsafeMutablePointer<Edge>,
        chainA: UnsafeMutablePointer<Edge>, chainB: UnsafeMutablePointer<Edge>, chains: Bool
    ) -> (edgeCount: Int, monotone: Bool, downOnRight: Bool, near: Bool) {
        var edgeCount = 0, downs = 0
        var finite = true
        // Twice the signed area (positive: clockwise on screen, the down edges on the right),
        // and whether every vertex is within 2²⁴ pixels (the exact-area sums stay exact to far
        // below a 1/256 step there).
        var area2 = 0.0, near = true
        var px = xs[n - 1], py = ys[n - 1]
        for k in 0..<n {
            let x = xs[k], y = ys[k]
            area2 += px * y - x * py
            near = near && abs(x) < 16_777_216 && abs(y) < 16_777_216
            if y != py {
                let down = y > py
                let (tx, ty, bx, by) = down ? (px, py, x, y) : (x, y, px, py)
                let slope = (bx - tx) / (by - ty)
                finite = finite && slope.isFinite
                edges[edgeCount] = Edge(top: ty, bottom: by, x: tx, slope: slope, down: down)
                edgeCount += 1
                if down { downs += 1 }
            }
            px = x; py = y
        }
        guard edgeCount > 0 else { return (0, false, false, near) }
        // Monotone: the edges change direction exactly twice around the polygon.
        var turns = 0
        for k in 0..<edgeCount where edges[k].down != edges[k == 0 ? edgeCount - 1 : k - 1].down { turns += 1 }
        let monotone = chains && finite && turns == 2
        // The chains, each from the polygon's top down, ending in a marker no scanline reaches.
        if monotone {
            // Down edges follow each other in vertex order and up edges in reverse; each chain
            // starts at its highest edge.
            var firstDown = -1, firstUp = -1
            for k in 0..<edgeCount {
                if edges[k].down {
                    if firstDown < 0 || edges[k].top < edges[firstDown].top { firstDown = k }
                } else if firstUp < 0 || edges[k].top < edges[firstUp].top {
                    firstUp = k
                }
            }
            var a = 0, b = 0
            for s in 0..<edgeCount {
                let k = (firstDown + s) % edgeCount
                if edges[k].down { chainA[a] = edges[k]; a += 1 }
                let u = (firstUp - s + edgeCount) % edgeCount
                if !edges[u].down { chainB[b] = edges[u]; b += 1 }
            }
            let end = Edge(top: .infinity, bottom: .infinity, x: 0, slope: 0)
            chainA[a] = end; chainB[b] = end
        }
        return (edgeCount, monotone, area2 >= 0, near)
    }

    /// `fill` by four scanlines a row (a polygon that is not y-monotone, or `area` off).
    private static func paintScanlines(
        _ op: Op, edges: UnsafeMutablePointer<Edge>, edgeCount: Int, monotone: Bool, chainA: UnsafeMutablePointer<Edge>,
        chainB: UnsafeMutablePointer<Edge>, pixels: UnsafeMutablePointer<UInt32>, width w: Int, clip: PixelRect, rows: PixelRect,
        tiles: Tiles, segments: UnsafeMutablePointer<Int32>, active: UnsafeMutablePointer<Int32>, spans: UnsafeMutablePointer<Double>,
        exactRuns: Bool, work: inout PaintWork
    ) {
        let n = Int(op.count)
        let left = Double(clip.x), right = Double(clip.maxX)
        let color = op.color, alpha = op.alpha
        let a256 = PackedColor.alpha256(alpha)
        let premultiplied = PackedColor.premultiply(color, alpha256: a256)
        let weight = 1 / Double(subrows)
        let tile = Self.tile
        let kept = active + n, keptMost = keptEdgePixels
        // What this fill writes, added to `work` once at the end.
        var runPixels = 0, edgePixels = 0
        defer {
            work.runPixels += runPixels
            work.edgePixels += edgePixels
        }
        var band = -1, segmentCount = 0
        var ia = 0, ib = 0
        // Rows whose 4 scanlines end above `sameUntil` have the last computed row's spans.
        var sameUntil = -Double.infinity
        // The last computed row's pixels: [i0, i1], the run [runStart, runEnd] and its alpha;
        // its edge pixels' alphas (`kept`, left of the run then right of it) when `keptValid`.
        var i0 = 0, i1 = -1, runStart = 0, runEnd = -1, runA256 = 0
        var runPremultiplied = premultiplied
        var keptValid = false, leftCount = 0
        var j = rows.y
        while j < rows.maxY {
            // This band's tiles to paint, as runs of pixels [start, end) (segments).
            if j / tile != band {
                band = j / tile
                segmentCount = Self.segments(of: tiles, band: band, rows: rows, clip: clip, into: segments)
                if segmentCount == 0 {
                    j = min(rows.maxY, (band + 1) * tile)
                    continue
                }
            }
            let rowTop = Double(j)
            defer { j += 1 }
            // The span on each of the 4 scanlines, at rowTop + 1/8, 3/8, 5/8, 7/8 (written out:
            // no loop over the scanlines, no switch); +∞ … −∞ where no edge reaches.
            let y0 = rowTop + 0.125, y3 = rowTop + 0.875
            if y3 < sameUntil {
                // The last row's spans, pixels and alphas.
            } else {
                // The span on each of the 4 scanlines, at rowTop + 1/8, 3/8, 5/8, 7/8, clipped
                // and kept in `spans` (left, right); a scanline the polygon misses takes the
                // empty span [0, 0), which covers no pixel (every pixel's x ≥ 0). One scanline
                // at a time, so few values stay live across the row.
                var activeCount = 0
                if !monotone {
                    let rowBottom = rowTop + 1
                    for k in 0..<edgeCount where edges[k].top < rowBottom && edges[k].bottom > rowTop {
                        active[activeCount] = Int32(k); activeCount += 1
                    }
                }
                var covered = 0
                var innerL = -Double.infinity, innerR = Double.infinity
                var outerL = Double.infinity, outerR = -Double.infinity
                var a0 = 0, b0 = 0
                for s in 0..<subrows {
                    let y = rowTop + (Double(s) * 0.25 + 0.125)
                    var l = Double.infinity, r = -Double.infinity
                    if monotone {
                        while y >= chainA[ia].bottom { ia += 1 }
                        while y >= chainB[ib].bottom { ib += 1 }
                        if s == 0 { a0 = ia; b0 = ib }
                        let ea = chainA[ia]
                        // Both chains span the polygon's height: one reaches y, then so does the other.
                        if ea.top <= y {
                            let eb = chainB[ib]
                            let xa = ea.x + (y - ea.top) * ea.slope, xb = eb.x + (y - eb.top) * eb.slope
                            l = lo(xa, xb); r = hi(xa, xb)
                        }
                    } else {
                        // Every edge reaching the row, in the edge table's order (Swift's
                        // min and max: an edge's NaN crossing is passed over, as always).
                        for a in 0..<activeCount {
                            let e = edges[Int(active[a])]
                            if e.top <= y && y < e.bottom { let x = e.x + (y - e.top) * e.slope; l = min(l, x); r = max(r, x) }
                        }
                    }
                    l = hi(left, l); r = lo(right, r)
                    if !(l < r) {
                        l = 0; r = 0
                    } else {
                        covered += 1
                        innerL = hi(innerL, l); innerR = lo(innerR, r)
                        outerL = lo(outerL, l); outerR = hi(outerR, r)
                    }
                    spans[2 * s] = l; spans[2 * s + 1] = r
                }
                if monotone {
                    // Two vertical edges reaching all 4 scanlines: the rows below them, down to
                    // where either ends, have these very spans.
                    let ea = chainA[ia], eb = chainB[ib]
                    sameUntil =
                        a0 == ia && b0 == ib && ea.slope == 0 && eb.slope == 0 && ea.top <= y0
                        ? min(ea.bottom, eb.bottom) : -.infinity
                }
                // An empty row paints nothing (and the kept row says so: i0 > i1).
                i0 = 0; i1 = -1; runStart = 0; runEnd = -1; keptValid = false
                guard covered > 0 else { continue }
                // Clamped ends are ≥ 0 (the clip's left is): floor and ceil without a call.
                i0 = max(clip.x, floorOfPositive(outerL)); i1 = min(clip.maxX - 1, ceilOfPositive(outerR) - 1)
                guard i0 <= i1 else { continue }
                // The run: pixels inside the span of every scanline the polygon crosses, whole
                // across on each — `covered` quarters of the pixel, exactly what an edge pixel
                // would sum there (1 per covered scanline, 0 per missed one), so they take one
                // blend worked out once. On a row the polygon crosses on every scanline that is
                // the interior; on its top or bottom row, the part under a flat edge.
                runStart = i1 + 1; runEnd = i1
                if exactRuns || covered == subrows, innerL < innerR {
                    runStart = max(i0, ceilOfPositive(innerL))
                    runEnd = min(i1, floorOfPositive(innerR) - 1)
                    if runStart > runEnd { runStart = i1 + 1; runEnd = i1 }
                }
                runA256 = covered == subrows ? a256 : Int(Double(covered) * weight * alpha * 256 + 0.5)
                runPremultiplied = covered == subrows ? premultiplied : PackedColor.premultiply(color, alpha256: runA256)
                // Rows with the same spans below: keep the edge pixels' alphas (all of them,
                // wherever the tiles let this row paint).
                leftCount = runStart - i0
                let rightCount = i1 - runEnd
                keptValid = sameUntil > y3 && leftCount + rightCount <= keptMost
                if keptValid {
                    for k in 0..<leftCount + rightCount {
                        let x0 = Double(k < leftCount ? i0 + k : runEnd + 1 + k - leftCount), x1 = x0 + 1
                        var c = hi(0, lo(spans[1], x1) - hi(spans[0], x0))
                        c += hi(0, lo(spans[3], x1) - hi(spans[2], x0))
                        c += hi(0, lo(spans[5], x1) - hi(spans[4], x0))
                        c += hi(0, lo(spans[7], x1) - hi(spans[6], x0))
                        kept[k] = Int32(truncatingIfNeeded: truncateSmall(c * weight * alpha * 256 + 0.5))
                    }
                }
            }
            guard i0 <= i1 else { continue }
            let row = pixels + j * w
            let useKept = keptValid, lefts = leftCount, afterRun = runEnd + 1, first = i0
            let (rs, re, ra, rp) = (runStart, runEnd, runA256, runPremultiplied)
            for s in 0..<segmentCount {
                let from = max(i0, Int(segments[2 * s])), to = min(i1, Int(segments[2 * s + 1]) - 1)
                guard from <= to else { continue }
                // The run's part of the segment, if any.
                let runFrom = max(from, rs), runTo = min(to, re)
                let runCount = max(0, runTo - runFrom + 1)
                runPixels += runCount
                edgePixels += to - from + 1 - runCount
                // Edge pixels one by one (written out here: a nested function was not inlined),
                // the run in one go.
                var i = from
                while i <= to {
                    if i == runFrom && runCount > 0 {
                        if ra >= 256 {
                            for x in i...runTo { row[x] = color }
                        } else if ra > 0 {
                            blendRun(row, from: i, to: runTo, premultiplied: rp, alpha256: ra)
                        }
                        i = runTo + 1
                        continue
                    }
                    let pixelA256: Int
                    if useKept {
                        pixelA256 = Int(kept[i < rs ? i - first : lefts + i - afterRun])
                    } else {
                        let x0 = Double(i), x1 = x0 + 1
                        var c = hi(0, lo(spans[1], x1) - hi(spans[0], x0))
                        c += hi(0, lo(spans[3], x1) - hi(spans[2], x0))
                        c += hi(0, lo(spans[5], x1) - hi(spans[4], x0))
                        c += hi(0, lo(spans[7], x1) - hi(spans[6], x0))
                        pixelA256 = truncateSmall(c * weight * alpha * 256 + 0.5)
                    }
                    if pixelA256 >= 256 {
                        row[i] = color
                    } else if pixelA256 > 0 {
                        row[i] = PackedColor.blend(color, over: row[i], alpha256: pixelA256) & PackedColor.rgbMask
                    }
                    i += 1
                }
            }
        }
    }
}
