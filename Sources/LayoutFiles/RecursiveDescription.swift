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
    /// `anchorPoint = (0, 0)` (UIKit prints it only when it is not (0.5, 0.5)), and its tokens.
    public var anchorPoint: Point?
    public var anchorTokens: [String] = []
    /// A `<_UILabelContentLayer: 0x…> (layer)` line: a sublayer UIKit lists without geometry.
    public var isLayerLine = false
    /// `alpha = nan` (or another unusable alpha) as printed; alpha 1 is assumed.
    public var unusableAlpha: String?
    /// A CALayer's own description (`po someLayer`): `position = CGPoint (x y)`,
    /// `bounds = CGRect (x y; w h)`, with their tokens.
    public var position: Point?
    public var positionTokens: [String] = []
    public var bounds: Rect?
    public var boundsTokens: [String] = []
    public var zPosition: Double?
    public var anchorPointZ: Double?
    public var sublayerTransform: [Double]?
    public var isGeometryFlipped: Bool?
    public var layerName: String?
    /// The delegate view printed inside a layer's description, with its printed frame.
    public var delegateClass: String?
    public var delegateFrame: Rect?
    public var delegateFrameTokens: [String] = []
    /// `sublayers = (<CALayer: 0x…>, …)`: the classes (and addresses) listed.
    public var sublayerRefs: [(className: String, address: String?)] = []
    /// The keys whose values were read, in the order printed (for the note).
    public var printedKeys: [String] = []
    /// Set for a placeholder kept where a line could not be read, so the lines nested under
    /// it keep their parent (the reason is in `DumpParse.skipped`).
    public var unread = false

    /// True when the line printed a frame.
    public var hasFrame: Bool { !frameTokens.isEmpty }
    /// True for a CALayer's own description (position and bounds, no frame).
    public var isLayerDescription: Bool { !hasFrame && position != nil && bounds != nil }

    public static func == (a: DumpView, b: DumpView) -> Bool {
        a.className == b.className && a.address == b.address && a.depth == b.depth && a.line == b.line
            && a.column == b.column && a.frameTokens == b.frameTokens && a.transform == b.transform
            && a.anchorTokens == b.anchorTokens && a.isLayerLine == b.isLayerLine
            && a.positionTokens == b.positionTokens && a.boundsTokens == b.boundsTokens && a.unread == b.unread
    }
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
    /// How far the scans of the description being read have gone (a failed one included):
    /// lenient reading resumes after it, so no byte is scanned again by the next line's try.
    let progress = ScanProgress()
    /// Bytes scanned, all scans together: what `DumpWorkTests` counts (linear in the text).
    public var work: Int { progress.work }

    public static func parse(_ text: String, file: String, lenient: Bool = false) throws(LayoutError) -> DumpParse {
        // A byte copy of the text (DumpByte is one byte wide): much faster than mapping.
        var utf8 = text
        let bytes: [DumpByte] = utf8.withUTF8 { buffer in
            [DumpByte](unsafeUninitializedCapacity: buffer.count) { out, count in
                if let base = buffer.baseAddress, buffer.count > 0 {
                    UnsafeMutableRawPointer(out.baseAddress!).copyMemory(from: base, byteCount: buffer.count)
                }
                count = buffer.count
            }
        }
        var p = RecursiveDescriptionParser(s: bytes, file: file, lenient: lenient)
        return try p.run()
    }

    /// `parse`, and the bytes its scans went over (for the tests that prove it linear).
    public static func parseCountingWork(_ text: String, file: String, lenient: Bool = false) -> (result: Result<DumpParse, LayoutError>, work: Int) {
        var p = RecursiveDescriptionParser(s: Array(text.utf8).map(DumpByte.init), file: file, lenient: lenient)
        do throws(LayoutError) { return (.success(try p.run()), p.work) } catch { return (.failure(error), p.work) }
    }

    /// True when the text holds a line that reads as a view description with a frame (or a
    /// layer's with a position, or a view-controller line), anywhere in the text, or AppKit's
    /// lines: how every entry point tells a dump from a layout file (by content, not name).
    /// One pass over the bytes; each line is searched for three markers at most.
    public static func looksLikeDump(_ text: String) -> Bool {
        let markers: [[UInt8]] = ["; frame = (", "; position = CGPoint (", ">, state: "].map { Array($0.utf8) }
        var found = false
        var copy = text
        copy.withUTF8 { b in
            var start = 0
            while start < b.count, !found {
                var end = start
                while end < b.count, b[end] != UInt8(ascii: "\n") { end += 1 }
                // The first `<` followed by a letter or `_`, then a marker after it on the line.
                var lt = start
                while lt + 1 < end, !(b[lt] == UInt8(ascii: "<") && isIdentStart(DumpByte(b[lt + 1]))) { lt += 1 }
                if lt + 1 < end {
                    for marker in markers where !found {
                        var i = lt
                        while i + marker.count <= end {
                            if b[i] == marker[0] {
                                var k = 1
                                while k < marker.count, b[i + k] == marker[k] { k += 1 }
                                if k == marker.count { found = true; break }
                            }
                            i += 1
                        }
                    }
                }
                start = end + 1
            }
        }
        return found || AppKitSubtreeDescription.looksLike(text)
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
        // A delegate's description is read only for its class and frame: its errors are
        // dropped, so their columns are not counted (that would cost a pass over the line each).
        if progress.quiet > 0 { return (0, 0) }
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
        progress.work += end - start
        guard let lt = viewStart(inLineFrom: start, to: end) else { return false }
        return !(start..<lt).contains { s[$0] == "=" || s[$0] == ";" || s[$0] == "," }
    }

    // MARK: The walk

    mutating func run() throws(LayoutError) -> DumpParse {
        var views: [DumpView] = []
        var skipped: [LayoutError] = []
        var pendingJunk: Int? = nil  // a non-view line since the last view
        var usesPipes = false
        var indents: [Int] = []  // indentation mode: the widths of open levels
        var baseDepth: Int? = nil  // an excerpt may start deeper than level 0
        var controllerLines: [Int] = []  // view-controller tree lines (pvc, _printHierarchy)
        var deepLines = 0
        let deepest = LayoutFile.maxFileLayerDepth - 1
        let lenient = self.lenient
        /// Lenient: list it and go on; strict: stop here.
        func skip(_ e: LayoutError) throws(LayoutError) {
            if lenient { skipped.append(e) } else { throw e }
        }
        /// A frameless description that nothing is nested under is not a view (a constraint,
        /// a trait collection, a controller): it is skipped, not drawn.
        func closeFramelessLeaf(before depth: Int) throws(LayoutError) {
            guard let last = views.last, !last.hasFrame, !last.isLayerLine, !last.isLayerDescription,
                depth <= last.depth
            else { return }
            views.removeLast()
            if last.unread { return }  // already listed
            try skip(
                LayoutError(
                    file: file, line: last.line, column: last.column, path: "view \(last.className)",
                    message: "<\(last.className)> prints no frame and nothing is nested under it: not read as a view",
                    suggestion: "a constraint, trait or other non-view line; remove it, or import without --strict to skip it"))
        }
        var lineIndex = 0
        while lineIndex < lineStarts.count {
            let start = lineStarts[lineIndex]
            let end = lineEnd(from: start)
            lineIndex += 1
            progress.work += end - start
            if (start..<end).allSatisfy({ s[$0] == " " || s[$0] == "\t" || s[$0] == "\r" }) { continue }
            let lt = viewStart(inLineFrom: start, to: end)
            if isControllerLine(start, end) {
                controllerLines.append(start)
                if !views.isEmpty {
                    try skip(
                        error(
                            start, "a view-controller line (chisel `pvc`, `_printHierarchy`): it names a controller and its state, not view geometry",
                            suggestion: "print the view hierarchy instead: `po view.recursiveDescription()`"))
                }
                continue
            }
            guard let lt else {
                if !views.isEmpty, pendingJunk == nil { pendingJunk = start }
                continue
            }
            if let junk = pendingJunk {
                pendingJunk = nil
                let shown = text(junk..<lineEnd(from: junk)).prefix(40)
                try skip(
                    error(
                        junk, "expected a view description like \"<UIView: 0x…; frame = (…)>\" (or a blank line) between views, found \"\(shown)\"",
                        suggestion: "remove the line; without --strict, lines that are not views are skipped and listed"))
            }
            var pipes = 0
            for k in start..<lt where s[k] == "|" { pipes += 1 }
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
            // An excerpt that starts one level deep (`   | <UICollectionView …`) is rebased.
            if baseDepth == nil { baseDepth = depth }
            depth = max(0, depth - (baseDepth ?? 0))
            if depth > deepest {
                deepLines += 1
                if deepLines == 1 {
                    try skip(
                        error(
                            lt, "this view is nested \(depth + 1) levels deep; a layout file holds at most \(deepest + 1) nested layers",
                            suggestion:
                                "import a deeper part of the hierarchy on its own; without --strict, views deeper than \(deepest + 1) levels hang at level \(deepest + 1)"
                        ))
                }
                depth = deepest
            }
            try closeFramelessLeaf(before: depth)
            let previousDepth = views.last?.depth ?? -1
            if depth > previousDepth + 1 {
                try skip(
                    error(
                        lt, "this view is \(depth - previousDepth) levels deeper than the view above it; expected at most one level deeper",
                        suggestion: "a line may be missing above; without --strict it hangs under the nearest view above"))
                depth = previousDepth + 1
            }
            var endIndex = end
            progress.reached = lt
            do throws(LayoutError) {
                let (view, after) = try description(at: lt, depth: depth)
                views.append(view)
                endIndex = after
            } catch {
                try skip(error)
                // The lines its scan read as the description's continuation are not read again
                // (each would scan to the same place: quadratic in a dump of unclosed lines).
                endIndex = max(end, progress.reached)
                // Keep the line's place, so what is nested under it keeps its parent.
                var i = lt + 1
                while i < end, Self.isIdent(s[i]) { i += 1 }
                let (l, c) = location(lt)
                var placeholder = DumpView(
                    className: text(lt + 1..<i), address: nil, depth: depth, line: l, column: c,
                    frame: .zero, frameTokens: [])
                placeholder.unread = true
                views.append(placeholder)
            }
            // Continue after the description (it may have wrapped onto later lines).
            if endIndex > end, !s.isEmpty {
                let (l, _) = lineOf(min(endIndex, s.count - 1))
                lineIndex = max(lineIndex, l)
            }
        }
        try closeFramelessLeaf(before: -1)
        if deepLines > 1, lenient, let i = skipped.firstIndex(where: { $0.message.contains("levels deep; a layout file") }) {
            skipped[i].message += " (\(deepLines) lines that deep)"
        }
        if views.isEmpty {
            if let first = controllerLines.first {
                throw error(
                    first, "this is a view-controller tree (chisel `pvc` or `_printHierarchy`): it lists controllers and their states, not the views' geometry",
                    suggestion: "print the views instead: `po view.recursiveDescription()` (or chisel `pviews`)")
            }
            if let first = skipped.first {
                throw LayoutError(
                    file: file, line: first.line, column: first.column, path: first.path,
                    message:
                        "nothing in this dump could be read as a view (\(skipped.count) line\(skipped.count == 1 ? "" : "s") skipped); the first: \(first.message)",
                    suggestion: first.suggestion)
            }
            let e = LayoutError(
                file: file, line: 1, column: 1,
                message: "no view descriptions found: expected lines like \"<UIView: 0x…; frame = (0 0; 320 480); layer = <CALayer: 0x…>>\"",
                suggestion: "paste the output of `po view.recursiveDescription()` (or `expr -l objc -O -- [view recursiveDescription]`)")
            throw e
        }
        return DumpParse(views: views, skipped: skipped)
    }

    /// The line (1-based) of an index, without counting its column.
    func lineOf(_ index: Int) -> (Int, Int) {
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= index { lo = mid } else { hi = mid - 1 }
        }
        return (lo + 1, 0)
    }

    /// A line of a view-controller tree: `<UINavigationController 0x…>, state: appeared, view: <…>`
    /// (UIKit's `_printHierarchy`, chisel's `pvc`).
    func isControllerLine(_ start: Int, _ end: Int) -> Bool {
        let marker = Self.controllerMarker
        guard end - start >= marker.count else { return false }
        return s.withUnsafeBufferPointer { b in
            var i = start
            while i + marker.count <= end {
                if b[i].v == marker[0] {
                    var k = 1
                    while k < marker.count, b[i + k].v == marker[k] { k += 1 }
                    if k == marker.count { return true }
                }
                i += 1
            }
            return false
        }
    }

    static let controllerMarker: [UInt8] = Array(">, state: ".utf8)

    // MARK: One description

    /// Parses `<Class: 0x…; key = value; …>` starting at the `<`; returns the view and the index
    /// just after its closing `>`.
    ///
    /// `limit` bounds the scan (a delegate's description is read within its value only), and
    /// a delegate's own delegate is not read: each byte is scanned at most twice, however the
    /// delegates nest (25 unclosed `delegate = <V);` in a row took 15 s, doubling with each).
    func description(at lt: Int, depth: Int, limit: Int? = nil, readsDelegate: Bool = true) throws(LayoutError) -> (DumpView, Int) {
        let limit = limit ?? s.count
        if !readsDelegate { progress.quiet += 1 }
        defer { if !readsDelegate { progress.quiet -= 1 } }
        var i = lt + 1
        let nameStart = i
        while i < limit, Self.isIdent(s[i]) { i += 1 }
        let className = text(nameStart..<i)
        let (line, column) = location(lt)
        var view = DumpView(
            className: className, address: nil, depth: depth, line: line, column: column,
            frame: .zero, frameTokens: [])
        var sawFrame = false
        var path: String { "view \(className)" }
        if i < limit, s[i] == ":" {
            i += 1
            while i < limit, s[i] == " " { i += 1 }
            let a = i
            while i < limit, s[i] != ";", s[i] != ">", s[i] != " ", s[i] != "\n" { i += 1 }
            view.address = text(a..<i)
        }
        while true {
            i = try skipSpace(i, openedAt: lt, className: className, limit: limit)
            guard i < limit else {
                throw error(
                    limit == limit && s.last == "\n" ? limit - 1 : limit,
                    "the description of \(className) begun at \(line):\(column) ends without its closing \">\"", path: path,
                    suggestion: "the dump looks truncated; use --lenient to keep the views before it")
            }
            if s[i] == ">" { break }
            if s[i] == ";" { i += 1; continue }
            // key
            let keyStart = i
            while i < limit, Self.isIdent(s[i]) { i += 1 }
            let key = knownKey(keyStart..<i)
            var j = i
            while j < limit, s[j] == " " { j += 1 }
            var valueStart = j
            if j < limit, s[j] == "=" || s[j] == ":" { valueStart = j + 1 }
            while valueStart < limit, s[valueStart] == " " { valueStart += 1 }
            let valueEnd = try scanValue(from: valueStart, openedAt: lt, className: className, limit: limit)
            if keyStart == i && valueEnd == keyStart {
                throw error(
                    keyStart, "unexpected \"\(text(keyStart..<min(limit, keyStart + 1)))\" in the description of \(className)", path: path,
                    suggestion: "expected \"key = value\" fields separated by \";\"")
            }
            // Only the fields used are turned into text (most of a dump is gestureRecognizers,
            // colours and animations).
            if let key {
                var trimmedEnd = valueEnd
                while trimmedEnd > valueStart, s[trimmedEnd - 1] == " " || s[trimmedEnd - 1] == "\t" || s[trimmedEnd - 1] == "\r" || s[trimmedEnd - 1] == "\n" {
                    trimmedEnd -= 1
                }
                let raw = text(valueStart..<trimmedEnd)
                if key == .delegate {
                    // The view whose layer this is: its printed frame is checked against the layer's.
                    if readsDelegate, valueStart < valueEnd, s[valueStart] == "<",
                        let (d, _) = try? description(at: valueStart, depth: 0, limit: valueEnd, readsDelegate: false)
                    {
                        view.delegateClass = d.className
                        if d.hasFrame { view.delegateFrame = d.frame; view.delegateFrameTokens = d.frameTokens }
                    }
                } else {
                    try apply(key: key, raw: raw, at: valueStart, to: &view, sawFrame: &sawFrame, className: className)
                }
                if key.isGeometry { view.printedKeys.append(key.rawValue) }
            }
            i = max(valueEnd, keyStart + 1)
        }
        // `<_UILabelContentLayer: 0x…> (layer)`: a sublayer, listed without geometry.
        if !sawFrame {
            var k = i + 1
            while k < limit, s[k] == " " { k += 1 }
            let marker: [DumpByte] = "(layer)".utf8.map(DumpByte.init)
            if k + marker.count <= limit, s[k..<(k + marker.count)].elementsEqual(marker) { view.isLayerLine = true }
        }
        return (view, i + 1)
    }

    /// Skips spaces; a newline inside a description is a wrapped line unless the next line
    /// starts a view of its own (then the description was never closed).
    func skipSpace(_ from: Int, openedAt lt: Int, className: String, limit: Int) throws(LayoutError) -> Int {
        var i = from
        defer { progress.advance(from, i) }
        while i < limit {
            if s[i] == " " || s[i] == "\t" || s[i] == "\r" { i += 1; continue }
            if s[i] == "\n" {
                if startsNewView(i + 1) {
                    let (l, c) = location(lt)
                    throw error(
                        i, "the description of \(className) begun at \(l):\(c) is not closed: expected \">\" before the end of the line",
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
    func scanValue(from start: Int, openedAt lt: Int, className: String, limit: Int) throws(LayoutError) -> Int {
        var i = start
        var depth = 0  // open brackets of any kind (real dumps nest them properly)
        defer { progress.advance(start, i) }
        while i < limit {
            let c = s[i]
            if c == "\n" {
                i = try skipSpace(i, openedAt: lt, className: className, limit: limit)
                continue
            }
            if c == "'" && depth == 0 {
                // A quoted text ends at a quote followed by ";" or ">" (texts may hold quotes).
                var j = i + 1
                while j < limit {
                    if s[j] == "'", j + 1 >= limit || s[j + 1] == ";" || s[j + 1] == ">" { break }
                    if s[j] == "\n", startsNewView(j + 1) { break }
                    j += 1
                }
                progress.advance(i, j)
                if j >= limit || s[j] != "'" {
                    throw error(
                        i, "the text quoted here in \(className) is not closed", path: "view \(className)",
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
    func knownKey(_ range: Range<Int>) -> DumpKey? {
        let n = range.count
        for (key, scalars) in Self.usedKeyScalars where scalars.count == n && s[range].elementsEqual(scalars) { return key }
        return nil
    }

    static let usedKeyScalars: [(DumpKey, [DumpByte])] = DumpKey.allCases.map { ($0, $0.rawValue.utf8.map(DumpByte.init)) }

    /// The keys read from a description (the others are skipped unread), as printed.
    enum DumpKey: String, CaseIterable {
        case frame, transform, transform3D, alpha, hidden, opaque, clipsToBounds
        case userInteractionEnabled, tag, autoresize, layer, baseClass, text, contentOffset
        case anchorPoint, position, bounds, zPosition, anchorPointZ, sublayerTransform
        case geometryFlipped, masksToBounds, opacity, name, delegate, sublayers

        /// A key the view's note lists as printed geometry.
        var isGeometry: Bool {
            switch self {
            case .frame, .anchorPoint, .transform, .transform3D, .alpha, .hidden, .clipsToBounds, .contentOffset, .position, .bounds, .zPosition,
                .anchorPointZ, .sublayerTransform, .geometryFlipped, .masksToBounds, .opacity:
                return true
            case .opaque, .userInteractionEnabled, .tag, .autoresize, .layer, .baseClass, .text, .name, .delegate, .sublayers:
                return false
            }
        }
    }

    func apply(key: DumpKey, raw: String, at index: Int, to v: inout DumpView, sawFrame: inout Bool, className: String) throws(LayoutError) {
        var fieldPath: String { "view \(className).\(key.rawValue)" }
        /// `count` numbers in parentheses, within the limit; the error says what `shape` is.
        func parenthesised(_ count: Int, _ shape: String) throws(LayoutError) -> ([Double], [String]) {
            let tokens = numberTokens(raw, open: "(", close: ")")
            guard tokens.count == count, let nums = doubles(tokens) else {
                throw error(index, "\(key.rawValue) \"\(raw)\": expected \(shape)", path: fieldPath)
            }
            try withinLimit(nums, tokens, raw, index, fieldPath)
            return (nums, tokens)
        }
        switch key {
        case .frame:
            let (nums, tokens) = try parenthesised(4, "(x y; width height), four numbers")
            v.frame = Rect(x: nums[0], y: nums[1], width: nums[2], height: nums[3])
            v.frameTokens = tokens
            sawFrame = true
        case .transform, .transform3D, .sublayerTransform:
            var tokens = numberTokens(raw, open: "[", close: "]")
            if tokens.isEmpty { tokens = numberTokens(raw, open: "(", close: ")") }
            guard tokens.count == 6 || tokens.count == 16, let nums = doubles(tokens) else {
                throw error(
                    index, "\(key.rawValue) \"\(raw.prefix(80))\": expected [a, b, c, d, tx, ty] (6 numbers) or a 4×4 matrix (16 numbers)", path: fieldPath)
            }
            try withinLimit(nums, tokens, raw, index, fieldPath)
            if key == .sublayerTransform { v.sublayerTransform = nums } else { v.transform = nums }
        case .alpha, .opacity:
            // `alpha = nan` is printed by real apps: alpha 1 is assumed, and the note says so.
            if let a = Double(raw), a.isFinite { v.alpha = a } else { v.unusableAlpha = raw }
        case .anchorPoint:
            let (nums, tokens) = try parenthesised(2, "(x, y), two numbers")
            v.anchorPoint = Point(x: nums[0], y: nums[1])
            v.anchorTokens = tokens
        case .position:
            let (nums, tokens) = try parenthesised(2, "CGPoint (x y), two numbers")
            v.position = Point(x: nums[0], y: nums[1])
            v.positionTokens = tokens
        case .bounds:
            let (nums, tokens) = try parenthesised(4, "CGRect (x y; width height), four numbers")
            v.bounds = Rect(x: nums[0], y: nums[1], width: nums[2], height: nums[3])
            v.boundsTokens = tokens
        case .zPosition, .anchorPointZ:
            guard let z = Double(raw), z.isFinite, abs(z) <= Self.numberLimit else {
                throw error(index, "\(key.rawValue) \"\(raw)\": expected a number within ±1e9", path: fieldPath)
            }
            if key == .zPosition { v.zPosition = z } else { v.anchorPointZ = z }
        case .geometryFlipped: v.isGeometryFlipped = try yesNo(raw, index, fieldPath)
        case .masksToBounds: v.clipsToBounds = try yesNo(raw, index, fieldPath)
        case .name:
            var t = raw
            if t.hasPrefix("\""), t.hasSuffix("\""), t.count >= 2 { t = String(t.dropFirst().dropLast()) }
            v.layerName = t
        case .sublayers: v.sublayerRefs = Self.references(in: raw)
        case .hidden: v.isHidden = try yesNo(raw, index, fieldPath)
        case .opaque: v.isOpaque = try yesNo(raw, index, fieldPath)
        case .clipsToBounds: v.clipsToBounds = try yesNo(raw, index, fieldPath)
        case .userInteractionEnabled: v.isUserInteractionEnabled = try yesNo(raw, index, fieldPath)
        case .tag:
            guard let t = Int(raw) else { throw error(index, "tag \"\(raw)\": expected a whole number", path: fieldPath) }
            v.tag = t
        case .autoresize:
            guard let m = AutoresizingMask(printed: raw) else {
                throw error(index, "autoresize \"\(raw)\": expected flags joined by + (W, H, LM, RM, TM, BM), e.g. W+H", path: fieldPath)
            }
            v.autoresizingMask = m
        case .layer:
            v.layerClass = Self.layerClass(raw)
        case .baseClass: v.baseClass = raw
        case .text:
            var t = raw
            if t.hasPrefix("'"), t.hasSuffix("'"), t.count >= 2 { t = String(t.dropFirst().dropLast()) }
            v.text = t
        case .contentOffset:
            let tokens = numberTokens(raw, open: "{", close: "}")
            guard tokens.count == 2, let nums = doubles(tokens) else {
                throw error(index, "contentOffset \"\(raw)\": expected {x, y}", path: fieldPath)
            }
            v.contentOffset = Point(x: nums[0], y: nums[1])
        default: break  // gestureRecognizers, backgroundColor, animations, …: not geometry
        }
    }

    /// `<CALayer: 0x…>` → `CALayer`: what follows a leading `<`, up to a `:`, `>` or `;`. An
    /// ASCII value's characters are its bytes (none of the three is part of `\r\n`), so it
    /// is cut on its bytes; any other is cut on characters.
    static func layerClass(_ raw: String) -> String {
        let cut = raw.utf8.withContiguousStorageIfAvailable { b -> String? in
            var start = 0, end = 0
            for (i, c) in b.enumerated() {
                if c >= 0x80 { return nil }
                if i == 0, c == UInt8(ascii: "<") { start = 1; end = 1; continue }
                if end == i, c != UInt8(ascii: ":"), c != UInt8(ascii: ">"), c != UInt8(ascii: ";") { end = i + 1 }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: b[start..<end]), as: UTF8.self)
        }
        if let cut, let cut { return cut }
        var name = raw
        if name.hasPrefix("<") { name.removeFirst() }
        return String(name.prefix { $0 != ":" && $0 != ">" && $0 != ";" })
    }

    /// The most a layout file holds: a number past it could be imported but never reopened.
    static let numberLimit = 1e9

    func withinLimit(_ nums: [Double], _ tokens: [String], _ raw: String, _ index: Int, _ path: String) throws(LayoutError) {
        guard let k = nums.firstIndex(where: { abs($0) > Self.numberLimit }) else { return }
        throw error(
            index, "\(tokens[k]) in \"\(raw.prefix(60))\" is past the ±1e9 a layout file can hold",
            path: path, suggestion: "this view cannot be imported as printed; without --strict it is skipped (its subviews keep their place)")
    }

    /// `(<CALayer: 0x1>, <_UILabelContentLayer: 0x2>)`: the classes and addresses listed.
    static func references(in raw: String) -> [(className: String, address: String?)] {
        var out: [(String, String?)] = []
        let chars = Array(raw.utf8)
        var i = 0
        var depth = 0
        while i < chars.count {
            let c = chars[i]
            if c == UInt8(ascii: "<") {
                if depth == 0 {
                    var j = i + 1
                    while j < chars.count, isIdent(DumpByte(chars[j])) { j += 1 }
                    let name = String(decoding: chars[(i + 1)..<j], as: UTF8.self)
                    var address: String? = nil
                    if j < chars.count, chars[j] == UInt8(ascii: ":") {
                        var k = j + 1
                        while k < chars.count, chars[k] == UInt8(ascii: " ") { k += 1 }
                        let a = k
                        while k < chars.count, chars[k] != UInt8(ascii: ">"), chars[k] != UInt8(ascii: ";"), chars[k] != UInt8(ascii: " ") { k += 1 }
                        if k > a { address = String(decoding: chars[a..<k], as: UTF8.self) }
                    }
                    if !name.isEmpty { out.append((name, address)) }
                }
                depth += 1
            } else if c == UInt8(ascii: ">"), depth > 0 {
                depth -= 1
            }
            i += 1
        }
        return out
    }

    func yesNo(_ raw: String, _ index: Int, _ path: @autoclosure () -> String) throws(LayoutError) -> Bool {
        switch raw {
        case "YES", "true", "1": return true
        case "NO", "false", "0": return false
        default: throw error(index, "\"\(raw)\": expected YES or NO", path: path())
        }
    }

    /// The number tokens between `open` and `close`, split on spaces, commas and semicolons.
    func numberTokens(_ raw: String, open: Character, close: Character) -> [String] {
        if let tokens = Self.asciiNumberTokens(raw, open: open, close: close) { return tokens }
        var body = Substring(raw)
        // `CGPoint (333.5 70)`, `CGRect (0 0; 627 100)`: a type name before the numbers.
        if let first = body.first, first.isLetter, let o = body.firstIndex(of: open),
            body[..<o].allSatisfy({ $0.isLetter || $0.isNumber || $0 == " " })
        {
            body = body[o...]
        }
        guard body.first == open, body.last == close else { return [] }
        body = body.dropFirst().dropLast()
        return body.split(whereSeparator: { $0 == " " || $0 == "," || $0 == ";" || $0 == "\n" }).map(String.init)
    }

    /// `numberTokens` on the bytes of a value whose characters are its bytes (ASCII without
    /// `\r`, which `\r\n` would join into one character); nil for any other value, which is
    /// read as characters.
    static func asciiNumberTokens(_ raw: String, open: Character, close: Character) -> [String]? {
        guard let o = open.asciiValue, let c = close.asciiValue else { return nil }
        return raw.utf8.withContiguousStorageIfAvailable { b -> [String]? in
            var start = 0
            for x in b where x >= 0x80 || x == UInt8(ascii: "\r") { return nil }
            func isLetter(_ x: UInt8) -> Bool { (x >= UInt8(ascii: "a") && x <= UInt8(ascii: "z")) || (x >= UInt8(ascii: "A") && x <= UInt8(ascii: "Z")) }
            // `CGPoint (333.5 70)`, `CGRect (0 0; 627 100)`: a type name before the numbers.
            if let first = b.first, isLetter(first), let at = b.firstIndex(of: o),
                b[..<at].allSatisfy({ isLetter($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: " ") })
            {
                start = at
            }
            guard start < b.count, b[start] == o, b[b.count - 1] == c else { return [] }
            var tokens: [String] = []
            tokens.reserveCapacity(4)
            var i = start + 1
            let end = b.count - 1
            while i < end {
                while i < end, Self.isTokenSeparator(b[i]) { i += 1 }
                let t = i
                while i < end, !Self.isTokenSeparator(b[i]) { i += 1 }
                if i > t { tokens.append(String(decoding: UnsafeBufferPointer(rebasing: b[t..<i]), as: UTF8.self)) }
            }
            return tokens
        } ?? nil
    }

    static func isTokenSeparator(_ x: UInt8) -> Bool {
        x == UInt8(ascii: " ") || x == UInt8(ascii: ",") || x == UInt8(ascii: ";") || x == UInt8(ascii: "\n")
    }

    func doubles(_ tokens: [String]) -> [Double]? {
        var out: [Double] = []
        out.reserveCapacity(tokens.count)
        for t in tokens {
            guard let d = PrintedNumber.value(t), d.isFinite else { return nil }
            out.append(d == 0 ? 0 : d)  // "-0" prints in transforms; keep +0
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

/// How far the scans of one description went, and the bytes scanned in all: a reference, so
/// the parser's read-only scanning functions can record it.
final class ScanProgress: @unchecked Sendable {
    var reached = 0
    var work = 0
    var quiet = 0
    func advance(_ from: Int, _ to: Int) {
        if to > reached { reached = to }
        if to > from { work += to - from }
    }
}
