/// A synthetic `recursiveDescription` dump of any size, in the real format (64-bit addresses,
/// `   | ` nesting, `_UILabelLayer`, a table view's `contentOffset`, hidden and zero-size views,
/// one transformed view per card): for benchmarks and end-to-end tests of big trees. Not a
/// real capture — the real ones are in Tests/ImportTests/Dumps.
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
        add(2, "<UITableView: \(next()); frame = (0 88; 375 724); clipsToBounds = YES; autoresize = W+H; gestureRecognizers = <NSArray: 0x600000c3a0b0>; \(layer()); contentOffset: {0, 120}; contentSize: {375, 99999}; adjustedContentInset: {0, 0, 34, 0}>")
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
            add(5, "<UIView: \(next()); frame = (340 26; 12 12); transform = [0.70710678118654757, 0.70710678118654746, -0.70710678118654746, 0.70710678118654757, 0, 0]; \(layer())>")
            add(4, "<_UITableViewCellSeparatorView: \(next()); frame = (16 63.6667; 359 0.333333); \(layer())>")
            add(4, "<UIView: \(next()); frame = (0 0; 0 0); hidden = YES; \(layer())>")
            card += 1
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
