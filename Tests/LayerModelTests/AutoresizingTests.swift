import Geometry
import Testing
import TestSupport
import LayerModel

@Suite("Autoresizing: UIKit's springs and struts when a superview's size changes")
struct AutoresizingTests {
    /// Width 300 → 360 (+60). Flexible parts share 60 in proportion to their sizes:
    /// left 20, width 100, right 180.
    @Test(
        "Every horizontal mask under a width change (+60)",
        arguments: [
            // (mask, x, width) — worked by hand:
            ([], 20.0, 100.0),  // nothing flexible: right margin takes it
            ([.flexibleLeftMargin], 80, 100),  // left 20 + 60
            ([.flexibleWidth], 20, 160),  // width 100 + 60
            ([.flexibleRightMargin], 20, 100),  // right 180 + 60
            ([.flexibleLeftMargin, .flexibleWidth], 30, 150),  // 20+100=120: left +10, width +50
            ([.flexibleLeftMargin, .flexibleRightMargin], 26, 100),  // 20+180=200: left +6
            ([.flexibleWidth, .flexibleRightMargin], 20, 100 + 60.0 * 100 / 280),  // 100+180=280: width +21.428…
            ([.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin], 24, 120)  // 300: left +4, width +20
        ] as [(AutoresizingMask, Double, Double)])
    func widthChange(_ mask: AutoresizingMask, _ x: Double, _ width: Double) throws {
        var (tree, root, child) = try springsScene(mask)
        tree.resize(root, to: Size(width: 360, height: 200))
        let f = tree[child].frame
        #expect(abs(f.minX - x) < 1e-9 && abs(f.width - width) < 1e-9, "\(mask.printed): \(f)")
        #expect(f.minY == 50 && f.height == 50)  // height unchanged: no vertical change
    }

    /// Height 200 → 160 (−40). Top 50, height 50, bottom 100.
    @Test(
        "Every vertical mask under a height change (−40)",
        arguments: [
            ([], 50.0, 50.0),
            ([.flexibleTopMargin], 10, 50),  // top 50 − 40
            ([.flexibleHeight], 50, 10),  // height 50 − 40
            ([.flexibleBottomMargin], 50, 50),
            ([.flexibleTopMargin, .flexibleHeight], 30, 30),  // 100: top −20, height −20
            ([.flexibleTopMargin, .flexibleBottomMargin], 50 - 40.0 * 50 / 150, 50),  // 150: top −13.33…
            ([.flexibleHeight, .flexibleBottomMargin], 50, 50 - 40.0 * 50 / 150),  // 150: height −13.33…
            ([.flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin], 40, 40)  // 200: top −10, height −10
        ] as [(AutoresizingMask, Double, Double)])
    func heightChange(_ mask: AutoresizingMask, _ y: Double, _ height: Double) throws {
        var (tree, root, child) = try springsScene(mask)
        tree.resize(root, to: Size(width: 300, height: 160))
        let f = tree[child].frame
        #expect(abs(f.minY - y) < 1e-9 && abs(f.height - height) < 1e-9, "\(mask.printed): \(f)")
        #expect(f.minX == 20 && f.width == 100)
    }

    @Test("Both axes at once: LM+RM+TM+BM keeps the view centred by proportion")
    func bothAxes() throws {
        var (tree, root, child) = try springsScene([.flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin, .flexibleBottomMargin])
        tree.resize(root, to: Size(width: 200, height: 300))
        // x: margins 20 + 180 = 200 share −100: left −10 → 10. y: 50 + 100 = 150 share +100: top +33.33…
        let f = tree[child].frame
        #expect(abs(f.minX - 10) < 1e-9 && abs(f.minY - (50 + 100.0 / 3)) < 1e-9)
        #expect(f.width == 100 && f.height == 50)
    }

    @Test("A resized child resizes its own subviews in turn")
    func nested() throws {
        var (tree, root, child) = try springsScene([.flexibleWidth, .flexibleHeight])
        var grand = Layer(name: "grand", kind: .view)
        grand.setFrame(Rect(x: 90, y: 0, width: 10, height: 10))  // pinned to the child's right edge
        grand.autoresizingMask = [.flexibleLeftMargin]
        let g = try tree.add(grand, in: child)
        tree.resize(root, to: Size(width: 360, height: 200))
        // child (W+H): width 100 → 160 (the only flexible part takes +60); grand (LM): x 90 → 150.
        #expect(tree[g].frame == Rect(x: 150, y: 0, width: 10, height: 10))
    }

    @Test("When every flexible part is zero they share the change equally")
    func zeroParts() throws {
        var tree = LayerTree()
        var root = Layer(name: "root", kind: .view)
        root.setFrame(Rect(x: 0, y: 0, width: 300, height: 200))
        let r = try tree.add(root)
        var fill = Layer(name: "fill", kind: .view)
        fill.setFrame(Rect(x: 0, y: 0, width: 300, height: 200))
        fill.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
        let f = try tree.add(fill, in: r)
        tree.resize(r, to: Size(width: 360, height: 200))
        // Both margins 0: +60 split 30 / 30.
        #expect(tree[f].frame == Rect(x: 30, y: 0, width: 300, height: 200))
    }

    /// The deepest chain a scene holds (10 000 views, each filling its superview, each
    /// with a flexible width and a flexible left margin): widening the root by 100 widens
    /// every view by 100 (a flexible left margin of 0 takes no share of the change). The
    /// recursive walk needed 5 KB of stack a level in a debug build and overflowed here.
    @Test("A resize reaches the bottom of a 10 000-deep chain")
    func deepestChain() throws {
        var tree = LayerTree()
        var root = Layer(name: "v0", kind: .view)
        root.setFrame(Rect(x: 0, y: 0, width: 300, height: 200))
        var last = try tree.add(root)
        for k in 1..<10_000 {
            var view = Layer(name: "v\(k)", kind: .view)
            view.setFrame(Rect(x: 0, y: 0, width: 300, height: 200))
            view.autoresizingMask = [.flexibleLeftMargin, .flexibleWidth]
            last = try tree.add(view, in: last)
        }
        tree.resize(tree.roots[0], to: Size(width: 400, height: 200))
        #expect(tree.depth(of: last) == 9_999)
        #expect(tree[last].frame == Rect(x: 0, y: 0, width: 400, height: 200))
    }

    @Test("Masks print and read as recursiveDescription writes them")
    func printed() {
        #expect(AutoresizingMask(printed: "W+H") == [.flexibleWidth, .flexibleHeight])
        #expect(AutoresizingMask(printed: "LM+RM+TM+BM")?.printed == "LM+RM+TM+BM")
        #expect(AutoresizingMask(printed: "W+X") == nil)
    }
}
