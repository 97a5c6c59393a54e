import Cells
import Scenes
import ArgumentParser
import Explorer
import ExplorerRuntime
import Foundation
import Geometry
import NCursesTerminal
import Raster
import Benchmarks
import SafeText
import TerminalKit
import LayerModel
import LayoutFiles
import LayoutFileIO
import Export
import Engine
import SceneFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@main
struct LayerScope: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layerscope",
        abstract: "A full-screen terminal explorer of Core Animation layer geometry.",
        discussion: """
            Conventions: points, y grows down, Core Animation's row-vector matrices \
            (Concat(a, b) applies a first), degrees in files and commands.
            With no subcommand, opens the explorer on FILE (or on the embedded tour scene).
            Press ? inside for every key.
            """,
        version: "0.1.0",
        subcommands: [Explore.self, Eval.self, Check.self, Render.self, Export.self, Bench.self, Import.self, Commands.self, Learn.self, Room.self],
        defaultSubcommand: Explore.self)

    /// A crash signal always ends the process (after its backtrace; issue 20), whichever
    /// command runs.
    static func main() {
        FatalSignals.install()
        // `layerscope --help` is mostly asked about the explorer: say its usage and options.
        if [["--help"], ["-h"], ["help"]].contains(Array(CommandLine.arguments.dropFirst())) {
            print(overallHelp())
            return
        }
        main(nil)
    }

    /// The root's help with the default command's usage, FILE argument and options in it:
    /// ArgumentParser shows only the subcommands there, which hid every explorer option.
    static func overallHelp(columns: Int? = nil) -> String {
        let root = helpMessage(columns: columns), explore = helpMessage(for: Explore.self, columns: columns)
        guard let rootUsage = root.range(of: "USAGE:"), let subcommands = root.range(of: "SUBCOMMANDS:"),
            let exploreUsage = explore.range(of: "USAGE: layerscope explore "),
            let usageEnd = explore[exploreUsage.upperBound...].range(of: "\n\n")
        else { return root + "\n" + explore }
        let usage =
            "USAGE: layerscope " + explore[exploreUsage.upperBound..<usageEnd.lowerBound]
            + "\n       layerscope <subcommand> …"
        let arguments = explore[usageEnd.upperBound...].trimmingCharacters(in: .newlines)
        return String(root[..<rootUsage.lowerBound]) + usage + "\n\n" + arguments + "\n\n" + root[subcommands.lowerBound...]
    }
}

/// Options shared by the commands that draw.
struct DrawOptions: ParsableArguments {
    @Option(
        help:
            "Glyphs: auto, braille, blocks, sextant, octant or ascii (auto: braille in UTF-8 locales, else ascii; sextant: solid 2×3 sub-cells, for terminals that draw U+1FB00 block sextants; octant: solid 2×4 sub-cells, for terminals that draw Unicode 16 block octants U+1CD00)."
    )
    var mode: RenderMode = .auto

    @Option(help: "Colors: none, 16, 256 or truecolor (default: what the terminal has; NO_COLOR and TERM=dumb mean none; render: none).")
    var color: ColorDepth?

    @Option(help: "How many times taller than wide a terminal cell is (default 2).")
    var cellAspect: Double = 2

    @Option(help: "The terminal's background: dark, light or auto (asks the terminal; dark if it does not say; render: dark).")
    var theme: ThemeChoice = .auto

    @Flag(help: "Presentation preset for a projector: bold marks, big key echo, essential panel (key W).")
    var present = false

    func validate() throws {
        guard cellAspect.isFinite, cellAspect >= 0.25, cellAspect <= 8 else {
            throw ValidationError("--cell-aspect \(cellAspect): expected a number from 0.25 to 8 (a terminal cell is usually about 2 times taller than wide)")
        }
    }
}

/// `--color` takes the depth's own spelling (`ColorDepth.option`: none, 16, 256, truecolor).
extension ColorDepth: ExpressibleByArgument {
    public init?(argument: String) { self.init(option: argument) }
    public static var allValueStrings: [String] { allCases.map(\.option) }
}

extension RenderMode: ExpressibleByArgument {}

/// Standard error, unbuffered; the text passes SafeText's gate (it may quote a file).
func printError(_ message: String) {
    var text = SafeText.visible(message, multiline: true)
    if !text.hasSuffix("\n") { text += "\n" }
    FileHandle.standardError.write(Data(text.utf8))
}

