/// A synthetic `recursiveDescription` dump of any size, in the real format (64-bit addresses,
/// `   | ` nesting, `_UILabelLayer`, a table view's `contentOffset`, hidden and zero-size views,
/// one transformed view per card): for benchmarks and end-to-end tests of big trees. Not a
/// real capture — the real ones are in Tests/LayoutFilesTests/Dumps.
public enum RecursiveDescriptionSample {
    /// Exactly `views` views (at least 3). Card 30 (278 views or more) holds a
    /// `MyApp.CheckoutButton` to search for.
    public static func synthetic(views: Int) -> String {
        var lines: [String] = []
        var address = 0x7f9c_4a00_0000
        func next() -> String { address += 0x1f0; return "0x" + String(address, radix: 16) }
        func layer(_ cls: String = "CALayer") -> String { "layer = <\(cls): 0x6000\(String(address &* 7 & 0xffffff, radix: 16))>" }
        func add(_ depth: Int, _ body: String) {
            guard lines.count < views else { return }
            lines.append(String(repeating: "   | ", count: depth) + body)
        }
        add(0, "<UIWindow: \(next()); frame = (0 0; 375 812); gestureRecognizers = <NSArray: 0x600000c3a0a0>; \(layer("UIWindowLayer"))>")
        add(1, "<UIView: \(next()); frame = (0 0; 375 812); autoresize = W+H; \(layer())>")
        add(
            2,
            "<UITableView: \(next()); frame = (0 88; 375 724); clipsToBounds = YES; autoresize = W+H; gestureRecognizers = <NSArray: 0x600000c3a0b0>; \(layer()); contentOffset: {0, 120}; contentSize: {375, 99999}; adjustedContentInset: {0, 0, 34, 0}>"
        )
        var card = 0
        while lines.count < views {
            let y = card * 64
            add(3, "<UITableViewCell: \(next()); frame = (0 \(y); 375 64); text = 'Row \(card)'; autoresize = W; \(layer())>")
            add(4, "<UITableViewCellContentView: \(next()); frame = (0 0; 375 63.6667); gestureRecognizers = <NSArray: 0x600000c3a0c0>; \(layer())>")
            add(5, "<UILabel: \(next()); frame = (72 10.3333; 220.667 20.3333); text = 'Item \(card)'; userInteractionEnabled = NO; \(layer("_UILabelLayer"))>")
            add(5, "<UIImageView: \(next()); frame = (16 8; 48 48); clipsToBounds = YES; opaque = NO; userInteractionEnabled = NO; \(layer())>")
            if card == 30 {
                add(5, "<MyApp.CheckoutButton: \(next()); baseClass = UIButton; frame = (300 14; 59 36); opaque = NO; tag = 37; \(layer())>")
            } else {
                add(5, "<UIButton: \(next()); frame = (300 14; 59 36); opaque = NO; \(layer())>")
            }
            add(6, "<UIButtonLabel: \(next()); frame = (8 8; 43 20.3333); text = 'Buy'; opaque = NO; userInteractionEnabled = NO; \(layer("_UILabelLayer"))>")
            add(
                5,
                "<UIView: \(next()); frame = (340 26; 12 12); transform = [0.70710678118654757, 0.70710678118654746, -0.70710678118654746, 0.70710678118654757, 0, 0]; \(layer())>"
            )
            add(4, "<_UITableViewCellSeparatorView: \(next()); frame = (16 63.6667; 359 0.333333); \(layer())>")
            add(4, "<UIView: \(next()); frame = (0 0; 0 0); hidden = YES; \(layer())>")
            card += 1
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A flat dump: one window and `views − 1` siblings under it (issue 20: 200 000 of them
    /// took 24 s).
    public static func flat(views: Int) -> String {
        var out = "<UIWindow: 0x7f9c4a000000; frame = (0 0; 375 812); layer = <UIWindowLayer: 0x600000c3a000>>\n"
        out.reserveCapacity(views * 90)
        for i in 1..<max(views, 2) {
            out +=
                "   | <UIView: 0x\(String(0x7f9c_4a00_0000 + i * 0x10, radix: 16)); frame = (\(i % 375) \(i % 812); 10 10); layer = <CALayer: 0x6000\(String(i, radix: 16))>>\n"
        }
        return out
    }

    /// A malformed dump, read by skipping (issue 20: 20 000 lines took 12.6 s): views whose
    /// descriptions are cut, unclosed quotes and brackets, and junk lines between them.
    public static func malformed(lines: Int) -> String {
        var out = "<UIView: 0x1; frame = (0 0; 375 812); layer = <CALayer: 0x2>>\n"
        for i in 1..<max(lines, 2) {
            switch i % 5 {
            case 0: out += "   | <UILabel: 0x\(i); frame = (0 0; 10 10); text = 'unclosed\n"
            case 1: out += "   | <UIView: 0x\(i); frame = (0 0; 10\n"
            case 2: out += "... \(i) lines elided ...\n"
            case 3: out += "   | <UIView: 0x\(i); frame = (1 2; 3 4); layer = <CALayer: 0x\(i)>>\n"
            default: out += "   |    | <UIView: 0x\(i); frame = (1 2; 3 4); transform = [1, 0, 0; layer = <CALayer: 0x\(i)>>\n"
            }
        }
        return out
    }

    /// One chain `levels` deep (issue 20: 10 000 levels took 30 s and 2.9 GB). Past the 99
    /// levels a layout file holds, the import hangs the rest at level 99 and says so.
    public static func deep(levels: Int) -> String {
        var out = ""
        var prefix = ""
        for i in 0..<levels {
            out += prefix + "<UIView: 0x\(String(i + 1, radix: 16)); frame = (1 1; 10 10); layer = <CALayer: 0x1>>\n"
            prefix = i == 0 ? "   | " : "   |" + prefix
        }
        return out
    }

    /// A `po` layer tree: one root listing `layers − 1` sublayers by address, each described
    /// after it (issue 36: 100 000 took 9.6 s, quadratic).
    public static func poTree(layers: Int) -> String {
        let count = max(layers, 2)
        var out = "<CALayer: 0x1; position = CGPoint (187.5 406); bounds = CGRect (0 0; 375 812); sublayers = ("
        out.reserveCapacity(count * 100)
        for i in 2...count { out += (i == 2 ? "" : ", ") + "<CALayer: 0x\(String(i, radix: 16))>" }
        out += ")>\n"
        for i in 2...count { out += "<CALayer: 0x\(String(i, radix: 16)); position = CGPoint (\(i % 375) \(i % 812)); bounds = CGRect (0 0; 10 10)>\n" }
        return out
    }

    /// Unclosed descriptions on lines that do not start a view of their own (`x = <UIView…`):
    /// each continues the one before (issue 31: quadratic when each was read again).
    public static func unclosed(lines: Int) -> String {
        var out = "<UIView: 0x1; frame = (0 0; 375 812)>\n"
        for i in 0..<lines { out += "x = <UIView: 0x\(String(i, radix: 16)); frame = (0 0; 10\n" }
        return out
    }
}
