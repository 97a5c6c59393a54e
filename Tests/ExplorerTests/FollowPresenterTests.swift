import CommandLanguage
@testable import Explorer
import ExplorerTestSupport
import Testing

/// The presenter's side of follow mode decided in the core (issue 31): `Follow.acts` takes
/// the journal and the presenter's mirror (`ExplorerState.lastShared`) and says which records
/// a key sends; no feed, no file, no clock but the one passed in.
@Suite struct FollowPresenterTests {
    /// The fixture (card selected) collecting its commands, as `--share` starts it.
    static func sharing() -> ExplorerState {
        var state = Fixture.state()
        state.journal = []
        return state
    }

    @Test func theFirstActCarriesTheViewAndAKeyThatChangedNothingSendsNothing() {
        var state = Self.sharing()
        let first = Follow.acts(after: &state, nowBefore: 0, wall: { 7 })
        #expect(first == [FeedRecord(kind: .act, now: 0, commands: [], sync: FollowSync(state), wall: 7)])
        #expect(state.lastShared == FollowSync(state))
        // Nothing ran and the view is as sent: nothing is news.
        #expect(Follow.acts(after: &state, nowBefore: 0, wall: { 8 }).isEmpty)
        state.press("Tab")
        #expect(state.journal?.map(\.text) == ["select-next"])
        let next = Follow.acts(after: &state, nowBefore: 0, wall: { 9 })
        #expect(next.map(\.commands) == [["select-next"]])
        #expect(next.first?.sync?.selection == "badge")
        #expect(state.lastShared?.selection == "badge")
        #expect(state.journal == [])
    }

    @Test func aSceneRecordMakesTheNextActCarryTheViewAgain() {
        var state = Self.sharing()
        #expect(Follow.acts(after: &state, nowBefore: 0, wall: { 1 }).count == 1)
        #expect(Follow.acts(after: &state, nowBefore: 0, wall: { 2 }).isEmpty)
        Follow.sceneShared(&state)
        #expect(state.lastShared == nil)
        #expect(Follow.acts(after: &state, nowBefore: 0, wall: { 3 }).map(\.wall) == [3])
    }

    @Test func whileHelpShowsNothingIsSentAndTheCommandsWait() {
        var state = Self.sharing()
        _ = Follow.acts(after: &state, nowBefore: 0, wall: { 1 })
        state.press("Tab")
        state.mode = .help
        #expect(Follow.acts(after: &state, nowBefore: 0, wall: { 2 }).isEmpty)
        #expect(state.journal?.map(\.text) == ["select-next"])
        state.mode = .normal
        #expect(Follow.acts(after: &state, nowBefore: 0, wall: { 3 }).map(\.commands) == [["select-next"]])
    }

    @Test func aLongScriptGoesInActsOfAtMostTheLimitWithTheViewOnTheLast() throws {
        var state = Self.sharing()
        let command = try #require(try CommandParser.parseLine("select-next").first)
        state.journal = Array(repeating: command, count: FeedPolicy.commandLimit + 1)
        var clock = 100.0
        let records = Follow.acts(
            after: &state, nowBefore: 5,
            wall: {
                clock += 1; return clock
            })
        #expect(records.map { $0.commands?.count } == [FeedPolicy.commandLimit, 1])
        #expect(records.map(\.now) == [5, nil])
        #expect(records.map { $0.sync == nil } == [true, false])
        #expect(records.map(\.wall) == [101, 102])
    }
}
