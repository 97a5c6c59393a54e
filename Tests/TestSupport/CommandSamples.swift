import CommandLanguage
import LayerModel

/// Commands generated from the command table's declarations, not from a hand-kept list: each
/// form, each optional group present and absent, each choice, with sample words for each
/// argument (CommandTableTests checks they parse and print back; FollowTravelTests that each
/// travels as its declaration says).
public enum CommandSamples {
    /// Sample words for an argument; `previous` is the word chosen for the argument before
    /// (a property or key path decides what a value looks like).
    public static func samples(_ arg: CommandArgument, verb: String, previous: String?) -> [String] {
        switch arg {
        case .layer, .newLayer: return ["a", "\"two words\""]
        case .space: return ["screen", "a", "\"screen\""]
        case let .property(settable): return Property.allCases.filter { !settable || !$0.isReadOnly }.map(\.rawValue)
        case .keyPath: return AnimationKeyPath.allCases.map(\.rawValue)
        case .file: return ["out.json", "\"a folder/out file.svg\""]
        case .number: return ["2"]
        case .text: return ["Checkout", "\"two words\""]
        case let .choice(words): return words
        case let .keyword(k): return [k]
        case .value:
            let candidates = ["1 2 3 4", "1 2", "0.5", "rotate 45 then translate 1 2", "true", "red", "view", "name"]
            return candidates.filter { (try? CommandParser.parse("set \(previous ?? "") \($0)")) != nil }.prefix(1).map { $0 }
        case let .tail(placeholder):
            // Sub-grammars: the value of a property (the first spelling that reads), a
            // transform, an animation's fields, a timing, a block. A new placeholder without
            // samples fails below.
            switch placeholder {
            case "TRANSFORM": return ["identity", "rotate 45 then translate 10 0", "perspective 500", "affine 1 0 0 1 5 6"]
            case "T": return ["ease-in", "cubic-bezier 0.1 0.2 0.3 1", "spring 1 100 10"]
            case "{ COMMANDS }": return ["{ move 1 2; select a }"]
            default:
                if verb == "animate" {
                    let candidates = [
                        "to 0.5 duration 2", "to 1 2 duration 2 delay 1 timing ease-out", "from 1 2 3 4 to 5 6 7 8", "to rotate 45 repeat forever autoreverse",
                        "from red to blue fill both keep"
                    ]
                    return candidates.filter { (try? CommandParser.parse("animate \(previous ?? "") \($0)")) != nil }.prefix(1).map { $0 }
                }
                return []
            }
        case .optional: return []  // expanded before sampling
        }
    }

    /// Every command text the declarations describe: each form, each optional group present
    /// and absent, each choice.
    public static func generated(_ spec: CommandSpec) -> [String] {
        var out: [String] = []
        for form in spec.forms {
            for sequence in CommandTable.expansions(form.arguments) {
                var texts: [[String]] = [[spec.verb]]
                for arg in sequence {
                    texts = texts.flatMap { words in
                        samples(arg, verb: spec.verb, previous: words.last).map { words + [$0] }
                    }
                }
                out += texts.map { $0.joined(separator: " ") }
            }
        }
        return out
    }
}
