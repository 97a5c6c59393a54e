import ArgumentParser
import Cells
import Explorer
import ExplorerRuntime
import Foundation
import Graphics
import Raster
import LayoutFiles
import LayoutFileIO

extension GraphicsChoice: ExpressibleByArgument {}

/// `--graphics` for the explorer and an attendee (docs/picture.md, "Pixels").
struct GraphicsOption: ParsableArguments {
    @Option(
        help:
            "Draw the canvas in pixels: auto (ask the terminal, waiting at most 150 ms: kitty, then sixel, then iTerm2, else cells; an answer that comes later switches to pixels then), kitty, sixel, iterm or none (cells). Inside tmux: tmux's own sixel where #{sixel_support} is 1; else, with a client attached and allow-passthrough on, kitty's Unicode placeholders where the outer terminal answers the placeholder query through the passthrough (kitty 0.28 and later; --graphics kitty asks for them); else cells, and the status line says why. Cells with NO_COLOR, TERM=dumb, --mode ascii and --record."
    )
    var graphics: GraphicsChoice = .auto

    /// The protocol, the cell size in pixels, and what the status line says (nil: say
    /// nothing — cells chosen without asking the terminal, as before this option).
    /// Runs the probe, so call it before ncurses owns the terminal.
    /// `late`: the probe ran and its last answer had not come within its 150 ms (the rest of
    /// the answers are on their way and must not reach the explorer as keys); `upgrade`:
    /// then, for `auto` that chose cells, what the late answers are read with (`LateProbe`).
    /// Inside tmux, tmux is asked (`TmuxAnswers`) and, with a client and `allow-passthrough`
    /// on, the outer terminal through the passthrough (`runThroughTmux`); `tmux` is what tmux said.
    func resolve(mode: RenderMode, recording: Bool, columns: Int, rows: Int)
        -> (GraphicsProtocol, (width: Int, height: Int), String?, late: Bool, upgrade: LateProbe?, tmux: TmuxAnswers?)
    {
        let environment = ProcessInfo.processInfo.environment
        if recording && graphics != .none {
            return (.cells, PixelRaster.defaultCellSize, graphics == .auto ? nil : "cells: --record records cells (asciinema shows no images)", false, nil, nil)
        }
        let inTmux = environment["TMUX"].map { !$0.isEmpty } == true
        // Cells whatever is answered: NO_COLOR, TERM=dumb, --mode ascii.
        let blocked = environment["NO_COLOR"].map({ !$0.isEmpty }) == true || environment["TERM"] == "dumb" || mode == .ascii
        // Ask only when the answer could matter: `auto` outside tmux, and a protocol named
        // (for the cell size) — but kitty inside tmux is asked through the passthrough below.
        let asks = graphics == .auto ? !inTmux && !blocked : graphics != .none && !(inTmux && graphics == .kitty)
        var probe = asks ? GraphicsProbe.run(fd: STDOUT_FILENO) : nil
        // Inside tmux, tmux is asked instead (its sixel, the outer terminal), and the outer
        // terminal through tmux's passthrough when a client is attached and it is on.
        let tmux = inTmux && !blocked && (graphics == .auto || graphics == .kitty) ? TmuxAnswers.ask() : nil
        if let tmux, tmux.hasClient, tmux.passthrough, !tmux.sixel {
            probe = GraphicsProbe.runThroughTmux(fd: STDOUT_FILENO)
        }
        let (chosen, why) = GraphicsProbe.choose(graphics, probe: probe, environment: environment, asciiMode: mode == .ascii, tmux: tmux)
        let size = probe?.cellPixels(columns: columns, rows: rows) ?? PixelRaster.defaultCellSize
        // Cells without a question asked (NO_COLOR, --graphics none, a detached tmux…): as
        // before. Inside tmux with a client, the reason is said (allow-passthrough off…).
        let quiet = chosen == .cells && probe == nil && (graphics == .auto || graphics == .none) && tmux?.hasClient != true
        let say = quiet ? nil : "graphics: " + why
        let late = probe.map { inTmux ? !$0.kitty : !$0.answered } ?? false
        let upgrade =
            late && graphics == .auto && chosen == .cells
            ? probe.map { LateProbe(early: $0, environment: environment, tmux: inTmux ? tmux : nil) } : nil
        return (chosen, size, say, late, upgrade, tmux)
    }
}

extension TmuxAnswers {
    /// Asks the tmux this process runs in (`tmux display-message -p`, about this pane:
    /// `$TMUX_PANE`); nil when it cannot be run. `allow-passthrough` is read as the format
    /// `#{allow-passthrough}`, the value in force for the pane (set for it, its window or
    /// globally; tmux 3.3a prints 1 or 0, 3.4 on, off or all).
    static func ask() -> TmuxAnswers? {
        func run(_ arguments: [String]) -> String? {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["tmux"] + arguments
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return nil }
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
        }
        let pane = ProcessInfo.processInfo.environment["TMUX_PANE"].map { ["-t", $0] } ?? []
        guard let display = run(["display-message"] + pane + ["-p", TmuxAnswers.format]) else { return nil }
        return TmuxAnswers.parse(display: display, passthrough: run(["display-message"] + pane + ["-p", "#{allow-passthrough}"]) ?? "")
    }
}

