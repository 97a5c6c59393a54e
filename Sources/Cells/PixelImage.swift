/// A picture in pixels: the canvas as the pixel mode draws it (docs/picture.md, "Pixels"),
/// handed from the rasterizer to the image encoders (PNG, kitty, sixel). Opaque 8-bit RGB,
/// row-major from the top-left, one `UInt32` per pixel as `0xRRGGBB`.
public struct PixelImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt32]

    /// A `width × height` image of one colour (`0xRRGGBB`); negative sizes are empty.
    public init(width: Int, height: Int, fill: UInt32 = 0) {
        self.width = max(0, width)
        self.height = max(0, height)
        pixels = Array(repeating: fill & 0xFF_FFFF, count: self.width * self.height)
    }

    /// An image over existing pixels; `pixels.count` must be `width · height`.
    public init(width: Int, height: Int, pixels: [UInt32]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height, "PixelImage: pixel count must be width × height")
        self.width = width; self.height = height; self.pixels = pixels
    }

    /// The pixel at (x, y), `0xRRGGBB`.
    public subscript(x: Int, y: Int) -> UInt32 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue & 0xFF_FFFF }
    }

    /// The channels of a pixel.
    public func rgb(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        let p = pixels[y * width + x]
        return (UInt8(p >> 16 & 0xFF), UInt8(p >> 8 & 0xFF), UInt8(p & 0xFF))
    }

    /// The rectangle `x, y, w, h` of this image (clipped to it).
    public func cropped(x: Int, y: Int, width w: Int, height h: Int) -> PixelImage {
        let x0 = max(0, min(x, width)), y0 = max(0, min(y, height))
        let x1 = max(x0, min(x + w, width)), y1 = max(y0, min(y + h, height))
        var out: [UInt32] = []
        out.reserveCapacity((x1 - x0) * (y1 - y0))
        for row in y0..<y1 { out.append(contentsOf: pixels[(row * width + x0)..<(row * width + x1)]) }
        return PixelImage(width: x1 - x0, height: y1 - y0, pixels: out)
    }
}

/// A rectangle of pixels: columns `x ..< x + width`, rows `y ..< y + height`.
public struct PixelRect: Equatable, Hashable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int

    @inlinable
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    @inlinable public var isEmpty: Bool { width <= 0 || height <= 0 }
    @inlinable public var maxX: Int { x + width }
    @inlinable public var maxY: Int { y + height }
    public var area: Int { isEmpty ? 0 : width * height }

    /// The smallest rectangle holding both.
    public func union(_ o: PixelRect) -> PixelRect {
        if o.isEmpty { return self }
        if isEmpty { return o }
        let x0 = min(x, o.x), y0 = min(y, o.y)
        return PixelRect(x: x0, y: y0, width: max(maxX, o.maxX) - x0, height: max(maxY, o.maxY) - y0)
    }

    /// The overlap (empty when none). Inlinable: the pixel painter takes one per fill and band.
    @inlinable
    public func intersection(_ o: PixelRect) -> PixelRect {
        let x0 = max(x, o.x), y0 = max(y, o.y)
        return PixelRect(x: x0, y: y0, width: max(0, min(maxX, o.maxX) - x0), height: max(0, min(maxY, o.maxY) - y0))
    }

    /// Whether the two overlap or come within `margin` pixels of each other.
    public func touches(_ o: PixelRect, margin: Int = 0) -> Bool {
        x - margin < o.maxX && o.x - margin < maxX && y - margin < o.maxY && o.y - margin < maxY
    }
}

extension PixelRect {
    /// The smallest part of `r` where two pixel buffers differ; nil when none. `a` holds rows
    /// `aWidth` pixels wide whose first pixel is at `aOrigin` (an image: its width and 0, 0;
    /// a copy of `r`'s pixels: r's width and origin); `b` likewise. The kitty patch and the
    /// kept picture's repaint both ask here.
    public static func differing(
        in r: PixelRect, _ a: UnsafeBufferPointer<UInt32>, width aWidth: Int, origin aOrigin: (x: Int, y: Int),
        _ b: UnsafeBufferPointer<UInt32>, width bWidth: Int, origin bOrigin: (x: Int, y: Int)
    ) -> PixelRect? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in r.y..<r.maxY {
            let ra = (y - aOrigin.y) * aWidth - aOrigin.x, rb = (y - bOrigin.y) * bWidth - bOrigin.x
            var x = r.x
            while x < r.maxX && a[ra + x] == b[rb + x] { x += 1 }
            guard x < r.maxX else { continue }
            var e = r.maxX - 1
            while a[ra + e] == b[rb + e] { e -= 1 }
            minX = min(minX, x); maxX = max(maxX, e); minY = min(minY, y); maxY = max(maxY, y)
        }
        guard maxX >= 0 else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
