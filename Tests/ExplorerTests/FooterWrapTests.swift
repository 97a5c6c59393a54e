@testable import Explorer
import Testing

/// The footer's short path for a line that fits (issue 36, speed back part two) gives what
/// the word wrap gives.
@Suite struct FooterWrapTests {
    @Test func aLineThatFitsComesBackAsTheWordWrapWouldGiveIt() {
        let texts = [
            "key: r → rotate 15", "press ? for the keys and this scene's notes", " lead", "trail ", "two  spaces",
            "a\nb", "a\r\nb", "tab\there", "wide 漢字 and é", "a \u{301}b", "x", "", "   "
        ]
        for text in texts {
            for width in [1, 3, 8, 18, 20, 80] {
                var wrapped = ExplorerScreen.wrap(text.replacing("\n", with: " "), width: width)
                if wrapped.isEmpty { wrapped = [""] }
                #expect(Footer.wrap(text, width: width, budget: 100) == wrapped, "\(text.debugDescription) at \(width)")
            }
        }
        // "key: r → rotate 15" is 18 columns: whole at 18, wrapped at 8.
        #expect(Footer.wrap("key: r → rotate 15", width: 18, budget: 5) == ["key: r → rotate 15"])
        #expect(Footer.wrap("key: r → rotate 15", width: 8, budget: 5) == ["key: r →", "rotate", "15"])
    }
}
