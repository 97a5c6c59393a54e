#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
import Cells
import TerminalKit

/// A small full-screen program that exercises the backend, for end-to-end tests and
/// for checking a terminal by hand: it shows the last input event as text, the
/// terminal's capabilities, and samples of braille, block, box glyphs, colors and
/// attributes.
///
/// Keys: `q` quits (status 0), Ctrl-C quits (status 130), `!` crashes on purpose (a
/// force unwrap of nil) to show that the terminal is restored on a trap.
/// Arguments: `--color none|16|256|truecolor`, `--no-mouse`.
public enum NCursesDemo {
    /// Runs the demo on the process's terminal; answers the process's exit status.
    public static func run(arguments: [String]) -> Int32 {
        var options = NCursesTerminal.Options()
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--no-mouse":
                options.mouse = false
            case "--color":
                index += 1
                guard index < arguments.count, let depth = ColorDepth(option: arguments[index]) else {
                    printError("--color needs one of: none, 16, 256, truecolor")
                    return 2
                }
                options.colorDepth = depth
            case let other:
                printError("unknown argument '\(other)' (known: --color none|16|256|truecolor, --no-mouse)")
                return 2
            }
            index += 1
        }

        let terminal: NCursesTerminal
        do {
            terminal = try NCursesTerminal(options: options)
        } catch {
            printError("ncurses-demo: \(error)")
            return 1
        }
        defer { terminal.shutdown() }

        var lastEvent = "none"
        var eventCount = 0
        do {
            while true {
                let canvas = render(terminal: terminal, lastEvent: lastEvent, eventCount: eventCount)
                try terminal.draw(canvas)
                guard let event = try terminal.nextEvent(timeoutMilliseconds: nil) else { continue }
                eventCount += 1
                switch event {
                case .key(.character("q")):
                    return 0
                case .key(.control("c")):
                    return 130
                case .key(.character("!")):
                    crash()
                default:
                    lastEvent = describe(event)
                }
            }
        } catch {
            terminal.shutdown()
            printError("ncurses-demo: \(error)")
            return 1
        }
    }

    /// A stable one-line spelling of an event, which end-to-end tests wait for.
    static func describe(_ event: InputEvent) -> String {
        switch event {
        case .key(let key):
            return "key \(key)"
        case .mouse(let mouse):
            let button = mouse.button.map { " \($0)" } ?? ""
            return "mouse \(mouse.kind)\(button) at \(mouse.column),\(mouse.row)"
        case .resize(let columns, let rows):
            return "resize \(columns)x\(rows)"
        case .resumed:
            return "resumed"
        }
    }

    static func render(terminal: some Terminal, lastEvent: String, eventCount: Int) -> Canvas {
        let (columns, rows) = terminal.size
        let capabilities = terminal.capabilities
        var canvas = Canvas(columns: columns, rows: rows)
        let title = CellStyle(bold: true)
        canvas.write(
            "LayerScope terminal demo: q quits, ! crashes on purpose, Ctrl-Z suspends",
            column: 1, row: 0, style: title)
        canvas.write(
            "size \(columns)x\(rows)  unicode \(capabilities.unicode ? "yes" : "no")"
                + "  colors \(capabilities.colorDepth.option)  mouse \(capabilities.mouse ? "on" : "off")",
            column: 1, row: 2)
        canvas.write("last event: \(lastEvent)", column: 1, row: 3)
        canvas.write("events: \(eventCount)", column: 1, row: 4)
        if let notes = capabilities.notes { canvas.write("notes: \(notes)", column: 1, row: 5) }
        canvas.write("braille ⠁⠃⠇⡇⡏⡟⡿⣿  blocks ▀▄█▌▐░  box ┌─┬─┐└─┴─┘│", column: 1, row: 6)
        // A hue ramp of backgrounds, then the same as foregrounds.
        canvas.write("colors", column: 1, row: 7)
        for step in 0..<24 {
            let color = hue(step, of: 24)
            canvas[8 + step, 7] = Cell(" ", style: CellStyle(background: color))
            canvas[34 + step, 7] = Cell("█", style: CellStyle(foreground: color))
        }
        var column = 1
        for (name, style) in [
            ("plain", CellStyle()), ("bold", CellStyle(bold: true)), ("dim", CellStyle(dim: true)),
            ("reverse", CellStyle(reverse: true)), ("underline", CellStyle(underline: true))
        ] {
            canvas.write(name, column: column, row: 8, style: style)
            column += name.count + 2
        }
        // Corner markers: the bottom-right cell is the one a terminal scrolls on if it
        // is written carelessly.
        canvas[0, rows - 1] = Cell("└")
        canvas[columns - 1, rows - 1] = Cell("┘", style: CellStyle(bold: true))
        return canvas
    }

    private static func hue(_ step: Int, of steps: Int) -> CellColor {
        let h = Double(step) / Double(steps) * 6
        let x = UInt8((1 - abs(h.truncatingRemainder(dividingBy: 2) - 1)) * 255)
        switch Int(h) {
        case 0: return .rgb(255, x, 0)
        case 1: return .rgb(x, 255, 0)
        case 2: return .rgb(0, 255, x)
        case 3: return .rgb(0, x, 255)
        case 4: return .rgb(x, 0, 255)
        default: return .rgb(255, 0, x)
        }
    }

    /// Traps like a real bug would: a force unwrap of nil (SIGILL on x86-64).
    private static func crash() -> Never {
        let missing = Int("not a number")
        print(missing! + 1)
        fatalError("unreachable")
    }

    private static func printError(_ message: String) {
        let line = message + "\n"
        _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }
}
