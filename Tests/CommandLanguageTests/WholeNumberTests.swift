import Testing
@testable import CommandLanguage

/// Issue 36: `step 2.0` was "2.0 is out of range (a step number)". A whole number written as a
/// decimal or with an exponent is that number; a fraction is still not a whole number, and
/// past ±1e9 still out of range.
@Suite("Whole numbers written as decimals")
struct WholeNumberTests {
    @Test func stepTwoPointZeroIsStepTwo() throws {
        #expect(try CommandParser.parseEngine("step 2.0") == .step(2))
        #expect(try CommandParser.parseEngine("step 2e0") == .step(2))
        #expect(try CommandParser.parseEngine("step 1e3") == .step(1000))
        #expect(try CommandParser.parseEngine("step -0.0") == .step(0))
    }

    @Test func fractionsAndHugeNumbersAreStillRefused() {
        let half = #expect(throws: CommandError.self) { try CommandParser.parseEngine("step 2.5") }
        #expect(half?.message == "expected a whole number (a step number), found \"2.5\"")
        let huge = #expect(throws: CommandError.self) { try CommandParser.parseEngine("step 2e9") }
        #expect(huge?.message.hasPrefix("2e9 is out of range (a step number)") == true)
    }
}
