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
        #expect(diff == """
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
        #expect(Golden.path(testFile: "/src/Tests/RasterTests/FooTests.swift", suite: "FooTests", name: "bar")
                == "/src/Tests/RasterTests/__Goldens__/FooTests/bar.txt")
    }
}
