import CommandLanguage
@testable import Explorer
import ExplorerTestSupport
import Engine
import LayerModel
import Scenes
import TerminalKit
import Testing

/// The attendee's side of follow mode decided in the core (issue 31): while detached, the
/// presenter's state is the explorer state's (`FollowFlags.presenter`, a `PresenterMirror`),
/// the reducer applies the feed's records to it, and `F` puts it back. No feed file, no clock:
/// the records are made by `Follow.acts` from a presenter's state, as `--share` makes them.
@Suite struct FollowMirrorTests {
    /// The records a presenter on the fixture sends for `commands`, one act per command, after
    /// the `scene` record (the fixture itself).
    static func presenter(_ commands: [String]) throws -> (state: ExplorerState, records: [FeedRecord]) {
        var p = Fixture.state()
        p.journal = []
        var records = Follow.acts(after: &p, nowBefore: 0, wall: { 1 })
        for text in commands {
            let before = p.session.now
            for c in try CommandParser.parseLine(text) { _ = Reducer.reduce(&p, .command(c)) }
            records += Follow.acts(after: &p, nowBefore: before, wall: { 1 })
        }
        return (p, records)
    }

    static let scene = FeedRecord(kind: .scene, name: "fixture.json", format: "json", text: "{}")

    /// An attendee following the fixture, at 80 × 24.
    static func attendee() -> ExplorerState {
        var a = ExplorerState(session: Session())
        _ = Reducer.reduce(&a, .following(attached: true, presenterLeft: false))
        _ = Reducer.reduce(&a, .feed(scene, opened: .success(Fixture.scene())))
        return a
    }

    /// The presenter's parts with what says how they were reached (status, echo) left out.
    static func shown(_ state: ExplorerState) -> PresenterMirror {
        var m = PresenterMirror(state)
        m.shared.status = ""; m.shared.echo = ""; m.shared.statusIsError = false
        m.session.clearWarning()
        return m
    }

    /// Detached by a key of their own, the attendee keeps getting the presenter's acts; `F`
    /// shows exactly what an attendee who never detached shows — scene, selection, step,
    /// camera, panel, mode, legend, tree pane — while the terminal size stays the attendee's.
    @Test func fShowsWhatStayingAttachedShows() throws {
        let commands = [
            "select badge", "rotate 30", "zoom 2", "panel hit-test", "legend on", "cursor-at 10 10",
            "select card", "set bounds 0 0 120 70", "mode tree", "fold card", "pan 3 -2"
        ]
        let (p, records) = try Self.presenter(commands)
        var stay = Self.attendee()
        // The run loop's order: the mirror kept, the key reduced, then detached.
        var away = Self.attendee()
        _ = Reducer.reduce(&away, .detaching)
        _ = Reducer.reduce(&away, .key(.character("l")))
        _ = Reducer.reduce(&away, .detached)
        #expect(away.followDetached)
        #expect(away.follow?.presenter != nil)
        #expect(away.status.hasPrefix("detached — F follows again"))
        #expect(away.session.tree != stay.session.tree, "l moved the attendee's own copy")
        _ = Reducer.reduce(&away, .resize(columns: 100, rows: 30))

        for record in records {
            _ = Reducer.reduce(&stay, .feed(record, opened: nil))
            _ = Reducer.reduce(&away, .feed(record, opened: nil))
        }
        // Detached, the screen stays the attendee's own; the mirror took every act.
        #expect(away.mode == .normal && away.selectedName == "card" && away.view.zoom == 1)
        #expect(away.follow?.presenter?.session.tree == p.session.tree)
        #expect(stay.session.tree == p.session.tree)

        #expect(away.press("F") == .followPresenter)
        _ = Reducer.reduce(&away, .followedAgain(seconds: 0))
        #expect(!away.followDetached && away.follow?.presenter == nil)
        #expect(away.following == "following")
        #expect(away.echo == "F → follow")
        #expect(Self.shown(away) == Self.shown(stay))
        #expect(away.mode == .tree && away.view.zoom == 2 && away.panelPage == .hitTest && away.picture.legend)
        #expect(away.columns == 100 && away.rows == 30, "the terminal's size is the attendee's")
    }

    /// A `scene` record while detached (the presenter loaded another file) replaces the
    /// mirror's scene, not the attendee's; `.following` (the presenter left) keeps the mirror.
    @Test func aSceneRecordWhileDetachedOpensInTheMirror() throws {
        var away = Self.attendee()
        _ = Reducer.reduce(&away, .detaching)
        _ = Reducer.reduce(&away, .command(try CommandParser.parse("add mine view")))
        _ = Reducer.reduce(&away, .detached)
        var other = Scene()
        other.tree = Fixture.scene().tree
        _ = try other.tree.add(Layer(name: "theirs"))
        _ = Reducer.reduce(&away, .feed(Self.scene, opened: .success(other)))
        _ = Reducer.reduce(&away, .following(attached: false, presenterLeft: true))
        #expect(away.session.tree.id(named: "mine") != nil && away.session.tree.id(named: "theirs") == nil)
        #expect(away.follow?.presenter?.session.tree.id(named: "theirs") != nil)
        _ = Reducer.reduce(&away, .followedAgain(seconds: 0))
        #expect(away.session.tree.id(named: "theirs") != nil && away.session.tree.id(named: "mine") == nil)
        #expect(away.following == "following · the presenter left")
    }

    /// `F` while the presenter's animation runs: its clock moves on by the seconds since the
    /// presenter was last heard, times the speed (2 s at speed 0.5: 1 s).
    @Test func fMovesARunningClockOnByTheTimeSinceHeard() throws {
        let (_, records) = try Self.presenter(["select card", "animate opacity to 0 duration 10", "speed 0.5"])
        var away = Self.attendee()
        _ = Reducer.reduce(&away, .detaching)
        _ = Reducer.reduce(&away, .key(.character("l")))
        _ = Reducer.reduce(&away, .detached)
        for record in records { _ = Reducer.reduce(&away, .feed(record, opened: nil)) }
        let now = try #require(away.follow?.presenter?.session.now)
        _ = Reducer.reduce(&away, .followedAgain(seconds: 2))
        #expect(away.session.now == now + 1)
    }

    /// Every stored property of `ExplorerState` is named once: mirrored (the presenter's) or
    /// the attendee's own, so a new field must say which side it is on.
    @Test func everyStoredPropertyOfTheStateIsOnOneSide() {
        let stored = Set(Mirror(reflecting: Fixture.state()).children.compactMap(\.label))
        // The mirrored ones are the mirror's own stored properties, which carry the state's names.
        let mirrored = Set(Mirror(reflecting: PresenterMirror(Fixture.state())).children.compactMap(\.label))
        let own = Set(PresenterMirror.attendeesOwn.keys)
        #expect(mirrored.count == 10)
        #expect(mirrored.isDisjoint(with: own))
        #expect(stored == mirrored.union(own), "unsorted: \(stored.symmetricDifference(mirrored.union(own)).sorted())")
    }

    /// The mirror costs a following state one word (the box); it exists only while detached.
    @Test func theMirrorIsOneWordOfTheState() {
        #expect(MemoryLayout<FollowFlags>.size <= 16)
        #expect(MemoryLayout<PresenterMirror>.size < MemoryLayout<ExplorerState>.size)
    }
}
