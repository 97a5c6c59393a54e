import Raster
import Testing

@Suite struct NumberFormatTests {
    @Test(
        arguments: [
            (0.7071067, "0.707"),
            (100.0, "100"),
            (-0.0000001, "0"),
            (-0.0, "0"),
            (0.0, "0"),
            (2.5, "2.5"),
            (-2.5, "-2.5"),
            (0.1, "0.1"),
            (1.0 / 3.0, "0.333"),
            (2.0 / 3.0, "0.667"),
            (0.0004, "0"),
            (0.0005, "0.001"),
            (-0.0005, "-0.001"),
            (0.05, "0.05"),
            (0.001, "0.001"),
            (9.9996, "10"),
            (-1234.5678, "-1234.568"),
            (9_999_999.0, "9999999"),
            (10_000_000.0, "1e7"),
            (1e9, "1e9"),
            (-1e9, "-1e9"),
            (12_345_678_901.0, "1.235e10"),
            (9.9996e9, "1e10"),
            (1.7976931348623157e308, "1.798e308")
        ] as [(Double, String)])
    func formatsCompactlyAndStably(value: Double, text: String) {
        #expect(NumberFormat.format(value) == text)
    }

    @Test func nonFiniteValuesHaveNames() {
        #expect(NumberFormat.format(.nan) == "nan")
        #expect(NumberFormat.format(.infinity) == "inf")
        #expect(NumberFormat.format(-.infinity) == "-inf")
    }

    @Test func decimalsCanBeChosen() {
        #expect(NumberFormat.format(3.14159, decimals: 0) == "3")
        #expect(NumberFormat.format(3.14159, decimals: 1) == "3.1")
        #expect(NumberFormat.format(3.14159, decimals: 5) == "3.14159")
        #expect(NumberFormat.format(0.5, decimals: 0) == "1")
    }

    @Test func widthIsBounded() {
        for x in [1e6 - 0.001, -9_999_999.999, 1e15, -1e300, 123_456.789_1, -0.000_999] {
            #expect(NumberFormat.format(x).count <= 12, "\(x) → \(NumberFormat.format(x))")
        }
    }
}
