import Geometry
import LayerModel

/// One view as `-[UIView recursiveDescription]` printed it: only what the text says, with
/// where it was written. Turned into layers by `RecursiveDescriptionImporter`.
public struct DumpView: Equatable, Sendable {
    /// The class as printed (`MyApp.CardView`, `_TtC5MyApp8CardView`, `UILabel`).
    public var className: String
    /// `0x7f893fe269a0`, or nil when the dump was made without addresses (snapshot tests).
    public var address: String?
    /// Nesting depth: 0 for a top-level view.
    public var depth: Int
    public var line: Int
    public var column: Int
    /// The printed frame and the printed number tokens (`161.333`), for the precision check.
    public var frame: Rect
    public var frameTokens: [String]
    /// `transform = [a, b, c, d, tx, ty]` (6 numbers) or a 3D matrix (16 numbers, row major).
    public var transform: [Double]?
    public var alpha: Double = 1
    public var isHidden = false
    public var isOpaque = true
    public var clipsToBounds = false
    public var isUserInteractionEnabled = true
    public var tag: Int?
    public var autoresizingMask: AutoresizingMask?
    public var layerClass: String?
    public var baseClass: String?
    public var text: String?
    /// `contentOffset: {x, y}` of a scroll view.
    public var contentOffset: Point?
}

/// What was read from a dump: the views in order, and (lenient mode) what was skipped.
public struct DumpParse: Sendable {
    public var views: [DumpView]
    public var skipped: [LayoutError]
}

/// Reads the text of `recursiveDescription` the way real output has it: prefixes before the
/// first `<` (log timestamps, `(lldb)` values, `// ` comment markers, a Cycript backtick),
/// nesting shown by `|` marks (or, without any `|`, by indentation), values that nest `<…>`,
/// `{…}`, `(…)`, `[…]` and quotes, text after a view's closing `>` (`- (null)`), and
/// descriptions that wrap onto the next line.
///
/// Strict mode throws the first problem as a `LayoutError` (line:column, what was expected);
/// lenient mode skips what it cannot read and lists it.
public struct RecursiveDescriptionParser {
    /// The text as UTF-8 code units (every character the grammar names is ASCII).
    let s: [DumpByte]
    let file: String
    let lenient: Bool
    /// Index of the first scalar of each line.
    var lineStarts: [Int] = [0]

    public static func parse(_ text: String, file: String, lenient: Bool = false) throws(LayoutError) -> DumpParse {
        var p = RecursiveDescriptionParser(s: text.utf8.map(DumpByte.init), file: file, lenient: lenient)
        return try p.run()
    }

    /// True when the text holds at least one line that reads as a view description with a
    /// frame: how `layerscope FILE` tells a dump from a layout file (by content, not name).
    public static func looksLikeDump(_ text: String) -> Bool {
        let head = text.prefix(20_000)
        for line in head.split(separator: "\n", omittingEmptySubsequences: true).prefix(200) {
            guard let lt = line.firstIndex(of: "<") else { continue }
            let rest = line[lt...]
            if rest.contains("; frame = ("), let next = rest.dropFirst().first, next.isLetter || next == "_" { return true }
        }
        return false
    }

    init(s: [DumpByte], file: String, lenient: Bool) {
        self.s = s; self.file = file; self.lenient = lenient
        for (i, c) in s.enumerated() where c == "\n" { lineStarts.append(i + 1) }
    }

    // MARK: Positions