/// Loads a scene file with its script applied, or the embedded tour.
/// With `allowNew` (the explorer), a layout file that does not exist yet is an empty scene.
func loadScene(_ path: String?, lenient: Bool = true, reattachTerminal: Bool = false, allowNew: Bool = false) throws -> (Scene, String?) {
    guard let path else { return (try DefaultScene.scene(), nil) }
    if allowNew, isNewLayoutFile(path) { return (Scene(), path) }
    if let dump = try importedSceneIfDump(path, lenient: lenient, reattachTerminal: reattachTerminal) { return dump }
    do {
        return (try SceneLoader.load(path), path)
    } catch {
        // A bad file is not a usage error: say what is wrong and where, without the usage text.
        printError("layerscope: \(error.description)")
        throw ExitCode(1)
    }
}

/// True for `layerscope new.json`: a layout file name (.json, .yaml, .yml) that does not
/// exist yet in a folder that does. The explorer opens an empty scene that `:w` writes there
/// (loadScene); the headless commands still say the file is missing.
func isNewLayoutFile(_ path: String) -> Bool {
    let url = URL(fileURLWithPath: path)
    guard LayoutFormat(pathExtension: url.pathExtension) != nil else { return false }
    var info = stat()
    guard lstat(path, &info) != 0, errno == ENOENT else { return false }
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.deletingLastPathComponent().path, isDirectory: &isFolder) && isFolder.boolValue
}

/// The explorer's state for `file` (or the embedded tour) with the drawing options and the
/// `--script`/`--commands` run: what `explore` opens and `render` draws, so both start alike.
func openState(
    _ file: String?, lenient: Bool = true, reattachTerminal: Bool = false, allowNew: Bool = false, draw: DrawOptions,
    source: ScriptSource, scriptContext: ScriptContext, columns: Int? = nil, rows: Int? = nil, journal: Bool = false
) throws -> ExplorerState {
    let (scene, path) = try loadScene(file, lenient: lenient, reattachTerminal: reattachTerminal, allowNew: allowNew)
    var state = ExplorerState(session: Session(scene: scene, filePath: path))
    if journal { state.journal = [] }  // --share: the script's commands travel too
    if let columns { state.columns = columns }
    if let rows { state.rows = rows }
    state.cellAspect = draw.cellAspect
    if draw.present { state.startPresenting() }
    if let (name, text) = try source.read(stdinAllowed: false) {
        do { try Reducer.runScript(&state, text, name: name, context: scriptContext, failOnWarning: source.failOnWarning, warn: printError) } catch {
            printError(error.description)
            throw ExitCode(1)
        }
    }
    return state
}

