import Testing
import TestSupport
import Geometry
@testable import LayerModel
@testable import CommandLanguage
@testable import Engine

/// `LayerTree.hitTestReport`: the one computation behind the `hit-test` answer, the cursor
/// panel and the hit-test page.
@Suite("The hit-test report")
struct HitTestReportTests {
    /// Layer p (0…100 square on screen) holding a (z 1) and b (later), both at p's 40…60;
    /// view v (200…300) holding view s whose frame 280…320 pokes out of v.
    static func tree() throws -> (LayerTree, p: LayerID, a: LayerID, b: LayerID, v: LayerID, s: LayerID) {
        var tree = LayerTree()
        let p = try tree.add(makeLayer("p", bounds: Rect(0, 0, 100, 100), position: Point(50, 50)))
        let a = try tree.add(makeLayer("a", bounds: Rect(0, 0, 20, 20), position: Point(50, 50)) { $0.zPosition = 1 }, in: p)
        let b = try tree.add(makeLayer("b", bounds: Rect(0, 0, 20, 20), position: Point(50, 50)), in: p)
        let v = try tree.add(makeLayer("v", kind: .view, bounds: Rect(0, 0, 100, 100), position: Point(250, 250)))
        let s = try tree.add(makeLayer("s", kind: .view, bounds: Rect(0, 0, 40, 40), position: Point(100, 100)), in: v)
        return (tree, p, a, b, v, s)
    }

    @Test func aLayerReceiverReportsTheOtherOrder() throws {
        let (tree, p, a, b, _, _) = try Self.tree()
        // (50, 50) in p's superlayer space (the screen) is inside a and b: a is in front by zPosition.
        let report = tree.hitTestReport(at: Point(50, 50), receiver: p, order: .zPosition)
        #expect(report.hit == a)
        #expect(report.otherOrder == .init(hit: b))
        #expect(report.otherOrderDiffers == .init(hit: b))
        #expect(report.layerRules == nil)
        #expect(report.visits.isEmpty)
        // (5, 5) is in p only: both orders agree.
        let plain = tree.hitTestReport(at: Point(5, 5), receiver: p, order: .tree)
        #expect(plain.hit == p && plain.otherOrder == .init(hit: p) && plain.otherOrderDiffers == nil)
    }

    @Test func aViewReceiverReportsCALayerRules() throws {
        let (tree, _, _, _, v, s) = try Self.tree()
        // v's own (110, 110) is outside v (0…100) but inside s (80…120): UIView rules refuse
        // it; CALayer rules on v's layer, at the screen point (310, 310), find s.
        let report = tree.hitTestReport(at: Point(110, 110), receiver: v, order: .zPosition)
        #expect(report.hit == nil)
        #expect(report.layerRules == .init(hit: s))
        #expect(report.otherOrder == nil)
    }

    @Test func theScreenReportsBothAndTheTraceEndsAtTheHit() throws {
        let (tree, _, a, b, _, s) = try Self.tree()
        let report = tree.hitTestReport(at: Point(50, 50), order: .zPosition, traced: true)
        #expect(report.hit == a)
        #expect(report.otherOrderDiffers == .init(hit: b))
        #expect(report.layerRules == .init(hit: a))  // a top-level view exists: CALayer rules are asked
        #expect(report.visits.last == HitVisit(layer: a, outcome: .hit, localPoint: Point(10, 10)))
        // The poking-out part of s: untouchable as a view, hit as a layer.
        let poke = tree.hitTestReport(at: Point(310, 310), order: .zPosition)
        #expect(poke.hit == nil && poke.layerRulesDiffer == .init(hit: s))
    }

    @Test func theQueryAnswerIsTheReportInJSON() throws {
        var session = Session()
        for line in [
            "add p", "set bounds 0 0 100 100", "set position 50 50", "add a in p", "set bounds 0 0 20 20",
            "set position 50 50", "set zPosition 1", "add b in p", "set bounds 0 0 20 20", "set position 50 50"
        ] {
            for case let .engine(c) in try CommandParser.parseLine(line) { _ = try session.perform(c) }
        }
        #expect(try session.perform(.query(.hitTest(nil, Point(50, 50)))) == .answer(#"{"hit":"a","treeOrder":"b"}"#))
        _ = try session.perform(.hitTestOrder(.tree))
        #expect(try session.perform(.query(.hitTest("p", Point(50, 50)))) == .answer(#"{"hit":"b","zPositionOrder":"a"}"#))
        #expect(try session.perform(.query(.hitTest(nil, Point(5, 5)))) == .answer(#"{"hit":"p"}"#))
    }
}
