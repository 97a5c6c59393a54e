@testable import Explorer
@testable import ExplorerRuntime
import CommandLanguage
import ExplorerTestSupport
import Foundation
import Geometry
import Testing
import Engine

/// The shared view is one value: the explorer state stores it (`ExplorerState.shared`), the
/// feed carries it as is (`FollowSync.view`), and the feed's keys are those main wrote
/// before the value existed.
@Suite struct SharedViewTests {
    /// A feed written by main's layerscope at bce1b99 (before `SharedView`), presenting
    /// popup.json at 120×36 in tmux: n n i Tab r f a → Esc c → ↓ b + M Esc `:select button`
    /// t j Esc, then q and "quit without saving". 23 records: the scene, 21 acts, bye.
    static let mainsFeed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Feeds/popup-bce1b99.feed").path

    @Test func aFeedWrittenByMainStillReplays() throws {
        let (state, reader, records) = try FollowTests.attend(Self.mainsFeed)
        #expect(reader.skipped == 0)
        #expect(records.map(\.kind) == [.scene] + Array(repeating: .act, count: 21) + [.bye])
        #expect(records.dropFirst().dropLast().allSatisfy { $0.sync != nil })
        // The last act's view, as main wrote it.
        #expect(state.selectedName == "frameFirst")
        #expect(state.session.currentStep == 2)
        #expect(state.mode == .normal)
        #expect(state.panelPage == .formula)
        #expect(state.anchorBehaviour == .keepFrame)
        #expect(state.view.zoom == 1.25)
        #expect(state.view.panColumns == 0.2424242424242422 && state.view.panRows == 0.2424242424242422)
        #expect(state.view.fitted == Rect(0, 0, 320, 320))
        #expect(state.cursor == Point(x: 164.84848484848484, y: 169.6969696969697))
        #expect(state.picture.legend)
        #expect(state.session.measurePin?.text == "measure-pin anchorFirst")
        #expect(state.echo == records[21].sync?.echo)
        #expect(state.status == records[21].sync?.status)
        // The commands ran too: keep-frame's anchor move and the rotation are in the tree.
        let anchorFirst = try #require(state.session.tree.id(named: "anchorFirst"))
        #expect(state.session.tree[anchorFirst].anchorPoint == Point(x: 0.05, y: 0))
    }

    /// Every record of main's feed, read and written again, is the line main wrote, byte for
    /// byte (the feed's keys are sorted): so an attendee built from main reads what this
    /// build writes.
    @Test func everyRecordOfMainsFeedIsWrittenBackAsMainWroteIt() throws {
        let lines = try String(contentsOfFile: Self.mainsFeed, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 23)
        for line in lines {
            let record = try #require(FeedRecord.parse(ArraySlice(Array(line.utf8))))
            #expect(String(decoding: record.line.dropLast(), as: UTF8.self) == String(line))
        }
    }

    /// After following a presenter, the attendee's shared view is the presenter's, whole:
    /// one assignment of one value, nothing copied field by field.
    @Test func theAttendeesSharedViewIsThePresenters() throws {
        let dir = try TempDirectory()
        let feed = dir.path + "/talk.feed"
        let presenter = try FollowTests.present(keys("n", "i", "f", "c", "Right", "+", "Tab"), feed: feed)
        let (attendee, _, records) = try FollowTests.attend(feed)
        let last = try #require(records.last { $0.sync != nil }?.sync)
        #expect(last.view == presenter.state.shared)
        #expect(attendee.shared == presenter.state.shared)
        #expect(attendee.shared.panelPage == .formula && attendee.shared.anchorBehaviour == .keepFrame)
        #expect(attendee.shared.cursor != nil && attendee.shared.view.zoom == 1.25)
    }

    /// What this build does not know reads as the default, never as a record thrown away.
    @Test func unknownNamesAndBadNumbersReadAsTheDefaults() throws {
        var state = ExplorerState(session: Session())
        state.panelPage = .content
        state.anchorBehaviour = .keepFrame
        state.view.zoom = 2
        var object = try #require(try JSONSerialization.jsonObject(with: try JSONEncoder().encode(FollowSync(state))) as? [String: Any])
        object["panel"] = "gallery"
        object["anchorBehaviour"] = "springs"
        object["zoom"] = -3
        object["pan"] = [1, 2, 3]
        object["cursor"] = [7]
        let sync = try JSONDecoder().decode(FollowSync.self, from: try JSONSerialization.data(withJSONObject: object))
        #expect(sync.view.panelPage == .inspector)
        #expect(sync.view.anchorBehaviour == .coreAnimation)
        #expect(sync.view.view.zoom == 1)
        #expect(sync.view.view.panColumns == 0 && sync.view.view.panRows == 0)
        #expect(sync.view.cursor == nil)
        // A key the view needs is still required: a record without it is not a record.
        object.removeValue(forKey: "status")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(FollowSync.self, from: try JSONSerialization.data(withJSONObject: object)) }
    }
}