struct Explore: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explore",
        abstract: "Open the interactive explorer (the default command).")

    @Argument(
        help:
            "A layout file (.json, .yaml; a missing one opens an empty scene that :w creates), a recursiveDescription dump (or po someLayer, AppKit, Sentry or SDCALayer text, recognised by content), or - (a dump on standard input). Omit it for the embedded tour."
    )
    var file: String?

    @Flag(help: "For a dump: stop at the first line that cannot be read instead of skipping it (see docs/import.md).")
    var strict = false

    @Flag(help: .hidden)
    var lenient = false  // the default now; kept so old command lines run

    @OptionGroup var draw: DrawOptions

    @OptionGroup var pixels: GraphicsOption

    @Flag(help: "Don't capture the mouse (keeps the terminal's own text selection).")
    var noMouse = false

    /// Commands run after loading, as if typed on the : line (for replayable demos).
    @OptionGroup var source: ScriptSource

    @Option(name: .customLong("record"), help: ArgumentHelp("Record the session as an asciicast v2 file (play it with asciinema).", valueName: "FILE.cast"))
    var recordPath: String?

    @Option(name: .customLong("share"), help: ArgumentHelp("Present: write a feed that attendees follow with --follow (docs/follow.md).", valueName: "FEED"))
    var sharePath: String?

    @Option(
        name: .customLong("follow"),
        help: ArgumentHelp(
            "Attend: show the presenter's scene and keys from their feed, a path or - for standard input (ssh host tail -c +1 -f FEED | layerscope --follow -); a key of yours detaches, F follows again.",
            valueName: "FEED"))
    var followPath: String?

    @Flag(
        name: .customLong("share-overwrite"),
        help: "With --share: replace FEED even when it is a file of yours that is not a feed (never the layout being presented).")
    var shareOverwrite = false

    @Flag(
        name: .customLong("trust-feed"),
        help: "With --follow: follow a FEED that users other than its owner may write (refused otherwise: they could write what you replay).")
    var trustFeed = false

    func validate() throws {
        if shareOverwrite, sharePath == nil { throw ValidationError("--share-overwrite goes with --share FEED") }
        if trustFeed, followPath == nil { throw ValidationError("--trust-feed goes with --follow FEED") }
        if followPath != nil, file != nil || sharePath != nil || source.script != nil || source.scriptFile != nil {
            throw ValidationError("--follow shows the presenter's scene: give no FILE, --share or script with it")
        }
        if let sharePath, sharePath == "-" { throw ValidationError("--share needs a file path (attendees read it, e.g. over ssh with tail -c +1 -f)") }
    }

    /// `--record FILE.cast`: starts recording on the open terminal, or gives the terminal back
    /// and exits 1 with why.
    func startRecording(on terminal: NCursesTerminal) throws {
        guard let recordPath else { return }
        do { try terminal.startRecording(to: recordPath) } catch {
            terminal.shutdown()
            printError("layerscope: --record: \(error)")
            throw ExitCode(1)
        }
    }

    func run() throws {
        if let followPath { return try attend(followPath) }
        // A missing layout file is a new one: an empty scene that :w writes there.
        let isNew = file.map(isNewLayoutFile) ?? false
        // A script that fails stops before the terminal is taken over, with its line.
        var state = try openState(
            file, lenient: !strict, reattachTerminal: true, allowNew: true, draw: draw, source: source, scriptContext: .explore, journal: sharePath != nil)
        if isNew, let file, state.session.tree.count == 0 {
            state.status = "\(file) is new: an empty scene that :w writes there — begin with :add NAME view"
        }
        var feed: FeedWriter? = nil
        if let sharePath {
            do { feed = try FeedWriter(path: sharePath, overwrite: shareOverwrite, keep: state.session.filePath) } catch {
                printError("layerscope: --share: \(error.description)")
                throw ExitCode(1)
            }
            feed?.write(try sharedScene(file: file, path: state.session.filePath, scene: state.session.scene))
        }
        defer { feed?.write(.bye) }
        let graphics = resolveGraphics(&state)
        let (terminal, screen, note) = try openExplorerTerminal(draw: draw, mouse: !noMouse)
        // Killed or hung up (an SSH connection dropped), the presenter still says bye.
        if let feed { terminal.setLastWords(FeedWriter.lastWords, to: feed.fd) }
        // Say once why the screen is ASCII or monochrome, or why octants are braille.
        if let note { state.status = note }
        try startRecording(on: terminal)
        let loop = RunLoop(state: state, terminal: terminal, options: screen)
        startPixels(loop, graphics)
        loop.share = feed
        try runLoop(loop, on: terminal)
        // A recording cut short (a full disk) is a failure of what was asked: say so.
        if let failure = terminal.recordingFailure {
            printError("layerscope: --record: \(failure)")
            throw ExitCode(1)
        }
    }
}

extension Explore {
    /// The presenter's first feed record: the file's own text (steps, script and
    /// animations included), the tour's, or an imported dump's scene as layout JSON.
    func sharedScene(file: String?, path: String?, scene: Scene) throws -> FeedRecord {
        if let path, let ext = path.split(separator: ".").last, let format = LayoutFormat(pathExtension: String(ext)),
            let text = try? TextFile.read(path)
        {
            return .scene(name: String(path.split(separator: "/").last ?? Substring(path)), format: format, text: text)
        }
        if file == nil { return .scene(name: DefaultScene.fileName, format: .json, text: DefaultScene.json) }
        return .scene(name: "imported.json", format: .json, text: LayoutFile.encode(scene, format: .json))
    }

