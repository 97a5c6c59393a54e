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
}
