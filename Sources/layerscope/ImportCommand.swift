import ArgumentParser
import Scenes
import Foundation
import LayoutFiles
import LayoutFileIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `layerscope import DUMP [-o scene.json|.yaml] [--lenient]`: a `recursiveDescription`
/// dump (a file, or `-` for standard input) as a layout file.
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Turn a UIKit recursiveDescription dump (or another view or layer tree) into a layout file.",
        discussion: """
            DUMP is the text of `po view.recursiveDescription()` (or a snapshot test's .txt), \
            or - for standard input. Also recognised by content: `po someLayer` output, AppKit's \
            `_subtreeDescription`, Sentry's view-hierarchy.json and SDCALayer's JSON or YAML \
            export. Writes JSON to standard output, or the file -o names \
            (.json, .yaml, .yml; atomically). A summary goes to standard error. \
            See docs/import.md.
            """)

    @Argument(help: "The dump file, or - for standard input.")
    var dump: String

    @Option(name: .shortAndLong, help: "Write the scene here (.json, .yaml or .yml) instead of standard output.")
    var output: String?

    @Flag(help: "Stop at the first line that cannot be read (with its line and column) instead of skipping it and listing it. For scripts and CI.")
    var strict = false

    @Flag(help: .hidden)
    var lenient = false  // the default since skipping became the default; kept so old scripts run

    func run() throws {
        let (name, text) = try readDumpSource(dump)
        let imported = try importOrExit(text, name: name, lenient: !strict)
        let scene = imported.scene
        // What is written must reopen: `LayoutFile.write` reads its text back before renaming
        // it into place; for standard output the text is read back here, as `check` would.
        var encoded = ""
        if output == nil {
            encoded = LayoutFile.encode(scene, format: .json)
            do { _ = try LayoutFile.parse(encoded, file: "<stdout>", format: .json) } catch {
                printError("layerscope: \(name): the imported scene would not load back (\(error.description)); nothing written")
                throw ExitCode(1)
            }
        }
        if let output {
            do { try LayoutFile.write(scene, to: output) } catch {
                printError("layerscope: \(error.description)")
                throw ExitCode(1)
            }
        } else {
            print(encoded, terminator: "")
        }
        var summary = "\(name): \(scene.tree.count) layer\(scene.tree.count == 1 ? "" : "s")"
        if !imported.approximate.isEmpty { summary += ", \(imported.approximate.count) approximate" }
        if !imported.skipped.isEmpty {
            summary += ", \(imported.skipped.count) line\(imported.skipped.count == 1 ? "" : "s") skipped (--strict stops at the first)"
        }
        if let output { summary += " → \(output)" }
        printError(summary)
        // The first few of each; the scene's notes list them too.
        for a in imported.approximate.prefix(10) { printError("  approximate: \(a.name): \(a.reason)") }
        if imported.approximate.count > 10 { printError("  … and \(imported.approximate.count - 10) more approximate") }
        for s in imported.skipped.prefix(20) { printError("  skipped: \(s.description)") }
        if imported.skipped.count > 20 { printError("  … and \(imported.skipped.count - 20) more skipped") }
    }
}

/// Reads a dump: a file, or `-` for standard input (read to the end).
func readDumpSource(_ path: String) throws -> (String, String) {
    if path == "-" {
        var text = ""
        while let line = readLine(strippingNewline: false) { text += line }
        return ("<stdin>", text)
    }
    do { return (path, try TextFile.read(path)) } catch {
        printError("layerscope: cannot read \(path): \(error.message)")
        throw ExitCode(1)
    }
}

/// Imports, or prints the located error (with the --lenient hint) and exits 1.
func importOrExit(_ text: String, name: String, lenient: Bool) throws -> ImportedDump {
    do {
        return try RecursiveDescriptionImporter.importDump(text, file: name, lenient: lenient)
    } catch {
        printError("layerscope: \(error.description)")
        throw ExitCode(1)
    }
}

/// `layerscope DUMP.txt` and `layerscope -`: when the file reads as a recursiveDescription
/// dump (by content, whatever its name), the imported scene, without a path (saving asks
/// for a layout file name and never overwrites the dump). Nil for anything else.
func importedSceneIfDump(_ path: String, lenient: Bool, reattachTerminal: Bool) throws -> (Scene, String?)? {
    if path == "-" {
        let (name, text) = try readDumpSource(path)
        let imported = try importOrExit(text, name: name, lenient: lenient)
        if reattachTerminal { reattachStandardInputToTerminal() }
        return (imported.scene, nil)
    }
    guard let text = try? TextFile.read(path), importableForm(text) != nil else { return nil }
    return (try importOrExit(text, name: path, lenient: lenient).scene, nil)
}

/// A path as a POSIX shell reads it back: as is when plain, else in single quotes.
func shellQuoted(_ path: String) -> String {
    let plain =
        !path.isEmpty
        && path.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "_-./+,:@%".unicodeScalars.contains($0)
        }
    return plain ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

/// What a text reads as when it is one of the forms `import` reads (by content, whatever
/// the file's name): the registry's first form that recognises it (`ImportForms`, the same
/// test `import` and the explorer make); nil for a layout or anything else.
func importableForm(_ text: String) -> String? {
    ImportForms.form(of: text)?.name
}

/// After reading a piped dump to its end, the explorer still needs keys: take them from the
/// controlling terminal.
func reattachStandardInputToTerminal() {
    guard isatty(STDIN_FILENO) == 0 else { return }
    let fd = open("/dev/tty", O_RDWR)
    guard fd >= 0 else { return }
    dup2(fd, STDIN_FILENO)
    close(fd)
}
