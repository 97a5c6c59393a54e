import Testing
import TerminalKit

@Suite("OSC 52: the clipboard sequence")
struct OSC52Tests {
    @Test(arguments: [("", ""), ("M", "TQ=="), ("Ma", "TWE="), ("Man", "TWFu"), ("hello", "aGVsbG8=")])
    func base64MatchesRFC4648(_ text: String, _ encoded: String) {
        #expect(String(decoding: OSC52.base64(Array(text.utf8)), as: UTF8.self) == encoded)
    }

    @Test func theSequenceIsOSC52ForTheClipboard() {
        #expect(OSC52.sequence(for: "hi") == Array("\u{1B}]52;c;aGk=\u{07}".utf8))
    }
}

/// Every backend spells plain input the same way (Key.swift): the control bytes of the keys a
/// terminal names, Ctrl-letters, DEL and BS, and printable scalars.
@Suite("Key: plain terminal input")
struct KeyTests {
    @Test(
        arguments: [
            (0x09, Key.tab), (0x0A, .enter), (0x0D, .enter), (0x08, .backspace), (0x7F, .backspace),
            (0x1B, .escape), (0x00, .control("@")), (0x01, .control("a")), (0x03, .control("c")),
            (0x1A, .control("z")), (0x1C, .control("\\")), (0x1F, .control("_")),
            (0x20, .character(" ")), (0x6B, .character("k")), (0x4E2D, .character("中"))
        ] as [(UInt32, Key)])
    func aScalarDecodesToItsKey(_ value: UInt32, _ key: Key) throws {
        #expect(Key(scalar: try #require(Unicode.Scalar(value))) == key)
    }

    /// C1 controls (0x80–0x9F) are sent by no key.
    @Test func c1ControlsAreNoKey() throws {
        #expect(Key(scalar: try #require(Unicode.Scalar(0x85))) == nil)
        #expect(Key(scalar: try #require(Unicode.Scalar(0x9F))) == nil)
    }

    /// The echo spelling of keys in the status line.
    @Test(
        arguments: [
            (Key.character(" "), "Space"), (.control("c"), "C-c"), (.alt("x"), "M-x"), (.shiftUp, "S-Up"),
            (.backTab, "S-Tab"), (.function(13), "F13"), (.pageDown, "PageDown"), (.character("K"), "K")
        ] as [(Key, String)])
    func echoSpelling(_ key: Key, _ text: String) {
        #expect(key.description == text)
    }
}
