import Cells

/// What a terminal shows after it is sent some bytes: a grid of glyphs, each with the SGR
/// state it was written in. A small ECMA-48 interpreter for the sequences LayerScope's
/// frame writer (`ScreenUpdate`) sends — cursor position (CUP), cursor forward (CUF),
/// erase display (ED 2), SGR — and UTF-8 text, wide characters taking two columns.
/// Anything else is recorded in `problems`, so a test fails on a sequence it does not know
/// rather than drawing a wrong picture.
///
/// Used to pin colours per theme and colour depth from the bytes a terminal really gets.
public struct ScreenModel {
    /// The SGR state of a cell, as the parameters that would set it from a reset, in a fixed
    /// order: attributes, then foreground, then background (`1;38;5;203;48;5;236`); empty
    /// for the terminal's defaults.
    public struct Style: Hashable, Sendable {
        public var attributes: Set<Int> = []
        public var foreground: [Int] = []
        public var background: [Int] = []

        public var sgr: String {
            (attributes.sorted().map(String.init)
                + [foreground, background].filter { !$0.isEmpty }
                .map { $0.map(String.init).joined(separator: ";") }).joined(separator: ";")
        }
    }

    public let columns: Int
    public let rows: Int
    public private(set) var glyphs: [[String]]
    public private(set) var styles: [[Style]]
    public private(set) var problems: [String] = []
    private var column = 0, row = 0
    private var style = Style()

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        glyphs = Array(repeating: Array(repeating: " ", count: columns), count: rows)
        styles = Array(repeating: Array(repeating: Style(), count: columns), count: rows)
    }

    public mutating func feed(_ bytes: [UInt8]) {
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x1B {
                guard i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "[") else {
                    problems.append("ESC not followed by [ at byte \(i)"); i += 1; continue
                }
                var j = i + 2
                while j < bytes.count, !(0x40...0x7E).contains(bytes[j]) { j += 1 }
                guard j < bytes.count else { problems.append("unterminated CSI at byte \(i)"); return }
                let parameters = String(decoding: bytes[(i + 2)..<j], as: UTF8.self)
                control(parameters, final: Character(Unicode.Scalar(bytes[j])))
                i = j + 1
                continue
            }
            if b < 0x20 || b == 0x7F { problems.append("control byte \(b) at \(i)"); i += 1; continue }
            // One UTF-8 scalar, then any combining scalars that follow (zero width).
            var j = i + 1
            while j < bytes.count, bytes[j] & 0xC0 == 0x80 { j += 1 }
            var text = String(decoding: bytes[i..<j], as: UTF8.self)
            i = j
            while i < bytes.count, bytes[i] >= 0x80 {
                var k = i + 1
                while k < bytes.count, bytes[k] & 0xC0 == 0x80 { k += 1 }
                let next = String(decoding: bytes[i..<k], as: UTF8.self)
                guard let scalar = next.unicodeScalars.first, DisplayWidth.of(scalar) == 0 else { break }
                text += next
                i = k
            }
            put(text)
        }
    }

    private mutating func put(_ text: String) {
        let width = max(1, text.first.map(DisplayWidth.of) ?? 1)
        guard row < rows, column + width <= columns else {
            problems.append("\"\(text)\" written outside the screen at \(column),\(row)"); return
        }
        glyphs[row][column] = text
        styles[row][column] = style
        if width == 2 { glyphs[row][column + 1] = ""; styles[row][column + 1] = style }
        column += width
    }

    private mutating func control(_ parameters: String, final: Character) {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        switch final {
        case "H":
            row = max(1, numbers.first.flatMap { $0 } ?? 1) - 1
            column = max(1, numbers.count > 1 ? numbers[1] ?? 1 : 1) - 1
        case "C":
            column += max(1, numbers.first.flatMap { $0 } ?? 1)
        case "J" where parameters == "2":
            for r in 0..<rows { for c in 0..<columns { glyphs[r][c] = " "; styles[r][c] = Style() } }
        case "m":
            sgr(parameters.isEmpty ? [0] : numbers.map { $0 ?? 0 })
        default:
            problems.append("unknown sequence CSI \(parameters)\(final)")
        }
    }

    private mutating func sgr(_ p: [Int]) {
        var i = 0
        while i < p.count {
            let n = p[i]
            switch n {
            case 0: style = Style()
            case 1, 2, 4, 7: style.attributes.insert(n)
            case 22: style.attributes.remove(1); style.attributes.remove(2)
            case 24: style.attributes.remove(4)
            case 27: style.attributes.remove(7)
            case 30...37, 90...97: style.foreground = [n]
            case 40...47, 100...107: style.background = [n]
            case 39: style.foreground = []
            case 49: style.background = []
            case 38, 48:
                let count = i + 1 < p.count && p[i + 1] == 2 ? 5 : 3
                guard i + count <= p.count, p[i + 1] == 2 || p[i + 1] == 5 else {
                    problems.append("bad colour in SGR \(p)"); return
                }
                let value = Array(p[i..<(i + count)])
                if n == 38 { style.foreground = value } else { style.background = value }
                i += count - 1
            default: problems.append("unknown SGR \(n)")
            }
            i += 1
        }
    }

    /// The screen as text, then each cell's style as a letter (`.` for the terminal's
    /// defaults; letters in order of first appearance), then the letters' SGR parameters.
    /// A golden of this pins every colour a user sees, reviewable as text.
    public var describedWithStyles: String {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@#$%&*+=<>/^~")
        var codes: [Style: Character] = [Style(): "."]
        var legend: [String] = []
        var styleRows: [String] = []
        for r in 0..<rows {
            var line = ""
            for c in 0..<columns {
                let s = styles[r][c]
                if let code = codes[s] { line.append(code); continue }
                let index = codes.count - 1
                let code: Character = index < letters.count ? letters[index] : "?"
                codes[s] = code
                legend.append("\(code) \(s.sgr)")
                line.append(code)
            }
            styleRows.append(line)
        }
        let text = glyphs.map { $0.joined() }
        return (["text:"] + text + ["styles:"] + styleRows + ["legend:"] + legend).joined(separator: "\n")
    }
}
