import Foundation
import Testing
import TestSupport

/// Issue 20: every documented example is true. In README.md and docs/*.md, an example shown
/// with its output is written in a ```sh block as
///
///     $ layerscope eval --layout Layouts/popup.json --script 'step 2; select frameFirst; get frame'
///     {"rect":[190,190,100,100]}
///
/// — the command after `$ `, then exactly what it prints (standard output and error), up to
/// the next `$ ` line or the block's end. This test runs each one from the package root
/// against the built binary and compares. Lines without `$` are synopses and are not run;
/// the old way of showing output as `# …` comments under a command is refused, so a new
/// example cannot slip past unchecked.
@Suite(
    "Documented examples print what they show",
    .enabled(if: LayerScopeProgram.path != nil, "needs the layerscope executable (swift build)"))
struct DocumentedExamplesTests {
    static let packageRoot = PackageRoot.url

    struct Example: CustomStringConvertible {
        var file: String
        var line: Int
        var command: String
        var output: [String]
        var description: String { "\(file):\(line): $ \(command)" }
    }

    /// The markdown files that document LayerScope.
    static func documents() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return ["README.md"] + docs
    }

    /// The `$ layerscope …` examples of one file, and the problems with the convention.
    static func examples(in file: String) throws -> (examples: [Example], problems: [String]) {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
        var examples: [Example] = [], problems: [String] = []
        var inBlock = false, inShell = false
        var collecting = false  // the lines go to the last example's output
        var previous = ""
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).enumerated() {
            if line.hasPrefix("```") {
                inBlock.toggle()
                inShell = inBlock && line == "```sh"
                collecting = false
                previous = ""
                continue
            }
            guard inShell else { continue }
            if line.hasPrefix("$ ") {
                examples.append(Example(file: file, line: index + 1, command: String(line.dropFirst(2)), output: []))
                collecting = true
            } else if collecting {
                examples[examples.count - 1].output.append(line)
            } else if line.hasPrefix("# "), previous.hasPrefix("layerscope ") || previous.hasPrefix("# ") {
                problems.append(
                    "\(file):\(index + 1): output shown as a comment under a command; write `$ layerscope …` "
                        + "followed by its output lines in a ```sh block, so DocumentedExamplesTests runs it")
            }
            previous = line
        }
        return (examples, problems)
    }

    static func allExamples() throws -> [Example] {
        try documents().flatMap { try examples(in: $0).examples }
    }

    @Test func theDocumentsFollowTheConvention() throws {
        let problems = try Self.documents().flatMap { try Self.examples(in: $0).problems }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        // The README's first headless example is one of them (it promised a frame that a
        // step demo no longer showed at load; it must stay checked).
        #expect(try Self.examples(in: "README.md").examples.contains { $0.command.contains("Layouts/popup.json") })
    }

    @Test(arguments: try allExamples())
    func anExamplePrintsWhatItShows(_ example: Example) throws {
        let binary = URL(fileURLWithPath: try LayerScopeProgram.requiredPath).deletingLastPathComponent().path
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = binary + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["LANG"] = "C.UTF-8"
        environment["NO_COLOR"] = nil
        environment["TERM"] = nil
        let result = try Subprocess.run(
            "/bin/sh", ["-c", "cd \"$0\" && exec 2>&1 && " + example.command, Self.packageRoot.path],
            environment: environment, timeout: .seconds(30))
        #expect(!result.timedOut)
        let printed = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let shown = example.output + [""]  // the last line printed ends in a newline
        #expect(printed == shown, "\(example) printed:\n\(result.output)")
    }
}
