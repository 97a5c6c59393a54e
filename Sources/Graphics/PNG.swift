import CZlib
import Cells

/// PNG files and zlib streams of a `PixelImage`, with the system's zlib (DECISIONS.md,
/// issue 35): 8-bit RGB, no interlace, each row filtered with "Up" when the row above is
/// the same picture (flat fills make whole rows of zeros) — one IDAT chunk.
public enum PNG {
    /// The file's bytes. Level 1 and below compress with runs only (`Zlib.compressRuns`:
    /// frames); above, zlib's usual search at that level (files).
    public static func encode(_ image: PixelImage, level: Int32 = 6) -> [UInt8] {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(image.width))
        header.appendBigEndian(UInt32(image.height))
        header += [8, 2, 0, 0, 0]  // 8 bits, truecolour, deflate, adaptive filters, no interlace
        chunk("IHDR", header, into: &out)
        chunk("IDAT", level <= 1 ? Zlib.compressRuns(scanlines(image)) : Zlib.compress(scanlines(image), level: level), into: &out)
        chunk("IEND", [], into: &out)
        return out
    }

    /// The filtered scanlines: a filter byte, then R G B per pixel. Filter 2 (Up: each byte
    /// minus the byte above) for every row but the first, which is stored as it is (0).
    static func scanlines(_ image: PixelImage) -> [UInt8] {
        let w = image.width, h = image.height
        var raw = [UInt8](repeating: 0, count: h * (1 + 3 * w))
        image.pixels.withUnsafeBufferPointer { px in
            raw.withUnsafeMutableBufferPointer { out in
                var o = 0
                for y in 0..<h {
                    out[o] = y == 0 ? 0 : 2
                    o += 1
                    let row = y * w
                    for x in 0..<w {
                        let p = px[row + x]
                        var r = UInt8(p >> 16 & 0xFF), g = UInt8(p >> 8 & 0xFF), b = UInt8(p & 0xFF)
                        if y > 0 {
                            let q = px[row - w + x]
                            r &-= UInt8(q >> 16 & 0xFF); g &-= UInt8(q >> 8 & 0xFF); b &-= UInt8(q & 0xFF)
                        }
                        out[o] = r; out[o + 1] = g; out[o + 2] = b
                        o += 3
                    }
                }
            }
        }
        return raw
    }

    private static func chunk(_ type: String, _ data: [UInt8], into out: inout [UInt8]) {
        out.appendBigEndian(UInt32(data.count))
        let typeBytes = Array(type.utf8)
        out += typeBytes
        out += data
        out.appendBigEndian(Zlib.crc32(typeBytes + data))
    }
}

/// The system zlib, as the encoders use it.
public enum Zlib {
    /// A zlib stream (RFC 1950) of `data`.
    public static func compress(_ data: [UInt8], level: Int32 = 6) -> [UInt8] {
        var length = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        let status = data.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                compress2(dst.baseAddress, &length, src.baseAddress, uLong(data.count), level)
            }
        }
        // compress2 fails only on memory or a bound too small, neither of which compressBound allows.
        precondition(status == Z_OK, "zlib compress2 failed: \(status)")
        out.removeSubrange(Int(length)...)
        return out
    }

    /// A zlib stream of `data` with the run-length strategy (`Z_RLE`): matches only at
    /// distance 1 — after the PNG "Up" filter an unchanged run of a flat fill is a run of
    /// zeros — much faster than searching the window, for frames sent on every key.
    public static func compressRuns(_ data: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        guard deflateInit2_(&stream, 1, Z_DEFLATED, 15, 8, Z_RLE, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            return compress(data, level: 1)
        }
        defer { deflateEnd(&stream) }
        var out = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(data.count))))
        var input = data
        let status = input.withUnsafeMutableBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                stream.next_in = src.baseAddress
                stream.avail_in = uInt(src.count)
                stream.next_out = dst.baseAddress
                stream.avail_out = uInt(dst.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return compress(data, level: 1) }
        out.removeSubrange(Int(stream.total_out)...)
        return out
    }

    /// The CRC-32 of PNG chunks (ISO 3309).
    public static func crc32(_ data: [UInt8]) -> UInt32 {
        data.withUnsafeBufferPointer { UInt32(CZlib.crc32(0, $0.baseAddress, uInt($0.count))) }
    }
}

extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ v: UInt32) {
        append(UInt8(v >> 24 & 0xFF)); append(UInt8(v >> 16 & 0xFF)); append(UInt8(v >> 8 & 0xFF)); append(UInt8(v & 0xFF))
    }
}
