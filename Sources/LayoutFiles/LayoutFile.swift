import Scenes
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The two spellings of a layout file (layout-format.md): same schema, YAML allows comments.
public enum LayoutFormat: Sendable {
    case json
    case yaml

    /// From a path extension, any case: `json`; `yaml` or `yml`. Nil for anything else.
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "json": self = .json
        case "yaml", "yml": self = .yaml
        default: return nil
        }
    }

    /// The format of a path, by its extension.
    package init?(path: String) {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        self.init(pathExtension: String(name[name.index(after: dot)...]))
    }
}

/// Layout text read and written (layout-format.md is the contract); the files themselves are
/// LayoutFileIO's (`LayoutFile.load(contentsOf:)`, `LayoutFile.write`).
///
/// Parsing reads JSON or YAML into a position-annotated document (`JSONReader`, `YAMLReader`),
/// then decodes it (`LayoutDecoder`). Any problem throws one `LayoutError` with the file,
/// line, column and field path; no partly built scene escapes. Scripts are not run here: each
/// entry of `script` becomes a `ScriptLine` with its location, for the command engine.
///
/// Beyond the table in layout-format.md, the loader:
/// - requires a top-level `layers` array (it may be empty);
/// - accepts `script` as an array of commands, or as one string of commands on separate lines
///   (handy as a YAML `|` block): one `ScriptLine` per non-blank line. `;` is left to the
///   command language in both forms;
/// - refuses numbers that are not finite or exceed 1e9 in magnitude, nesting deeper than 200
///   levels of objects and arrays, and a negative `borderWidth`;
/// - reads YAML with the YAML 1.2 core schema (`yes`/`no` are strings, not booleans).
public enum LayoutFile {
    /// Files larger than this are refused rather than read, and saves that would write more
    /// are refused too, so whatever LayerScope writes it reads back (a 100 000-layer scene
    /// writes about 26 MB).
    public static let sizeLimit = 64 << 20

    /// Parses layout text. `file` is only used in errors and script locations.
    public static func parse(_ text: String, file: String, format: LayoutFormat) throws(LayoutError) -> Scene {
        let root: SourceValue?
        switch format {
        case .json: root = try JSONReader.parse(Array(text.utf8), file: file)
        case .yaml:
            try UnicodeLineBreaks.refuseInYAML(text, file: file)
            root = try YAMLReader.parse(text, file: file)
        }
        return try LayoutDecoder(file: file).decode(root)
    }

    /// Parses layout bytes, which must be UTF-8: anything else (a binary file) is an error at
    /// the first bad byte, never a crash.
    public static func parse(data: [UInt8], file: String, format: LayoutFormat) throws(LayoutError) -> Scene {
        try checkUTF8(data, file: file)
        switch format {
        case .json:
            let scene = try LayoutDecoder(file: file).decode(try JSONReader.parse(data, file: file))
            if data.count >= 1 << 20 { returnFreedMemory() }
            return scene
        case .yaml:
            return try parse(String(decoding: data, as: UTF8.self), file: file, format: .yaml)
        }
    }

    /// The scene as layout text in `format` (see `LayoutEncoder`: stable key order, defaults
    /// left out, compact numbers).
    public static func encode(_ scene: Scene, format: LayoutFormat) -> String {
        LayoutEncoder(format: format).encode(scene)
    }

    /// Hands memory freed by a big file's parse back to the system. The parsed document of a
    /// 100 000-layer file and the reader's stacks, freed, would still stay resident (malloc
    /// keeps freed memory for reuse: 0.13 KB a layer) for as long as the explorer runs. A few
    /// milliseconds, so only after files of a megabyte or more.
    static func returnFreedMemory() {
        #if canImport(Glibc)
            // glibc's malloc_trim (malloc.h is not in Swift's Glibc module), looked up once.
            _ = mallocTrim?(0)
        #endif
    }

    #if canImport(Glibc)
        private typealias MallocTrim = @convention(c) (Int) -> Int32
        private static let mallocTrim: MallocTrim? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim")
            .map { unsafeBitCast($0, to: MallocTrim.self) }
    #endif

    /// Throws at the first byte that is not UTF-8, with its line and column.
    package static func checkUTF8(_ bytes: [UInt8], file: String) throws(LayoutError) {
        // Most layout files are ASCII: eight bytes at a time with no high bit set are valid,
        // and lines and columns are only counted when a file has other bytes.
        if isASCII(bytes) { return }
        var i = 0
        var line = 1, column = 1
        while i < bytes.count {
            let b = bytes[i]
            let length: Int
            switch b {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: length = 0
            }
            var valid = length > 0 && i + length <= bytes.count
            if valid, length > 1 {
                for k in 1..<length where bytes[i + k] & 0xC0 != 0x80 { valid = false }
                if valid {
                    let second = bytes[i + 1]
                    // Overlong forms, surrogates, and scalars past U+10FFFF.
                    if b == 0xE0, second < 0xA0 { valid = false }
                    if b == 0xED, second > 0x9F { valid = false }
                    if b == 0xF0, second < 0x90 { valid = false }
                    if b == 0xF4, second > 0x8F { valid = false }
                }
            }
            guard valid else {
                let hex = "0x" + String(b, radix: 16, uppercase: true)
                throw LayoutError(
                    file: file, line: line, column: column,
                    message: "not UTF-8 text: invalid byte \(hex)",
                    suggestion: "layout files are UTF-8 JSON or YAML; is this a binary file?")
            }
            if b == UInt8(ascii: "\n") || (b == UInt8(ascii: "\r") && (i + 1 >= bytes.count || bytes[i + 1] != UInt8(ascii: "\n"))) {
                line += 1
                column = 1
            } else {
                column += 1
            }
            i += length
        }
    }

    /// Whether every byte is below 0x80, read eight at a time.
    static func isASCII(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            let count = raw.count
            var i = 0
            var high: UInt64 = 0
            while i + 8 <= count {
                high |= raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                i += 8
            }
            while i < count {
                high |= UInt64(raw[i])
                i += 1
            }
            return high & 0x8080_8080_8080_8080 == 0
        }
    }
}