    /// The text of a range of the dump (whole UTF-8 sequences: ranges start and end at ASCII).
    func text(_ range: Range<Int>) -> String {
        assert(MemoryLayout<DumpByte>.stride == 1)
        return s.withUnsafeBufferPointer { buffer in
            let bytes = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[range]))
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    func location(_ index: Int) -> (line: Int, column: Int) {
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= index { lo = mid } else { hi = mid - 1 }
        }
        // Columns count Unicode scalars: every byte but UTF-8 continuation bytes.
        var column = 1
        var i = lineStarts[lo]
        while i < index { if s[i].v & 0xC0 != 0x80 { column += 1 }; i += 1 }
        return (lo + 1, column)
    }

    func error(_ index: Int, _ message: String, path: String = "", suggestion: String? = nil) -> LayoutError {
        let (l, c) = location(index)
        return LayoutError(file: file, line: l, column: c, path: path, message: message, suggestion: suggestion)
    }

    func lineEnd(from i: Int) -> Int {
        var j = i
        while j < s.count, s[j] != "\n" { j += 1 }
        return j
    }

    static func isIdentStart(_ c: DumpByte) -> Bool {
        (c >= "A" && c <= "Z") || (c >= "a" && c <= "z") || c == "_"
    }
    static func isIdent(_ c: DumpByte) -> Bool {
        isIdentStart(c) || (c >= "0" && c <= "9") || c == "." || c == "$"
    }

    /// The index of the `<` that opens a view on the line starting at `start`: the first `<`
    /// followed by a class name and `:`, `;` or `>`.
    func viewStart(inLineFrom start: Int, to end: Int) -> Int? {
        var i = start
        while i < end {
            if s[i] == "<", i + 1 < end, Self.isIdentStart(s[i + 1]) {
                var j = i + 1
                while j < end, Self.isIdent(s[j]) { j += 1 }
                if j < end, s[j] == ":" || s[j] == ";" || s[j] == ">" { return i }
            }
            i += 1
        }
        return nil
    }

    /// True when the line starting at `start` opens a view of its own (rather than continuing
    /// a wrapped description): a view's `<` with only a prefix before it (indentation, `|`,
    /// a timestamp, a comment marker), not `key = value;` text.
    func startsNewView(_ start: Int) -> Bool {
        let end = lineEnd(from: start)
        guard let lt = viewStart(inLineFrom: start, to: end) else { return false }
        return !(start..<lt).contains { s[$0] == "=" || s[$0] == ";" || s[$0] == "," }
    }

    // MARK: The walk

    mutating func run() throws(LayoutError) -> DumpParse {
        var views: [DumpView] = []
        var skipped: [LayoutError] = []
        var pendingJunk: Int? = nil          // a non-view line since the last view
        var usesPipes = false
        var indents: [Int] = []              // indentation mode: the widths of open levels
        var lineIndex = 0
        while lineIndex < lineStarts.count {
            let start = lineStarts[lineIndex]
            let end = lineEnd(from: start)
            lineIndex += 1
            if (start..<end).allSatisfy({ s[$0] == " " || s[$0] == "\t" || s[$0] == "\r" }) { continue }
            guard let lt = viewStart(inLineFrom: start, to: end) else {
                if !views.isEmpty, pendingJunk == nil { pendingJunk = start }
                continue
            }
            if let junk = pendingJunk {
                pendingJunk = nil
                let shown = text(junk..<lineEnd(from: junk)).prefix(40)
                let e = error(junk, "expected a view description like \"<UIView: 0x…; frame = (…)>\" (or a blank line) between views, found \"\(shown)\"",
                              suggestion: "remove the line, or use --lenient to skip lines that are not views")
                if lenient { skipped.append(e) } else { throw e }
            }
            let pipes = (start..<lt).reduce(0) { $0 + (s[$1] == "|" ? 1 : 0) }
            if pipes > 0 { usesPipes = true }
            var depth: Int
            if usesPipes {
                depth = pipes
            } else {
                var w = 0
                var k = start
                while k < lt, s[k] == " " || s[k] == "\t" { w += s[k] == "\t" ? 4 : 1; k += 1 }
                if views.isEmpty { indents = [w] }
                while let last = indents.last, w < last { indents.removeLast() }
                if let last = indents.last, w > last { indents.append(w) } else if indents.isEmpty { indents = [w] }
                depth = indents.count - 1
            }
            let previousDepth = views.last?.depth ?? -1
            var endIndex = end
            do throws(LayoutError) {
                if depth > previousDepth + 1 {
                    throw error(lt, "this view is \(depth - previousDepth) levels deeper than the view above it; expected at most one level deeper",
                                suggestion: "a line may be missing above; use --lenient to attach it to the nearest view above")
                }
                let (view, after) = try description(at: lt, depth: depth)
                views.append(view)
                endIndex = after
            } catch {
                if !lenient { throw error }
                skipped.append(error)
                if depth > previousDepth + 1, var v = try? description(at: lt, depth: previousDepth + 1).0 {
                    v.depth = previousDepth + 1
                    views.append(v)
                }
            }
            // Continue after the description (it may have wrapped onto later lines).
            if endIndex > end {
                let (l, _) = location(min(endIndex, s.count - 1))
                lineIndex = max(lineIndex, l)
            }
        }
        if views.isEmpty {
            let e = LayoutError(file: file, line: 1, column: 1,
                                message: "no view descriptions found: expected lines like \"<UIView: 0x…; frame = (0 0; 320 480); layer = <CALayer: 0x…>>\"",
                                suggestion: "paste the output of `po view.recursiveDescription()` (or `expr -l objc -O -- [view recursiveDescription]`)")
            throw e
        }
        return DumpParse(views: views, skipped: skipped)
    }

    // MARK: One description

    /// Parses `<Class: 0x…; key = value; …>` starting at the `<`; returns the view and the index
    /// just after its closing `>`.
    func description(at lt: Int, depth: Int) throws(LayoutError) -> (DumpView, Int) {
        var i = lt + 1
        let nameStart = i
        while i < s.count, Self.isIdent(s[i]) { i += 1 }
        let className = text(nameStart..<i)
        let (line, column) = location(lt)
        var view = DumpView(className: className, address: nil, depth: depth, line: line, column: column,
                            frame: .zero, frameTokens: [])
        var sawFrame = false
        var path: String { "view \(className)" }
        if i < s.count, s[i] == ":" {
            i += 1
            while i < s.count, s[i] == " " { i += 1 }
            let a = i
            while i < s.count, s[i] != ";", s[i] != ">", s[i] != " ", s[i] != "\n" { i += 1 }
            view.address = text(a..<i)
        }
        while true {
            i = try skipSpace(i, openedAt: lt, className: className)
            guard i < s.count else {
                throw error(s.last == "\n" ? s.count - 1 : s.count, "the description of \(className) begun at \(line):\(column) ends without its closing \">\"", path: path,
                            suggestion: "the dump looks truncated; use --lenient to keep the views before it")
            }
            if s[i] == ">" { break }
            if s[i] == ";" { i += 1; continue }
            // key
            let keyStart = i
            while i < s.count, Self.isIdent(s[i]) { i += 1 }
            let key = knownKey(keyStart..<i)
            var j = i
            while j < s.count, s[j] == " " { j += 1 }
            var valueStart = j
            if j < s.count, s[j] == "=" || s[j] == ":" { valueStart = j + 1 }
            while valueStart < s.count, s[valueStart] == " " { valueStart += 1 }
            let valueEnd = try scanValue(from: valueStart, openedAt: lt, className: className)
            if keyStart == i && valueEnd == keyStart {
                throw error(keyStart, "unexpected \"\(text(keyStart..<min(s.count, keyStart + 1)))\" in the description of \(className)", path: path,
                            suggestion: "expected \"key = value\" fields separated by \";\"")
            }
            // Only the fields used are turned into text (most of a dump is gestureRecognizers,
            // colours and animations).
            if let key {
                let raw = text(valueStart..<valueEnd).trimmingSpaces
                try apply(key: key, raw: raw, at: valueStart, to: &view, sawFrame: &sawFrame, className: className)
            }
            i = max(valueEnd, keyStart + 1)
        }
        guard sawFrame else {
            throw error(lt, "the description of \(className) has no frame", path: path,
                        suggestion: "expected \"frame = (x y; width height)\" after the address")
        }
        return (view, i + 1)
    }

    /// Skips spaces; a newline inside a description is a wrapped line unless the next line
    /// starts a view of its own (then the description was never closed).
    func skipSpace(_ from: Int, openedAt lt: Int, className: String) throws(LayoutError) -> Int {
        var i = from
        while i < s.count {
            if s[i] == " " || s[i] == "\t" || s[i] == "\r" { i += 1; continue }
            if s[i] == "\n" {
                if startsNewView(i + 1) {
                    let (l, c) = location(lt)
                    throw error(i, "the description of \(className) begun at \(l):\(c) is not closed: expected \">\" before the end of the line",
                                path: "view \(className)", suggestion: "use --lenient to skip it")
                }
                i += 1
                continue
            }
            break
        }
        return i
    }

    /// The end of a value: the first `;` or `>` outside brackets and quotes.
    func scanValue(from start: Int, openedAt lt: Int, className: String) throws(LayoutError) -> Int {
        var i = start
        var depth = 0   // open brackets of any kind (real dumps nest them properly)
        while i < s.count {
            let c = s[i]
            if c == "\n" {
                i = try skipSpace(i, openedAt: lt, className: className)
                continue
            }
            if c == "'" && depth == 0 {
                // A quoted text ends at a quote followed by ";" or ">" (texts may hold quotes).
                var j = i + 1
                while j < s.count {
                    if s[j] == "'", j + 1 >= s.count || s[j + 1] == ";" || s[j + 1] == ">" { break }
                    if s[j] == "\n", startsNewView(j + 1) { break }
                    j += 1
                }
                if j >= s.count || s[j] != "'" {
                    throw error(i, "the text quoted here in \(className) is not closed", path: "view \(className)",
                                suggestion: "expected a closing ' before the next view")
                }
                i = j + 1
                continue
            }
            switch c {
            case "(", "[", "{", "<": depth += 1
            case ")", "]", "}":
                if depth > 0 { depth -= 1 }
            case ">":
                if depth == 0 { return i }
                depth -= 1
            case ";":
                if depth == 0 { return i }
            default: break
            }
            i += 1
        }
        return i
    }

    // MARK: Fields

    /// The used key spelled at `range`, without building text for the others.
    func knownKey(_ range: Range<Int>) -> String? {
        let n = range.count
        for (key, scalars) in Self.usedKeyScalars where scalars.count == n && s[range].elementsEqual(scalars) { return key }
        return nil
    }

    static let usedKeyScalars: [(String, [DumpByte])] = usedKeys.map { ($0, $0.utf8.map(DumpByte.init)) }

    static let usedKeys: [String] = [
        "frame", "transform", "transform3D", "alpha", "hidden", "opaque", "clipsToBounds",
        "userInteractionEnabled", "tag", "autoresize", "layer", "baseClass", "text", "contentOffset",
    ]

    func apply(key: String, raw: String, at index: Int, to v: inout DumpView, sawFrame: inout Bool, className: String) throws(LayoutError) {
        var fieldPath: String { "view \(className).\(key)" }
        switch key {
        case "frame":
            let tokens = numberTokens(raw, open: "(", close: ")")
            guard tokens.count == 4, let nums = doubles(tokens) else {
                throw error(index, "frame \"\(raw)\": expected (x y; width height), four numbers", path: fieldPath)
            }
            v.frame = Rect(x: nums[0], y: nums[1], width: nums[2], height: nums[3])
            v.frameTokens = tokens
            sawFrame = true
        case "transform", "transform3D":
            let tokens = numberTokens(raw, open: "[", close: "]")
            guard tokens.count == 6 || tokens.count == 16, let nums = doubles(tokens) else {
                throw error(index, "transform \"\(raw)\": expected [a, b, c, d, tx, ty] (6 numbers) or a 4×4 matrix (16 numbers)", path: fieldPath)
            }
            v.transform = nums
        case "alpha":
            guard let a = Double(raw), a.isFinite else { throw error(index, "alpha \"\(raw)\": expected a number", path: fieldPath) }
            v.alpha = a
        case "hidden": v.isHidden = try yesNo(raw, index, fieldPath)
        case "opaque": v.isOpaque = try yesNo(raw, index, fieldPath)
        case "clipsToBounds": v.clipsToBounds = try yesNo(raw, index, fieldPath)
        case "userInteractionEnabled": v.isUserInteractionEnabled = try yesNo(raw, index, fieldPath)
        case "tag":
            guard let t = Int(raw) else { throw error(index, "tag \"\(raw)\": expected a whole number", path: fieldPath) }
            v.tag = t
        case "autoresize":
            guard let m = AutoresizingMask(printed: raw) else {
                throw error(index, "autoresize \"\(raw)\": expected flags joined by + (W, H, LM, RM, TM, BM), e.g. W+H", path: fieldPath)
            }
            v.autoresizingMask = m
        case "layer":
            var name = raw
            if name.hasPrefix("<") { name.removeFirst() }
            v.layerClass = String(name.prefix { $0 != ":" && $0 != ">" && $0 != ";" })
        case "baseClass": v.baseClass = raw
        case "text":
            var t = raw
            if t.hasPrefix("'"), t.hasSuffix("'"), t.count >= 2 { t = String(t.dropFirst().dropLast()) }
            v.text = t
        case "contentOffset":
            let tokens = numberTokens(raw, open: "{", close: "}")
            guard tokens.count == 2, let nums = doubles(tokens) else {
                throw error(index, "contentOffset \"\(raw)\": expected {x, y}", path: fieldPath)
            }
            v.contentOffset = Point(x: nums[0], y: nums[1])
        default: break   // gestureRecognizers, backgroundColor, animations, …: not geometry
        }
    }

    func yesNo(_ raw: String, _ index: Int, _ path: @autoclosure () -> String) throws(LayoutError) -> Bool {
        switch raw {
        case "YES": return true
        case "NO": return false
        default: throw error(index, "\"\(raw)\": expected YES or NO", path: path())
        }
    }

    /// The number tokens between `open` and `close`, split on spaces, commas and semicolons.
    func numberTokens(_ raw: String, open: Character, close: Character) -> [String] {
        var body = Substring(raw)
        guard body.first == open, body.last == close else { return [] }
        body = body.dropFirst().dropLast()
        return body.split(whereSeparator: { $0 == " " || $0 == "," || $0 == ";" || $0 == "\n" }).map(String.init)
    }

    func doubles(_ tokens: [String]) -> [Double]? {
        var out: [Double] = []
        for t in tokens {
            guard let d = Double(t), d.isFinite else { return nil }
            out.append(d == 0 ? 0 : d)   // "-0" prints in transforms; keep +0
        }
        return out
    }
}

/// One UTF-8 code unit of a dump, comparable with character literals (`s[i] == "<"`), so the
/// parser reads like text while scanning bytes.
struct DumpByte: Equatable, Comparable, ExpressibleByUnicodeScalarLiteral, Sendable {
    let v: UInt8
    init(_ v: UInt8) { self.v = v }
    init(unicodeScalarLiteral value: Unicode.Scalar) {
        precondition(value.isASCII, "DumpByte: the grammar's characters are ASCII")
        v = UInt8(value.value)
    }
    static func < (a: DumpByte, b: DumpByte) -> Bool { a.v < b.v }
}
