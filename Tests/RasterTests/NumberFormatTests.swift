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

    /// `append` (the panels' byte buffer, issue 36) writes exactly `format`'s text, after
    /// what the buffer already holds: the table above, non-finite values, every decimals
    /// setting, and 5 000 seeded values over many magnitudes.
    @Test func appendWritesFormatsText() {
        var values: [Double] = [
            0.7071067, 100, -0.0000001, -0.0, 0, 2.5, -2.5, 1.0 / 3.0, 0.0005, -0.0005, 9.9996, -1234.5678, 9_999_999,
            10_000_000, -1e9, 9.9996e9, 1.7976931348623157e308, .nan, .infinity, -.infinity, 1e-300, -1e-300
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<5_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let mantissa = Double(state >> 11) / Double(1 << 53) * 2 - 1
            values.append(mantissa * Double.pow10(Int(state % 24) - 12))
        }
        for x in values {
            for decimals in [3, 0, 1, 9, -1, 12] {
                var bytes = Array("x=".utf8)
                NumberFormat.append(x, decimals: decimals, to: &bytes)
                #expect(String(decoding: bytes, as: UTF8.self) == "x=" + NumberFormat.format(x, decimals: decimals), "\(x) decimals \(decimals)")
            }
        }
    }
}

extension Double {
    fileprivate static func pow10(_ n: Int) -> Double {
        var r = 1.0
        for _ in 0..<abs(n) { r *= 10 }
        return n < 0 ? 1 / r : r
    }
}