    /// `--follow FEED`: the attendee's explorer.
    func attend(_ feedPath: String) throws {
        let reader: FeedReader
        if feedPath == "-" {
            guard isatty(STDIN_FILENO) == 0 else {
                printError(
                    "layerscope: --follow -: standard input is the terminal, not a feed; pipe one in: ssh host tail -c +1 -f FEED | layerscope --follow -")
                throw ExitCode(1)
            }
            // The feed is standard input; the keyboard is the terminal.
            do { reader = try FeedReader(descriptor: dup(STDIN_FILENO)) } catch {
                printError("layerscope: \(error.description)")
                throw ExitCode(1)
            }
            reattachStandardInputToTerminal()
        } else {
            do { reader = try FeedReader(path: feedPath, trusted: trustFeed) } catch {
                printError("layerscope: --follow: \(error.description)")
                throw ExitCode(1)
            }
        }
        var state = ExplorerState(session: Session())
        state.cellAspect = draw.cellAspect
        state.picture.present = draw.present
        state.status = "waiting for the presenter's scene…"
        let graphics = resolveGraphics(&state)
        let (terminal, screen, note) = try openExplorerTerminal(draw: draw, mouse: !noMouse)
        if let note { state.status = "waiting for the presenter's scene… (" + note + ")" }
        try startRecording(on: terminal)
        let loop = RunLoop(state: state, terminal: terminal, options: screen)
        startPixels(loop, graphics)
        do {
            try loop.runFollowing(reader)
        } catch {
            terminal.shutdown()
            printError("layerscope: \(error)")
            throw ExitCode(1)
        }
        terminal.shutdown()
    }
}

/// Reads commands for eval/render: --script, --script-file, or standard input.
struct ScriptSource: ParsableArguments {
    @Option(help: "Commands, one per line or separated by ;.")
    var script: String?

    @Option(help: "A file of commands.")
    var scriptFile: String?

    @Flag(help: "Stop at the first warning (set frame or resize under a rotation, turn…), exit 1; by default it is printed and the script goes on.")
    var failOnWarning = false

    /// (name for messages, text)
    func read(stdinAllowed: Bool) throws -> (String, String)? {
        if let found = try Self.commands(script: script, scriptFile: scriptFile) { return found }
        guard stdinAllowed else { return nil }
        var text = ""
        while let line = readLine(strippingNewline: false) { text += line }
        return ("<stdin>", text)
    }

    /// --script or --script-file (at most one), nil when neither is given.
    static func commands(script: String?, scriptFile: String?) throws -> (name: String, text: String)? {
        if script != nil && scriptFile != nil {
            throw ValidationError("give --script or --script-file, not both")
        }
        if let script { return ("<script>", script) }
        if let scriptFile {
            do { return (scriptFile, try TextFile.read(scriptFile)) } catch {
                throw ValidationError(SafeText.visible("cannot read script file \(scriptFile): \(error.message)"))
            }
        }
        return nil
    }
}

