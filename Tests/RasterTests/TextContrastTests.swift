import Cells
import LayerModel
import Raster
import Testing

@Suite struct TextContrastTests {
    /// WCAG 2: L = 0.2126 R + 0.7152 G + 0.0722 B of the linearised channels; 128/255 = 0.502
    /// linearises to ((0.502 + 0.055) / 1.055)^2.4 = 0.2159, so green (0, 128, 0) is
    /// 0.7152 · 0.2159 = 0.1544.
    @Test func relativeLuminanceByHand() {
        #expect(OverlayContrast.relativeLuminance(Color(red: 255, green: 255, blue: 255)) == 1)
        #expect(OverlayContrast.relativeLuminance(Color(red: 0, green: 0, blue: 0)) == 0)
        #expect(abs(OverlayContrast.relativeLuminance(Color(red: 0, green: 128, blue: 0)) - 0.1544) < 0.0005)
    }

    /// Magenta (200, 0, 200) has L = 0.2848 · 0.578 = 0.1646: against green's 0.1544 the ratio is
    /// (0.1646 + 0.05) / (0.1544 + 0.05) = 1.05, unreadable though the RGB distance is 245.
    /// Its shade (100, 0, 100) reaches 2.37 and its tint (227, 127, 227) 2.06, both under 3,
    /// so the text turns black or white, whichever reads better (white: 1.05 / 0.2044 = 5.1
    /// at truecolor).
    @Test func magentaOnGreenBecomesReadable() {
        let magenta = Color(red: 200, green: 0, blue: 200), green = Color(red: 0, green: 128, blue: 0)
        #expect(OverlayContrast.worstDistance(magenta, green) > OverlayContrast.minimumDistance)
        #expect(OverlayContrast.contrastRatio(magenta, green) < 1.2)
        let text = OverlayContrast.readableText(magenta, on: green)
        #expect(text == Color(red: 255, green: 255, blue: 255) || text == Color(red: 0, green: 0, blue: 0))
        #expect(OverlayContrast.contrastRatio(text, green) >= 3)
    }

    /// On black, magenta's ratio is (0.1646 + 0.05) / 0.05 = 4.3: it keeps its colour.
    @Test func readableColoursAreKept() {
        let magenta = Color(red: 200, green: 0, blue: 200)
        #expect(OverlayContrast.readableText(magenta, on: Color(red: 0, green: 0, blue: 0)) == magenta)
    }
}
