import Geometry

/// UIView's `UIViewAutoresizing`: which of a view's margins and sizes stretch when its
/// superview's bounds size changes. Raw values are UIKit's.
public struct AutoresizingMask: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1)
    public static let flexibleWidth = AutoresizingMask(rawValue: 2)
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 4)
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 8)
    public static let flexibleHeight = AutoresizingMask(rawValue: 16)
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 32)

    /// The short names `recursiveDescription` prints, in UIKit's order.
    static let printedNames: [(String, AutoresizingMask)] = [
        ("LM", .flexibleLeftMargin), ("W", .flexibleWidth), ("RM", .flexibleRightMargin),
        ("TM", .flexibleTopMargin), ("H", .flexibleHeight), ("BM", .flexibleBottomMargin)
    ]

    /// `W+H`, `RM+BM`, `LM+RM+TM+BM` as printed (`autoresize = …`); nil for anything else.
    public init?(printed: String) {
        var mask: AutoresizingMask = []
        for part in printed.split(separator: "+", omittingEmptySubsequences: false) {
            guard let flag = Self.printedNames.first(where: { $0.0 == part.trimmingSpaces })?.1 else { return nil }
            mask.insert(flag)
        }
        self = mask
    }

    /// `LM+W+RM+TM+H+BM` order; empty string for no flags.
    public var printed: String {
        Self.printedNames.filter { contains($0.1) }.map(\.0).joined(separator: "+")
    }
}

/// Springs and struts along one axis: a view's leading margin, size and trailing margin in
/// its superview, and which of them may stretch.
///
/// When the superview grows by `delta`, the flexible parts share it in proportion to their
/// current sizes (UIKit's rule); the fixed parts keep theirs. When every flexible part is
/// zero there is no proportion to keep, and they share it equally. With nothing flexible the
/// view keeps its leading margin and size (its trailing margin takes the change).
public func autoresizeAxis(
    leading: Double, size: Double, trailing: Double,
    flexLeading: Bool, flexSize: Bool, flexTrailing: Bool,
    delta: Double
) -> (leading: Double, size: Double) {
    let parts = [(flexLeading, leading), (flexSize, size), (flexTrailing, trailing)].filter(\.0).map(\.1)
    guard !parts.isEmpty, delta != 0 else { return (leading, size) }
    let total = parts.reduce(0, +)
    func share(_ flexible: Bool, _ value: Double) -> Double {
        guard flexible else { return 0 }
        return total != 0 ? delta * value / total : delta / Double(parts.count)
    }
    return (leading + share(flexLeading, leading), size + share(flexSize, size))
}

extension LayerTree {
    /// Sets the frame size of `id` keeping its frame origin (`view.frame.size = …`), then lets
    /// every descendant follow by its `autoresizingMask` (UIKit's `autoresizesSubviews`).
    public mutating func resize(_ id: LayerID, to size: Size) {
        var layer = self[id]
        let old = layer.bounds.size
        let f = layer.frame
        layer.setFrame(Rect(origin: f.origin, size: size))
        self[id] = layer
        autoresizeSubviews(of: id, oldSize: old)
    }

    /// Each sublayer of `id` adjusts its frame to `id`'s bounds size having changed from
    /// `oldSize`, then its own sublayers follow in turn. A work list, not recursion: a scene
    /// nests up to 10 000 layers, and one frame of this function took 5 KB of stack in a
    /// debug build (50 MB for the deepest scene, on 8 MB thread stacks). Each layer depends
    /// only on its superlayer's new bounds, so the order of the list changes no result.
    public mutating func autoresizeSubviews(of id: LayerID, oldSize: Size) {
        var pending = [(id: id, oldSize: oldSize)]
        while let (id, oldSize) = pending.popLast() {
            let newSize = self[id].bounds.size
            let dw = newSize.width - oldSize.width, dh = newSize.height - oldSize.height
            guard dw != 0 || dh != 0 else { continue }
            let origin = self[id].bounds.origin
            for child in self[id].sublayers {
                var c = self[child]
                let m = c.autoresizingMask
                guard !m.isEmpty else { continue }
                let f = c.frame
                let before = c.bounds.size
                let x = autoresizeAxis(
                    leading: f.minX - origin.x, size: f.width, trailing: oldSize.width - (f.minX - origin.x) - f.width,
                    flexLeading: m.contains(.flexibleLeftMargin), flexSize: m.contains(.flexibleWidth),
                    flexTrailing: m.contains(.flexibleRightMargin), delta: dw)
                let y = autoresizeAxis(
                    leading: f.minY - origin.y, size: f.height, trailing: oldSize.height - (f.minY - origin.y) - f.height,
                    flexLeading: m.contains(.flexibleTopMargin), flexSize: m.contains(.flexibleHeight),
                    flexTrailing: m.contains(.flexibleBottomMargin), delta: dh)
                c.setFrame(Rect(x: origin.x + x.leading, y: origin.y + y.leading, width: max(0, x.size), height: max(0, y.size)))
                self[child] = c
                pending.append((child, before))
            }
        }
    }
}
