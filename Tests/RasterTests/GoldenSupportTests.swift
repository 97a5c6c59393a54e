import Cells
import Foundation
import Raster
import TestSupport
import Testing

@Suite struct GoldenSupportTests {
    @Test func goldenTextWrapsEveryRowSoTrailingSpacesShow() {
        var canvas = Canvas(columns: 3, rows: 2)
        canvas[0, 0] = Cell("a")
        #expect(Golden.text(canvas) == "|a  |\n|   |")
    }

    @Test func diffIgnoresIndentationAndSurroundingBlankLines() {
        #expect(Golden.diff(expected: "\n    |ab|\n    |cd|\n", actual: "|ab|\n|cd|") == nil)
    }

    @Test func diffNamesEachDifferingRowAndTheSize() {
        let diff = Golden.diff(expected: "|ab|\n|cd|", actual: "|ab|\n|cx|\n|ef|")
        #expect(
            diff == """
                rows: expected 2, got 3
                row 1:
                  expected |cd|
                  actual   |cx|
                row 2:
                  expected (none)
                  actual   |ef|
                """)
    }

    @Test func goldenPathsLiveNextToTheTestFile() {
        #expect(
            Golden.path(testFile: "/src/Tests/RasterTests/FooTests.swift", suite: "FooTests", name: "bar")
                == "/src/Tests/RasterTests/__Goldens__/FooTests/bar.txt")
    }

    /// A recording run fails for every golden it writes, so it cannot pass silently; once
    /// recorded, the same canvas records nothing and passes, and a normal run compares.
    @Test func recordingAGoldenFailsUntilNothingChanges() throws {
        let dir = NSTemporaryDirectory() + "golden-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let testFile = dir + "/Tests/FooTests.swift"
        var canvas = Canvas(columns: 2, rows: 1)
        canvas[0, 0] = Cell("x")
        withKnownIssue("a new golden is recorded") {
            expectGolden(canvas, named: "bar", suite: "FooTests", filePath: testFile, recording: true)
        }
        let path = Golden.path(testFile: testFile, suite: "FooTests", name: "bar")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "|x |\n")
        // Unchanged: recording writes nothing and records no issue; comparing passes.
        expectGolden(canvas, named: "bar", suite: "FooTests", filePath: testFile, recording: true)
        expectGolden(canvas, named: "bar", suite: "FooTests", filePath: testFile, recording: false)
        // Changed: recorded again, and again it fails.
        canvas[1, 0] = Cell("y")
        withKnownIssue("a changed golden is recorded") {
            expectGolden(canvas, named: "bar", suite: "FooTests", filePath: testFile, recording: true)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "|xy|\n")
    }
}
