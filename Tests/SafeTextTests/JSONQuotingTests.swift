import SafeText
import Testing

/// `jsonQuoted` works on UTF-8 bytes with a fast path for runs that need no escape; these
/// tests hold it to the character-by-character spelling (`jsonQuotedByScalar`) and to
/// spellings worked out by hand.
@Suite("JSON quoting on UTF-8 bytes matches the scalar-by-scalar spelling")
struct JSONQuotingTests {
    @Test func handWorkedSpellings() {
        #expect(SafeText.jsonQuoted("") == #""""#)
        #expect(SafeText.jsonQuoted("plain view") == #""plain view""#)
        #expect(SafeText.jsonQuoted("a\"b") == #""a\"b""#)
        #expect(SafeText.jsonQuoted("\\") == #""\\""#)
        #expect(SafeText.jsonQuoted("\u{0}") == #""\u0000""#)
        #expect(SafeText.jsonQuoted("\u{1F}x") == #""\u001fx""#)
        #expect(SafeText.jsonQuoted("x\u{7F}") == #""x\u007f""#)
        #expect(SafeText.jsonQuoted("\r\n\t") == #""\r\n\t""#)
        // é is two bytes and passes; U+2028 is three bytes and is escaped; U+00A0 passes.
        #expect(SafeText.jsonQuoted("é\u{2028}x\u{A0}") == "\"é\\u2028x\u{A0}\"")
        // C1 U+0085 (two bytes C2 85) is escaped; U+FEFF, U+FFFE, U+FFFF too; U+FFFD passes.
        #expect(SafeText.jsonQuoted("\u{85}\u{FEFF}\u{FFFE}\u{FFFF}\u{FFFD}") == "\"\\u0085\\ufeff\\ufffe\\uffff\u{FFFD}\"")
        // Four-byte scalars are never escaped, even next to escapes.
        #expect(SafeText.jsonQuoted("😀\\👍🏽\"") == "\"😀\\\\👍🏽\\\"\"")
        #expect(SafeText.jsonQuoted("时钟\u{202E}⣿") == "\"时钟\\u202e⣿\"")
    }

    @Test func appendsAfterWhatIsAlreadyThere() {
        var out = "  \"name\": "
        SafeText.appendJSONQuoted("a\nb", to: &out)
        SafeText.appendJSONQuoted("c", to: &out)
        #expect(out == "  \"name\": \"a\\nb\"\"c\"")
    }

    @Test func everyControlCharacterAndEveryEscapedScalarAlone() {
        for v in 0..<0x20 {
            let s = String(Unicode.Scalar(UInt8(v)))
            let named: [Int: String] = [0x0A: "\\n", 0x0D: "\\r", 0x09: "\\t"]
            let hex = String(v, radix: 16)
            let expected = "\"" + (named[v] ?? "\\u00" + (hex.count == 1 ? "0" + hex : hex)) + "\""
            #expect(SafeText.jsonQuoted(s) == expected, "U+\(hex)")
            #expect(SafeText.jsonQuoted(s) == jsonQuotedByScalar(s))
        }
        // Every scalar below U+0100 and around each escaped range, alone and inside text.
        var values = Array(0..<0x100)
        for v in [0x061C, 0x200B, 0x2028, 0x2060, 0x2066, 0xFEFF, 0xFFFE] { values += Array(v - 2...v + 6) }
        values += [0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF, 0x10000, 0x1F600, 0x10FFFF]
        for v in values {
            guard let scalar = Unicode.Scalar(v) else { continue }
            for s in [String(scalar), "ab" + String(scalar) + "cd"] {
                #expect(SafeText.jsonQuoted(s) == jsonQuotedByScalar(s), "U+\(String(v, radix: 16))")
            }
        }
    }

    @Test func randomStringsMatchTheReference() {
        // A fixed xorshift so a failure reproduces; strings mix ASCII (runs), every control
        // character, the escaped non-ASCII scalars, any BMP scalar outside the surrogates, and
        // emoji and other four-byte scalars.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(n))
        }
        let escaped: [UInt32] = [0x22, 0x5C, 0x7F, 0x80, 0x85, 0x9F, 0x061C, 0x200B, 0x200F, 0x2028, 0x2029, 0x202E, 0x2060, 0x2069, 0xFEFF, 0xFFFE, 0xFFFF]
        var checked = 0
        for _ in 0..<3000 {
            var s = String.UnicodeScalarView()
            for _ in 0..<next(40) {
                let v: UInt32
                switch next(6) {
                case 0, 1: v = UInt32(0x20 + next(0x5F))  // printable ASCII
                case 2: v = UInt32(next(0x20))  // a control character
                case 3: v = escaped[next(escaped.count)]
                case 4:
                    let r = UInt32(0x80 + next(0xFFFF - 0x80 - 0x800 + 1))
                    v = r >= 0xD800 ? r + 0x800 : r  // any BMP scalar, no surrogate
                default: v = UInt32(0x10000 + next(0x10FFFF - 0x10000 + 1))
                }
                s.append(Unicode.Scalar(v)!)
            }
            let text = String(s)
            #expect(SafeText.jsonQuoted(text) == jsonQuotedByScalar(text))
            checked += 1
        }
        #expect(checked == 3000)
    }
}

/// The character-by-character spelling `jsonQuoted` keeps to (the quoting as it was before
/// the UTF-8 fast path), the reference these tests compare against.
private func jsonQuotedByScalar(_ s: String) -> String {
    func hex4(_ value: UInt32) -> String {
        let digits = Array("0123456789abcdef")
        return String((0..<4).reversed().map { digits[Int((value >> (4 * UInt32($0))) & 15)] })
    }
    var out = "\""
    for scalar in s.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case "\u{FFFE}", "\u{FFFF}":
            out += "\\u" + hex4(scalar.value)
        case _ where SafeText.isUnsafe(scalar):
            out += "\\u" + hex4(scalar.value)
        default:
            out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}
