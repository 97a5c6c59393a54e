@testable import Explorer
import Cells
import Foundation
import SeededRandom
import Raster
import Engine
import LayoutFiles
import SceneFiles
import TerminalKit
import TestSupport
import Testing

/// Issue 36, kept cell frames: the explorer's canvas is drawn from the frame kept in
/// `state.raster` (only the cells a key's changes reach are drawn again). Seeded random
/// keys — rotate, scale, move, anchor, select, hide, masks, z order, undo/redo, zoom, pan,
/// fit, steps, animations, cursor, presentation, exploded view — over every shipped layout
/// at three sizes and in every cell mode; after every key the kept frame must equal a whole
/// frame drawn from a fresh scratch, cell for cell.
@Suite("Kept cell frames")
struct KeptFrameTests {
    static let layouts = PackageRoot.url.appendingPathComponent("Layouts")

    /// Every shipped layout: the scenes and the lessons.
    static var scenes: [String] {
        let fm = FileManager.default
        let top = ((try? fm.contentsOfDirectory(atPath: layouts.path)) ?? []).filter { $0.contains(".") }
        let lessons = ((try? fm.contentsOfDirectory(atPath: layouts.appendingPathComponent("Lessons").path)) ?? [])
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.map { "Lessons/" + $0 }
        return (top + lessons).sorted()
    }

    static let keys: [Key] = {
        var keys: [Key] = [.tab, .backTab, .escape, .left, .right, .up, .down, .shiftLeft, .shiftRight, .shiftUp, .shiftDown]
        for c in "rRsShjklHJKLaPvmg=][u+-09npxXyYcibWfT.,<> dMt" { keys.append(.character(c)) }
        keys += [.control("r"), .alt("r"), .alt("R")]
        return keys
    }()

    /// The edits, half of all keys: rotate, scale, move, turn, hide, mask, flip, z order,
    /// reset, undo, redo, select.
    static let edits: [Key] = [.tab, .backTab, .control("r"), .alt("r")] + "rRsShjklHJKLxXyYvmg][=uP".map { Key.character($0) }

    /// The flat canvas's picture as `ExplorerScreen.render` makes it, from `scratch`.
    static func picture(_ state: ExplorerState, _ options: ScreenOptions, scratch: RasterScratch, keeping: Bool) -> Canvas? {
        let layout = state.layout
        guard !layout.isTooSmall, !state.session.depth.exploded else { return nil }
        let report = state.mode == .cursor ? state.cursor.map { CursorReport(state: state, point: $0) } : nil
        let drawn = TimeView.drawnTree(state)
        let rasterOptions = ExplorerScreen.flatRasterOptions(state, options: options, drawn: drawn, report: report)
        return SceneRasterizer.render(
            drawn, viewport: state.viewport, columns: layout.canvas.columns, rows: layout.canvas.rows, options: rasterOptions,
            scratch: scratch, keepingFrame: keeping)
    }

    @Test(arguments: scenes)
    func keptFramesEqualWholeFrames(_ name: String) throws {
        let path = Self.layouts.appendingPathComponent(name).path
        guard let scene = try? SceneLoader.load(path) else {
            // A lesson file that is not a scene on its own: only the scenes must load.
            #expect(name.hasPrefix("Lessons/"), "\(name) does not load")
            return
        }
        let count = Int(ProcessInfo.processInfo.environment["KEPT_FRAME_KEYS"] ?? "") ?? 32
        let sizes: [(Int, Int, RenderMode)] = [(80, 24, .braille), (120, 40, .auto), (200, 60, .braille)]
        let otherModes: [RenderMode] = [.octant, .sextant, .blocks, .ascii]
        var keys = 0, kept = 0, damaged = 0
        for (index, (columns, rows, mode)) in sizes.enumerated() {
            var random = SplitMix64(seed: 2026_11_27 &+ UInt64(index) &+ UInt64(name.utf8.reduce(0) { $0 &* 31 &+ Int($1) }.magnitude))
            // The middle size runs in one of the other cell modes, a different one per layout.
            let drawMode = index == 1 ? otherModes[Int(name.utf8.reduce(0) { $0 &+ Int($1) }) % otherModes.count] : mode
            let options = ScreenOptions(mode: drawMode, unicode: drawMode != .ascii)
            var state = ExplorerState(session: Session(scene: scene, filePath: path))
            state.columns = columns
            state.rows = rows
            let scratch = RasterScratch()
            var typed: [String] = []
            _ = Self.picture(state, options, scratch: scratch, keeping: true)
            for _ in 0..<count {
                let key = random.below(2) == 0 ? Self.edits[random.below(Self.edits.count)] : Self.keys[random.below(Self.keys.count)]
                // Now and then a clock tick (animations move) or a resize.
                let action: Action
                switch random.below(20) {
                case 0: action = .tick(seconds: [1.0 / 30, 0.25][random.below(2)])
                case 1: action = .resize(columns: columns + random.below(3) - 1, rows: rows)
                default: action = .key(key)
                }
                typed.append("\(action)")
                _ = Reducer.reduce(&state, action)
                // A question (quit, overwrite) or the command line would eat the next keys.
                if state.mode != .normal && state.mode != .anchor && state.mode != .cursor && state.mode != .tree {
                    _ = Reducer.reduce(&state, .key(.escape))
                }
                guard let keptFrame = Self.picture(state, options, scratch: scratch, keeping: true),
                    let whole = Self.picture(state, options, scratch: RasterScratch(), keeping: false)
                else { continue }
                keys += 1
                let work = scratch.lastFrameWork
                if work.kept { kept += 1 }
                if work.kept && work.composedCells > 0 { damaged += 1 }
                guard keptFrame == whole else {
                    let cell = (0..<whole.cells.count).first { keptFrame.cells[$0] != whole.cells[$0] } ?? 0
                    Issue.record(
                        "\(name) \(columns)×\(rows) \(drawMode): kept frame differs from the whole frame at cell (\(cell % whole.columns), \(cell / whole.columns)) after \(typed.joined(separator: " ")) (work \(work))"
                    )
                    return
                }
            }
        }
        if ProcessInfo.processInfo.environment["KEPT_FRAME_REPORT"] != nil {
            FileHandle.standardError.write(Data("kept frames: \(name): \(keys) keys, \(kept) kept, \(damaged) with damage drawn\n".utf8))
        }
        // The kept path is taken (not a test of whole frames only): a third of the keys at
        // least, but in the animated scenes, whose model outlines move with the clock.
        #expect(name.hasPrefix("time-") || kept * 3 >= keys, "\(name): \(kept) of \(keys) frames kept, \(damaged) with damage drawn")
    }
}
