/// The terminal's answer to OSC 11 (`ESC ] 11 ; ?`), asked by the ncurses backend for
/// `--theme auto`.
public enum TerminalBackground {
    /// The colour in an OSC 11 reply (`…11;rgb:RRRR/GGGG/BBBB…`), or nil.
    public static func parse(_ reply: [UInt8]) -> (red: UInt8, green: UInt8, blue: UInt8)? {
        let text = String(decoding: reply, as: UTF8.self)
        guard let start = text.firstRange(of: "rgb:") else { return nil }
        let body = text[start.upperBound...].prefix { $0.isHexDigit || $0 == "/" }
        let parts = body.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var channels: [UInt8] = []
        for part in parts {
            guard (1...4).contains(part.count), let v = Int(part, radix: 16) else { return nil }
            // Scale n hex digits (max 16^n − 1) to 0…255.
            let maxValue = (1 << (4 * part.count)) - 1
            channels.append(UInt8((v * 255 + maxValue / 2) / maxValue))
        }
        return (channels[0], channels[1], channels[2])
    }

    /// The Primary Device Attributes request (DA1, `CSI c`). It is sent after the OSC 11
    /// question because every terminal answers it, in order: once its answer is in, any
    /// OSC 11 answer is in too, so a terminal that ignores OSC 11 costs one round trip, not
    /// the timeout — and no late answer is left to arrive as keys.
    public static let deviceAttributesRequest: [UInt8] = [0x1B, 0x5B, 0x63]

    /// True when `bytes` hold a complete DA1 answer: `ESC [ ?` digits and `;` then `c`.
    public static func hasDeviceAttributes(_ bytes: [UInt8]) -> Bool {
        var i = 0
        while i + 2 < bytes.count {
            if bytes[i] == 0x1B, bytes[i + 1] == 0x5B, bytes[i + 2] == UInt8(ascii: "?") {
                var j = i + 3
                while j < bytes.count, bytes[j] == UInt8(ascii: ";") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[j]) { j += 1 }
                if j < bytes.count, bytes[j] == UInt8(ascii: "c") { return true }
            }
            i += 1
        }
        return false
    }
}
