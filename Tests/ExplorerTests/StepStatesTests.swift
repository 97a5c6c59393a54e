@testable import Explorer
import CommandLanguage
import Engine
import Foundation
import Raster
import Testing

/// Steps are states (issue 32): `step N` shows the same scene and the same view whether it
/// came from 0, from N+1 or from anywhere, and `p` is exactly `step N−1`.
@Suite struct StepStatesTests {
    /// Every shipped layout with steps.
    static let stepDemos: [String] = LayoutGoldenTests.layoutFiles.filter { file in
        ((try? LayoutGoldenTests.state(file))?.session.stepCount ?? 0) > 0
    }

    static func run(_ state: inout ExplorerState, _ line: String) throws {
        for command in try CommandParser.parseLine(line) { _ = Reducer.reduce(&state, .command(command)) }
        #expect(!state.statusIsError, "\(line): \(state.status)")
    }

    /// What `get` answers about every layer (frame, zPosition, plane, exploded quad), the
    /// plane count and the selection, asked of a copy so the state is not touched.
    static func answers(_ state: ExplorerState) throws -> [String] {
        var session = state.session
        var out = ["selection " + (state.selectedName ?? "none"), "step \(session.currentStep)"]
        for name in session.tree.names.sorted() {
            _ = try session.perform(.select(name))
            for q in ["get frame", "get zPosition", "get plane", "get exploded-quad"] {
                guard case let .engine(.query(query)) = try CommandParser.parseLine(q)[0] else { continue }
                guard case let .answer(json) = try session.perform(.query(query)) else { continue }
                out.append("\(name) \(q) = \(json)")
            }
        }
        guard case let .answer(planes) = try session.perform(.query(.depth(.planes))) else { return out }
        return out + ["planes " + planes]
    }

    /// The view parts of the state a step may set, spelled out for a readable failure.
    static func view(_ state: ExplorerState) -> String {
        "mode \(state.mode) cursor \(String(describing: state.cursor)) panel \(state.panelPage) view \(state.view) depth \(state.session.depth) order \(state.session.hitTestOrder)"
    }

    static func screen(_ state: ExplorerState) -> [String] {
        let canvas = ExplorerScreen.render(state, options: ScreenOptions(mode: .braille, unicode: true)).canvas
        return (0..<canvas.rows).map { canvas.text(row: $0) }
    }

    @Test func everyShippedDemoHasSteps() {
        // anchor-jump, clock, content-rotation, depth, popup at least.
        #expect(Self.stepDemos.count >= 5, "\(Self.stepDemos)")
        #expect(Self.stepDemos.contains("depth.json"))
    }

    @Test(arguments: stepDemos)
    func everyPairOfStepsGivesTheViewOfAFreshStep(_ file: String) throws {
        let count = try LayoutGoldenTests.state(file).session.stepCount
        // The reference: a freshly opened scene sent straight to each step.
        var fresh: [(answers: [String], view: String, screen: [String])] = []
        for to in 0...count {
            var state = try LayoutGoldenTests.state(file)
            try Self.run(&state, "step \(to)")
            fresh.append((try Self.answers(state), Self.view(state), Self.screen(state)))
        }
        for from in 0...count {
            for to in 0...count {
                var state = try LayoutGoldenTests.state(file)
                try Self.run(&state, "step \(from)")
                try Self.run(&state, "step \(to)")
                let label = "\(file): step \(from) then step \(to)"
                #expect(try Self.answers(state) == fresh[to].answers, "\(label)")
                #expect(Self.view(state) == fresh[to].view, "\(label)")
                #expect(Self.screen(state) == fresh[to].screen, "\(label)")
            }
        }
    }

    @Test(arguments: stepDemos)
    func pIsExactlyTheStepBefore(_ file: String) throws {
        let count = try LayoutGoldenTests.state(file).session.stepCount
        var keyed = try LayoutGoldenTests.state(file)
        try Self.run(&keyed, "step \(count)")
        for to in stride(from: count - 1, through: 0, by: -1) {
            _ = Reducer.reduce(&keyed, .key(.character("p")))
            var typed = try LayoutGoldenTests.state(file)
            try Self.run(&typed, "step \(to)")
            #expect(keyed.echo == "p → step \(to)")
            #expect(try Self.answers(keyed) == Self.answers(typed), "\(file): p to \(to)")
            #expect(Self.screen(keyed).dropLast(2) == Self.screen(typed).dropLast(2), "\(file): p to \(to)")
        }
    }

    @Test func depthStepThreeSearchesInBothArrivals() throws {
        // The case: step 3 is `explode order hit`; back from step 4 (order render)
        // the planes were left in drawing order, so viewRed was plane 1, not 2.
        var back = try LayoutGoldenTests.state("depth.json")
        try Self.run(&back, "step 4; step 3; select viewRed")
        var direct = try LayoutGoldenTests.state("depth.json")
        try Self.run(&direct, "step 3; select viewRed")
        #expect(back.session.depth.order == .hit)
        let ask: (ExplorerState) throws -> Effect = { s in
            var session = s.session; return try session.perform(.query(.depth(.plane)))
        }
        #expect(try ask(back) == .answer("{\"plane\":2}"))
        #expect(try ask(direct) == .answer("{\"plane\":2}"))
    }

    @Test func stepFoursCrosshairIsGoneBackAtStepThree() throws {
        // Step 4 ends with `cursor-at`: the crosshair and cursor mode are the step's, so
        // step 3 (which has none) shows neither, as it does fresh.
        var state = try LayoutGoldenTests.state("depth.json")
        try Self.run(&state, "step 4")
        #expect(state.mode == .cursor && state.cursor != nil)
        try Self.run(&state, "step 3")
        #expect(state.mode == .normal && state.cursor == nil)
    }
}
