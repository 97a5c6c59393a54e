@testable import Explorer
@testable import ExplorerRuntime
import ExplorerTestSupport
import Foundation
import Geometry
import TerminalKit
import Testing
import LayerModel
import LayoutFiles
import Engine

/// Keys and pins in follow mode, through the run loop and a real feed file: the tree mode's
/// `F` (TreeKeymapTests has the keys themselves) and measure's pin (MeasureExplorerTests).
@Suite struct FollowKeysTests {
    /// An attendee who detached with `l` (move 1 0) presses F: the reducer asks for
    /// `.followPresenter`, the run loop answers with the presenter's state as
    /// `.followedAgain` — the echo says "F → follow" and the moved layer is back where the
    /// presenter has it.
    @Test func fFollowsAgainThroughTheReducer() throws {
        let dir = try TempDirectory()
        let feed = dir.path + "/talk.feed"
        let presenter = try FollowTests.present(keys("Tab", "Tab"), feed: feed)
        let reader = try FeedReader(path: feed)
        var start = ExplorerState(session: Session())
        start.columns = 110; start.rows = 34
        let detach = InMemoryTerminal(columns: 110, rows: 34, events: keys("l"))
        let detached = ExplorerRuntime.RunLoop(state: start, terminal: detach, options: ScreenOptions())
        try detached.runFollowing(reader)
        #expect(detached.state.following == "detached — F follows again · the presenter left")
        #expect(detached.state.followDetached)
        #expect(detached.state.echo == "l → move 1 0")
        #expect(detached.state.session.tree != presenter.state.session.tree, "l moved the attendee's own copy")

        let reader2 = try FeedReader(path: feed)
        let again = InMemoryTerminal(columns: 110, rows: 34, events: keys("l", "F"))
        let loop = ExplorerRuntime.RunLoop(state: start, terminal: again, options: ScreenOptions())
        try loop.runFollowing(reader2)
        #expect(loop.state.echo == "F → follow")
        #expect(!loop.state.followDetached)
        #expect(loop.state.following == "following · the presenter left")
        #expect(loop.state.session.tree == presenter.state.session.tree)
        #expect(loop.state.selectedName == presenter.state.selectedName)
    }

    /// F is a binding, not a key caught first: a detached attendee typing on the `:` line
    /// types an F (the follow loop used to take it and follow again).
    @Test func fOnTheCommandLineIsText() throws {
        let dir = try TempDirectory()
        let feed = dir.path + "/talk.feed"
        _ = try FollowTests.present(keys("Tab"), feed: feed)
        var start = ExplorerState(session: Session())
        start.columns = 110; start.rows = 34
        let terminal = InMemoryTerminal(columns: 110, rows: 34, events: keys("l", ":", "F"))
        let loop = ExplorerRuntime.RunLoop(state: start, terminal: terminal, options: ScreenOptions())
        try loop.runFollowing(try FeedReader(path: feed))
        #expect(loop.state.mode == .command(text: "F", caret: 1))
        #expect(loop.state.followDetached)
    }

    @Test func thePinTravelsInTheFollowFeed() throws {
        let dir = try TempDirectory()
        let feed = dir.path + "/talk.feed"
        let presenter = try FollowTests.present(keys("Tab", "M", "Tab"), feed: feed)
        let (attendee, _, records) = try FollowTests.attend(feed)
        #expect(presenter.state.session.measurePin != nil)
        #expect(attendee.session.measurePin == presenter.state.session.measurePin)
        #expect(records.contains { $0.commands?.contains { $0.hasPrefix("measure-pin ") } ?? false })
        // The shared view carries it too, and a view without the field (an older feed) decodes.
        let sync = try #require(records.last { $0.sync != nil }?.sync)
        #expect(sync.measurePin == presenter.state.session.measurePin?.text)
        // The key is taken out as a JSON value: the encoder's key order is not fixed on Linux.
        var object = try #require(try JSONSerialization.jsonObject(with: try JSONEncoder().encode(sync)) as? [String: Any])
        #expect(object.removeValue(forKey: "measurePin") != nil)
        let older = try JSONSerialization.data(withJSONObject: object)
        #expect(!String(decoding: older, as: UTF8.self).contains("measurePin"))
        #expect(try JSONDecoder().decode(FollowSync.self, from: older).measurePin == nil)
    }
}
