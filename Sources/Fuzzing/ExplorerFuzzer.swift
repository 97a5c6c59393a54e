import Cells
import Mutation
import Scenes
import Raster
import CommandLanguage
import Explorer
import Engine
import LayoutFiles
import TerminalKit

/// A seeded fuzzer for the explorer's reducer (issue 20: 48 000 random keys, clicks, `:`
/// commands and resizes over the shipped scenes ended once in SIGILL). Each run drives one
/// scene through `count` random actions — every keymap key, typed `:` lines (hostile numbers
/// included: `wait 1e9`, `scale 1e9`, `zoom 1000000`), clicks, wheel, drags, resizes from
/// 1×1 to 220×70, clock ticks at every playback speed — and renders the screen after each.
/// The property: it never traps, and no action takes longer than the caller's bound (the
/// caller times it; the fuzzer answers the slowest action).
public struct ExplorerFuzzer {
    public var random: MutationFuzzer.Random

    public init(seed: UInt64) { random = MutationFuzzer.Random(seed: seed) }

    /// `:` lines worth typing: the numbers at and past the limits, time, steps, zoom.
    static let lines: [String] = [
        "wait 1e9", "wait 0.5", "time 1e9", "time 0", "time 0.5", "speed 0.1", "speed 0", "speed 1", "speed 1e9", "play", "pause",
        "scale 1e9", "scale 1e-9", "scale 0", "rotate 1e9", "zoom 1000000", "zoom 1e-9", "zoom 1", "pan 1e9 1e9", "pan -1e9 0",
        "translate 1e9 -1e9", "set position 1e9 1e9", "set bounds 0 0 1e9 1e9", "set anchorPoint 1e9 -1e9", "set zPosition 1e-10",
        "set transform perspective 1e-9 then rotate 89 0 1 0", "set transform matrix 1 0 0 0 0 1 0 0 0 0 1 -1e9 0 0 0 1",
        "step -9223372036854775808", "step 0", "step 1", "step 1000000000", "undo", "redo", "next", "previous",
        "animate transform.scale to 1e9 duration 1 timing cubic-bezier 0 1e9 1 1e9",
        "animate position.x by 1e9 duration 1e-9", "animate opacity to 0.5 duration 1e9 repeat forever autoreverses",
        "animate transform.rotation.z by 360 duration 1e-6 repeat 1e9", "remove-animations",
        "animated duration 1e9 { scale 1e9 }", "add z; set bounds 0 0 1e9 1e9", "remove", "select-next", "select-parent",
        "cursor 1e9 1e9", "mode cursor", "mode anchor", "mode normal", "panel hit-test", "panel next", "fit", "reset",
        "hit-test 1e9 -1e9", "convert 1e9 1e9 from screen to screen"
    ]

    /// Keys: the keymap's, digits, letters, punctuation, controls.
    static let keys: [Key] = {
        var keys: [Key] = [
            .tab, .backTab, .enter, .escape, .backspace, .delete, .up, .down, .left, .right,
            .shiftUp, .shiftDown, .shiftLeft, .shiftRight, .home, .end, .pageUp, .pageDown, .function(1)
        ]
        for c in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,<>?/:;[]{}+-=_!@#$%^&*()'\"" { keys.append(.character(c)) }
        for c in "cdlguz" { keys.append(.control(c)) }
        return keys
    }()

    /// The next action for a state.
    public mutating func nextActions(_ state: ExplorerState) -> [Action] {
        switch random.below(10) {
        case 0, 1, 2, 3: return [.key(Self.keys[random.below(Self.keys.count)])]
        case 4:
            // A typed `:` line, key by key (the command line's own editing runs too).
            let line = Self.lines[random.below(Self.lines.count)]
            return [.key(.escape), .key(.character(":"))] + line.map { Action.key(.character($0)) } + [.key(.enter)]
        case 5: return [.click(column: random.below(state.columns + 4) - 2, row: random.below(state.rows + 4) - 2)]
        case 6: return [.wheel(up: random.below(2) == 0, column: random.below(max(1, state.columns)), row: random.below(max(1, state.rows)))]
        case 7: return [.drag(columns: random.below(401) - 200, rows: random.below(101) - 50)]
        case 8:
            let big = random.below(4) == 0
            return [.resize(columns: big ? 1 + random.below(220) : 20 + random.below(100), rows: big ? 1 + random.below(70) : 10 + random.below(40))]
        default:
            // Ticks as the run loop makes them: a frame's wall time × the playback speed.
            let wall = [1.0 / 30, 0.25, 2, 1e-6][random.below(4)]
            return [.tick(seconds: wall * state.session.playbackSpeed)]
        }
    }

    /// Runs `count` actions over `scene`, rendering after each; answers the slowest action's
    /// index and the actions so far (to reproduce), through `observe`.
    public mutating func run(
        _ scene: Scene, path: String?, count: Int,
        observe: (_ index: Int, _ actions: [Action], _ state: ExplorerState) -> Void = { _, _, _ in }
    ) {
        var state = ExplorerState(session: Session(scene: scene, filePath: path))
        state.columns = 100
        state.rows = 30
        let options = ScreenOptions(mode: .braille, unicode: true)
        for index in 0..<count {
            let actions = nextActions(state)
            for a in actions {
                // No I/O: a save, load or write the reducer asks for is not performed.
                _ = Reducer.reduce(&state, a)
            }
            _ = ExplorerScreen.render(state, options: options)
            observe(index, actions, state)
        }
    }
}