extension GraphicsProbe {
    /// A probe that heard nothing: what `choose` says before asking.
    static var answeredNothing: GraphicsProbe { GraphicsProbe() }
}

/// `render --png`, `--cell-size`, `--graphics` (docs/picture.md, "Pixels").
struct PixelRenderOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Write the canvas in pixels as a PNG file (atomically), as the pixel mode draws it.", valueName: "OUT.png"))
    var png: String?

    @Option(help: ArgumentHelp("The cell size in pixels for --png and --graphics (default 10x20).", valueName: "WxH"))
    var cellSize: String?

    @Option(help: "Print the frame's bytes as a terminal with this image protocol receives them: sixel or kitty (also iterm); none prints cells.")
    var graphics: GraphicsChoice?

    var asksForPixels: Bool { png != nil || (graphics != nil && graphics != GraphicsChoice.none) }

    func validate() throws {
        _ = try cellPixels()
        if graphics == .auto { throw ValidationError("render --graphics auto: render asks no terminal; name one: kitty, sixel, iterm or none") }
    }

    func cellPixels() throws -> (width: Int, height: Int) {
        guard let cellSize else { return PixelRaster.defaultCellSize }
        let parts = cellSize.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...200).contains(w), (1...400).contains(h) else {
            throw ValidationError("--cell-size \(cellSize): expected WxH in pixels, width 1…200 and height 1…400, e.g. --cell-size 10x20")
        }
        return (w, h)
    }

    /// Writes the PNG or prints the frame's bytes for `state`; false when neither was asked.
    func run(_ state: ExplorerState, screenOptions: ScreenOptions) throws -> Bool {
        guard asksForPixels else { return false }
        let cell = try cellPixels()
        var options = screenOptions
        options.pixels = true
        guard let (image, area) = PixelCanvas.render(state, options: options, cellWidth: cell.width, cellHeight: cell.height) else {
            printError("layerscope: render: this screen has no canvas to draw in pixels (too small, or a box over it)")
            throw ExitCode(1)
        }
        if let png {
            do { _ = try TextFile.writeAtomically(PNG.encode(image), to: png) } catch {
                printError("layerscope: cannot write \(png): \(error.message)")
                throw ExitCode(1)
            }
        }
        if let graphics, graphics != .none {
            let chosen: GraphicsProtocol = graphics == .kitty ? .kitty : graphics == .sixel ? .sixel : .iterm
            // The first frame as the explorer sends it: every cell, then the image.
            let screen = ExplorerScreen.render(state, options: options)
            var update = ScreenUpdate(options: ScreenUpdate.Options(colors: .truecolor))
            var bytes = update.update(to: screen.canvas)
            bytes += PixelCanvas.imageBytes(image, area: area, graphics: chosen, kittyID: 1)
            if chosen != .kitty {
                // Text on a sixel or iTerm2 image is written again over it.
                update.forget(area) { $0 != .blank }
                update.update(to: screen.canvas, appendingTo: &bytes)
            }
            FileHandle.standardOutput.write(Data(bytes))
        }
        return true
    }
}

extension Explore {
    /// `--graphics`: asks the terminal (before ncurses owns it) and says once on the status
    /// line what was chosen and why. In pixels the cells take the probed cell shape.
    func resolveGraphics(_ state: inout ExplorerState)
        -> (GraphicsProtocol, (width: Int, height: Int), late: Bool, upgrade: LateProbe?, tmux: TmuxAnswers?)
    {
        var size = winsize()
        let known = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0
        let (chosen, cell, say, late, upgrade, tmux) = pixels.resolve(
            mode: draw.mode, recording: recordPath != nil,
            columns: known ? Int(size.ws_col) : 80, rows: known ? Int(size.ws_row) : 24)
        if let say { state.status = say }
        if chosen != .cells { state.cellAspect = Double(cell.height) / Double(cell.width) }
        return (chosen, cell, late, upgrade, tmux)
    }

    func startPixels(
        _ loop: ExplorerRuntime.RunLoop,
        _ graphics: (GraphicsProtocol, (width: Int, height: Int), late: Bool, upgrade: LateProbe?, tmux: TmuxAnswers?)
    ) {
        if graphics.late { loop.dropLateAnswers(upgrading: graphics.upgrade) }
        guard graphics.0 != .cells else { return }
        let (frames, refusal) = loop.pixelFrames(graphics.0, cell: graphics.1, tmux: graphics.tmux)
        if let frames { loop.useGraphics(frames) } else if let refusal { loop.say("graphics: " + refusal) }
    }
}
