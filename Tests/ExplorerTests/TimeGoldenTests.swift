@testable import Explorer
import Raster
import TestSupport
import Testing

/// The time scenes at a fixed moment mid-motion, on a 100 × 30 terminal: the clock is set
/// with `time T` (the scene clock is data, so the pictures are deterministic).
@Suite struct TimeGoldenTests {
    static let moments: [(file: String, time: Double)] = [
        ("time-popup.json", 0.125),  // halfway through the first pop: scale 0.75, alpha 0.5
        ("time-clock.json", 15),  // the second hand a quarter turn past its model
        ("time-spinner.json", 0.25),  // both spinners a quarter turn round
        ("time-jumps-back.json", 1.5),  // all three halfway (0.5 s delay + 1 s of 2 s)
        ("time-jumps-back.json", 3),  // over: gotcha back, fixModel at its model, fixKeep kept
        ("time-card-flip.json", 0.75)  // edge-on: 90° about y
    ]

    @Test(arguments: moments.map { "\($0.file)@\($0.time)" })
    func timeSceneAtAMoment(_ key: String) throws {
        let moment = try #require(Self.moments.first { "\($0.file)@\($0.time)" == key })
        var state = try LayoutGoldenTests.state(moment.file)
        _ = Reducer.reduce(&state, .command(.engine(.clock(.time(moment.time)))))
        #expect(!state.statusIsError)
        let canvas = ExplorerScreen.render(state, options: ScreenOptions(mode: .braille, unicode: true)).canvas
        expectGolden(canvas, named: key, suite: "TimeGoldenTests")
        // The timeline's header names the moment.
        #expect((1..<28).contains { canvas.text(row: $0).hasPrefix(" now \(NumberFormat.format(moment.time)) s") })
    }
}
