import Cells

/// The kitty graphics protocol (kitty, Ghostty, WezTerm, Konsole): images sent as PNG
/// (`f=100`), base64 in chunks of 4096 bytes, kept by the terminal under an id and placed,
/// re-placed and deleted by id. Every command asks for no reply (`q=2`) and leaves the
/// cursor where it was (`C=1`).
public enum Kitty {
    /// Base64 bytes per escape sequence (the protocol's limit).
    public static let chunkSize = 4096

    /// Transmits `image` as image `id` and places it at the cursor over `columns × rows`
    /// cells (`a=T`), drawn below the text (`z=-1`) so names stay readable terminal text.
    public static func transmitAndPlace(_ image: PixelImage, id: UInt32, columns: Int, rows: Int, zIndex: Int = -1) -> [UInt8] {
        transfer(PNG.encode(image, level: 1), control: "a=T,f=100,i=\(id),q=2,C=1,c=\(columns),r=\(rows),z=\(zIndex)")
    }

    /// Transmits `image` as image `id` without showing it (`a=t`).
    public static func transmit(_ image: PixelImage, id: UInt32) -> [UInt8] {
        transfer(PNG.encode(image, level: 1), control: "a=t,f=100,i=\(id),q=2")
    }

    /// Places image `id`, already transmitted, at the cursor (`a=p`).
    public static func place(id: UInt32, columns: Int, rows: Int, zIndex: Int = -1) -> [UInt8] {
        Array("\u{1B}_Ga=p,i=\(id),q=2,C=1,c=\(columns),r=\(rows),z=\(zIndex)\u{1B}\\".utf8)
    }

    /// Deletes image `id` and its placements, freeing its data (`a=d,d=I`).
    public static func delete(id: UInt32) -> [UInt8] {
        Array("\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\".utf8)
    }

    /// The probe's question (`a=q`): a 1 × 1 RGB image sent directly, which a terminal that
    /// speaks the protocol answers with `ESC _ G i=<id>;OK ESC \` and stores nothing.
    public static func query(id: UInt32) -> [UInt8] {
        Array("\u{1B}_Gi=\(id),s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\".utf8)
    }

    /// `payload` base64-encoded in escape sequences of at most `chunkSize` bytes: the first
    /// carries `control`, each says whether more follow (`m=1`, the last `m=0`).
    static func transfer(_ payload: [UInt8], control: String) -> [UInt8] {
        let data = Base64.encode(payload)
        var out: [UInt8] = []
        out.reserveCapacity(data.count + data.count / chunkSize * 12 + 64)
        var start = 0
        repeat {
            let end = min(data.count, start + chunkSize)
            let more = end < data.count ? 1 : 0
            out += Array("\u{1B}_G".utf8)
            if start == 0 { out += Array("\(control),".utf8) }
            out += Array("m=\(more);".utf8)
            out += data[start..<end]
            out += [0x1B, 0x5C]
            start = end
        } while start < data.count
        return out
    }
}

/// iTerm2's inline images (OSC 1337 File): the PNG, base64, sized in cells.
public enum ITerm {
    public static func image(_ image: PixelImage, columns: Int, rows: Int) -> [UInt8] {
        let png = PNG.encode(image, level: 1)
        return Array("\u{1B}]1337;File=inline=1;size=\(png.count);width=\(columns);height=\(rows);preserveAspectRatio=0:".utf8)
            + Base64.encode(png) + [0x07]
    }
}

/// RFC 4648 base64 with padding.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    public static func encode(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity((data.count + 2) / 3 * 4)
        var i = 0
        while i + 2 < data.count {
            let v = UInt32(data[i]) << 16 | UInt32(data[i + 1]) << 8 | UInt32(data[i + 2])
            out.append(alphabet[Int(v >> 18 & 63)]); out.append(alphabet[Int(v >> 12 & 63)])
            out.append(alphabet[Int(v >> 6 & 63)]); out.append(alphabet[Int(v & 63)])
            i += 3
        }
        let rest = data.count - i
        if rest == 1 {
            let v = UInt32(data[i]) << 16
            out += [alphabet[Int(v >> 18 & 63)], alphabet[Int(v >> 12 & 63)], 61, 61]
        } else if rest == 2 {
            let v = UInt32(data[i]) << 16 | UInt32(data[i + 1]) << 8
            out += [alphabet[Int(v >> 18 & 63)], alphabet[Int(v >> 12 & 63)], alphabet[Int(v >> 6 & 63)], 61]
        }
        return out
    }
}
