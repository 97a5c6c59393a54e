import Testing
import LayerModel
@testable import CommandLanguage

/// `toggle`'s words come from the property declarations (`PropertyDeclaration.toggle`, issue
/// 31): a bool property declared toggleable is a `toggle` target by its name, its aliases and
/// its toggle words and its inspector labels, and nothing else is.
@Suite struct ToggleWordsTests {
    @Test func theToggledPropertiesAreTheDeclaredOnes() {
        let declared = PropertyDeclaration.all.filter { $0.toggle != nil }
        #expect(declared.map(\.property.rawValue) == ToggleProperty.allCases.map(\.rawValue))
        #expect(declared.allSatisfy { $0.kind == .bool })
    }

    @Test func everyWordReadsAsItsProperty() throws {
        #expect(
            ToggleProperty.byWord == [
                "hidden": .hidden, "isHidden": .hidden,
                // The inspector's labels too (`PropertyDeclaration.panelLabel`): masks, clips.
                "masksToBounds": .masksToBounds, "clipsToBounds": .masksToBounds, "masks": .masksToBounds, "clips": .masksToBounds,
                "geometryFlipped": .geometryFlipped, "flipped": .geometryFlipped
            ])
        for (word, p) in ToggleProperty.byWord {
            #expect(try CommandParser.parse("toggle \(word)") == .engine(.edit(.layer(.toggle(p)))))
        }
        #expect(throws: CommandError.self) { try CommandParser.parse("toggle opacity") }
    }
}
