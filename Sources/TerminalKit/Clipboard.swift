/// The clipboard, even over SSH: OSC 52 (`ESC ] 52 ; c ; <base64> BEL`), one more thing a
/// `Terminal` writes (`Terminal.copyToClipboard`), through the same output as its frames —
/// so a recording (`--record`) has the copy too. Terminals that do not support it ignore
/// the sequence, so success means "sent", not "copied".
public enum OSC52 {
    /// The escape sequence that asks the terminal to set the clipboard to `text`.
    public static func sequence(for text: String) -> [UInt8] {
        Array("\u{1B}]52;c;".utf8) + base64(Array(text.utf8)) + [0x07]
    }

    /// Standard base64 with padding (RFC 4648).
    public static func base64(_ bytes: [UInt8]) -> [UInt8] {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let b0 = UInt32(bytes[i])
            let b1 = i + 1 < bytes.count ? UInt32(bytes[i + 1]) : 0
            let b2 = i + 2 < bytes.count ? UInt32(bytes[i + 2]) : 0
            let n = b0 << 16 | b1 << 8 | b2
            out.append(alphabet[Int(n >> 18 & 63)])
            out.append(alphabet[Int(n >> 12 & 63)])
            out.append(i + 1 < bytes.count ? alphabet[Int(n >> 6 & 63)] : UInt8(ascii: "="))
            out.append(i + 2 < bytes.count ? alphabet[Int(n & 63)] : UInt8(ascii: "="))
            i += 3
        }
        return out
    }
}