struct Eval: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run commands headless and print one JSON object per query.",
        discussion: """
            Starts from --layout (or an empty screen), runs the commands, and prints one JSON \
            object per query (get, convert, contains, hit-test, matrix, export), one per line, \
            and nothing else on stdout. An error prints "line N: …" on stderr and exits 1; \
            nothing is printed for commands after it. A warning prints "line N: …: warning: …" \
            on stderr and the script goes on (with --fail-on-warning it stops there, exit 1). \
            The --layout file's own warnings print first, as check prints them; they do not \
            change the exit.
            """)

    @Option(help: "A layout file to start from.")
    var layout: String?

    @OptionGroup var source: ScriptSource

    func run() throws {
        var session = Session()
        if let layout {
            let (scene, path) = try loadScene(layout)
            // The file's load warnings (a frame under a rotation), on stderr as check says them; the exit is the script's.
            for warning in scene.loadWarnings.all { printError(warning.description) }
            session = Session(scene: scene, filePath: path)
        }
        guard let (name, text) = try source.read(stdinAllowed: true) else { return }
        do {
            try ScriptRunner.run(text, name: name, session: &session, emit: { print($0) }, warn: printError, failOnWarning: source.failOnWarning)
        } catch {
            printError(error.description)
            throw ExitCode(1)
        }
    }
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Validate layout files (and their scripts); exit 0 only if all are valid.",
        discussion:
            "A file that loads, but not as its author likely meant (a frame under a rotation: Apple's frame setter distorts the bounds; also set frame in its script or a step's) is valid: its warnings go to stderr as FILE:LINE:COLUMN: warning: FIELD: …, with the fix, and the exit stays 0."
    )

    @Argument(help: "Layout files, or folders of them (Layouts/Lessons).")
    var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one layout file, e.g. layerscope check Layouts/*.json") }
    }

    func run() throws {
        var failed = 0
        let files = files.flatMap { LessonLoader.packFiles($0) ?? [$0] }  // a folder: its layout files (Layouts/Lessons)
        for file in files {
            do {
                let scene = try SceneLoader.load(file)
                // Warnings (a frame under a rotation) are said, on stderr, and pass: exit 0.
                let warnings = scene.loadWarnings.all
                for warning in warnings { printError(warning.description) }
                let warned = warnings.isEmpty ? "" : ", \(warnings.count) warning\(warnings.count == 1 ? "" : "s")"
                print(
                    SafeText.visible(
                        "\(file): ok — \(scene.tree.count) layer\(scene.tree.count == 1 ? "" : "s")" + warned + (scene.title.map { ", \"\($0)\"" } ?? "")))
            } catch {
                failed += 1
                // A dump is not a layout, but the explorer and import read it: say that rather
                // than what the layout reader makes of it (an unknown field, an extension).
                if let text = try? TextFile.read(file), let form = importableForm(text) {
                    let quoted = shellQuoted(file)
                    printError(
                        SafeText.visible(
                            "\(file): not a layout file: it reads as \(form); open it with layerscope \(quoted), or write it as a layout with layerscope import \(quoted) -o scene.json"
                        ))
                } else {
                    printError(error.description)
                }
            }
        }
        if failed > 0 {
            printError("\(failed) of \(files.count) file\(files.count == 1 ? "" : "s") failed")
            throw ExitCode(1)
        }
    }
}

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the screen the explorer would show (canvas, panels, status line).")

    @Argument(help: "A layout file; omit it for the embedded tour.")
    var file: String?

    @Option(help: "The terminal size as COLSxROWS.")
    var size: String = "100x30"

    @Option(help: "Write the scene as an SVG picture to this file (atomically) instead of printing the screen.")
    var svg: String?

    @Option(help: "With --svg: the picture's extent, screen (the scene's screen, the default) or content (the layers' union, 10 units round it).")
    var crop: String?

    @OptionGroup var source: ScriptSource
    @OptionGroup var draw: DrawOptions

    @Option(help: "Draw the scene at this moment: seconds on the scene clock, after the commands (time T).")
    var time: Double?

    @OptionGroup var pixels: PixelRenderOptions

    func run() throws {
        let (cols, rows) = try Self.terminalSize(size)  // checked in validate() (RenderValidation.swift)
        var state = try openState(file, draw: draw, source: source, scriptContext: .render, columns: cols, rows: rows)
        if pixels.asksForPixels, pixels.cellSize != nil, let cell = try? pixels.cellPixels() { state.cellAspect = Double(cell.height) / Double(cell.width) }
        if let time { _ = Reducer.reduce(&state, .command(.engine(.clock(.time(time))))) }
        let cropped = try svgCrop(crop, svg: svg)
        if let svg {
            do { try TextFile.writeAtomically(state.session.svgText(crop: cropped), to: svg) } catch {
                printError("layerscope: cannot write \(svg): \(error.message)")
                throw ExitCode(1)
            }
            return
        }
        let depth: ColorDepth = draw.color ?? .none
        let (theme, _) = draw.resolvedTheme(askTerminal: false)
        if try pixels.run(state, screenOptions: ScreenOptions(mode: draw.mode, unicode: draw.mode != .ascii, theme: theme)) { return }
        let screen = ExplorerScreen.render(state, options: ScreenOptions(mode: draw.mode, unicode: draw.mode != .ascii, theme: theme))
        print(AnsiEncoder.encode(screen.canvas, colors: depth))
    }
}

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write Swift that reproduces a scene's layer geometry with CALayer/UIView API.")

    @Argument(help: "A layout file.")
    var file: String

    @Flag(help: "Swift (the only format).")
    var swift = false

    @Option(help: "Only this layer (default: every layer).")
    var layer: String?

    @Option(name: .shortAndLong, help: "Write to this file (atomically) instead of standard output.")
    var output: String?

    func run() throws {
        let (scene, _) = try loadScene(file)
        let ids: [LayerID]
        if let layer {
            guard let id = scene.tree.id(named: layer) else {
                printError(
                    "layerscope: no layer named \"\(layer)\" in \(file)"
                        + (NearMiss.closest(to: layer, among: Array(scene.tree.names)).map { "; did you mean \"\($0)\"?" } ?? ""))
                throw ExitCode(1)
            }
            ids = [id]
        } else {
            ids = scene.tree.treeOrder
        }
        var code = ""
        for id in ids {
            code += (try? SwiftExport.code(for: id, in: scene.tree)) ?? ""
            code += "\n\n"
        }
        if let output {
            do { try TextFile.writeAtomically(code, to: output) } catch {
                printError("layerscope: cannot write \(output): \(error)")
                throw ExitCode(1)
            }
        } else {
            print(SafeText.visible(code, multiline: true), terminator: "")
        }
    }
}

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure frame, hit-test and conversion speed (use a release build: swift run -c release layerscope bench).")

    /// The benchmark's parts, in the order they run.
    enum Section: String, ExpressibleByArgument, CaseIterable {
        case raster, interactive, animation, `import`, open, depth, pixels, steps
    }

    @Flag(help: "Fewer repetitions (a quick look, noisier).")
    var quick = false

    @Option(
        name: .customLong("section"),
        help:
            "Run only this part (repeatable): raster, interactive, animation, import, open (the 100 000-layer layout file against Python's json.load; also part of import), depth, pixels (the canvas in pixels beside cells) or steps (the step change on 10 000 layers; also part of interactive). All when left out."
    )
    var sections: [Section] = []

    func run() throws {
        // The explorer's frames run with freed buffers kept (set when its terminal opens);
        // measured without a terminal they would page-fault theirs in again every frame.
        NCursesTerminal.keepFreedMemory()
        let chosen = sections.isEmpty ? Section.allCases : sections
        for section in Section.allCases where chosen.contains(section) {
            switch section {
            case .raster: print(RasterBenchmark.run(layerCounts: [10, 100, 1_000, 10_000], runs: quick ? 9 : 41).description)
            case .interactive: print(InteractiveBenchmark.report(quick: quick))
            case .animation: print(AnimationBenchmark.report(quick: quick))
            case .import: print(ImportBenchmark.report(quick: quick))
            case .open where !chosen.contains(.import): print(ImportBenchmark.openBigLayout(quick: quick).joined(separator: "\n"))
            case .open: break  // the import section opens the big file too
            case .depth: print(DepthBenchmark.report(quick: quick))
            case .pixels: print(PixelBenchmark.report(quick: quick))
            case .steps where !chosen.contains(.interactive): print(StepBenchmark.lines(quick: quick).joined(separator: "\n"))
            case .steps: break  // the interactive section times the steps too
            }
        }
    }
}

/// Runs the explorer's loop (the explorer, an attendee, a learner) and gives the terminal back
/// before anything is printed: an error is said on standard error and exits 1.
func runLoop(_ loop: ExplorerRuntime.RunLoop, on terminal: NCursesTerminal) throws {
    loop.keyPathCode = KeyPathCode.range
    do {
        try loop.run()
    } catch {
        terminal.shutdown()
        printError("layerscope: \(error)")
        throw ExitCode(1)
    }
    terminal.shutdown()
}

/// The terminal the explorer, an attendee and a learner draw on: the theme asked before
/// ncurses owns the terminal, the mode the terminal can show, and a note to say once (why the
/// screen is ASCII or monochrome, or why octants are drawn as braille).
func openExplorerTerminal(draw: DrawOptions, mouse: Bool) throws -> (NCursesTerminal, ScreenOptions, String?) {
    let (theme, background) = draw.resolvedTheme(askTerminal: true)
    var options = NCursesTerminal.Options()
    options.mouse = mouse
    if let c = draw.color { options.colorDepth = c }
    let terminal: NCursesTerminal
    do {
        terminal = try NCursesTerminal(options: options)
    } catch {
        printError("layerscope: \(error)")
        throw ExitCode(1)
    }
    // The Linux console's fonts have no braille: auto draws blocks there.
    var mode = draw.mode == .auto && !terminal.capabilities.braille ? .blocks : draw.mode
    // ncurses measures octants with the C library's wcwidth: unknown there, they would
    // shift every cell after them.
    var note = terminal.capabilities.notes
    if mode == .octant && terminal.capabilities.unicode && !RenderMode.octantsHaveWidth {
        mode = .braille
        note = "--mode octant: this system's C library does not know Unicode 16 octants (ncurses would misplace them); drawing braille"
    }
    return (terminal, ScreenOptions(mode: mode, unicode: terminal.capabilities.unicode, theme: theme, background: background), note)
}
