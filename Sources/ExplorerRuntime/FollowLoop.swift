import Foundation
import Explorer
import LayoutFiles
import LayoutFileIO
import Scenes
import Engine
import TerminalKit

/// The attendee's side of follow mode, as far as it is I/O: the feed being read and when the
/// presenter was last heard. What the presenter's state is, whether the screen shows it
/// (attached) or the attendee's own (detached, the presenter's kept in
/// `FollowFlags.presenter`), and whether the presenter left, are the explorer state's
/// (`ExplorerState.follow`), changed by the reducer alone.
struct FollowState {
    let reader: FeedReader
    /// When the presenter was last heard (monotonic seconds): `F` while the presenter's
    /// animations run moves its clock on by the time since (`.followedAgain(seconds:)`).
    var heard = FrameClock.monotonicSeconds()
    /// Records read and not yet replayed, the next one, and how many of its commands ran:
    /// the replay goes `FollowReplay.slice` commands at a time, between looks at the keyboard.
    var queue: [FeedRecord] = []
    var next = 0
    var command = 0
    /// Commands replayed in all (tests count work with it).
    var replayed = 0
    /// Skipped records already said in the status line.
    var skippedShown = 0
    /// True while records wait (or the reader stopped at its budget): read again at once.
    var backlog: Bool { next < queue.count || reader.hasMore }
}

extension RunLoop {
    // MARK: Presenter

    /// Writes the scene record for the file just loaded (at start, `:e`, a reload).
    func publishScene(path: String) {
        guard let share else { return }
        let name = String(path.split(separator: "/").last ?? Substring(path))
        let ext = name.split(separator: ".").last.map(String.init) ?? ""
        guard let format = LayoutFormat(pathExtension: ext), let text = try? TextFile.read(path) else { return }
        share.write(.scene(name: name, format: format, text: text))
        Follow.sceneShared(&state)
        noteFeedHealth()
    }

    /// After a key: the `act` records it makes (`Follow.acts`, which decides from the state
    /// what is news), written after the scene again when the feed dropped a backlog.
    func publishAct(nowBefore: Double) {
        guard let share else { return }
        let records = Follow.acts(after: &state, nowBefore: nowBefore, wall: Follow.wallClock)
        if records.isEmpty { return }
        if share.needsScene { resendScene(share) }
        for record in records { share.write(record) }
        noteFeedHealth()
    }

    /// After the feed gave up what a full disk held back: the scene as it is now, so that
    /// attendees start over from it (the next act brings the view).
    private func resendScene(_ share: FeedWriter) {
        let name = state.sceneName ?? state.session.filePath.map { String($0.split(separator: "/").last ?? Substring($0)) } ?? "scene.json"
        share.write(.scene(name: name, format: .json, text: LayoutFile.encode(state.session.scene, format: .json)))
    }

    /// The presenter's status line says when the feed cannot be written, and when it caught up.
    func noteFeedHealth() {
        guard let share else { return }
        if let problem = share.problem {
            if !feedTrouble { feedTrouble = true }
            _ = Reducer.reduce(&state, .said(echo: state.echo, status: problem, error: true))
        } else if feedTrouble {
            feedTrouble = false
            _ = Reducer.reduce(&state, .said(echo: state.echo, status: "the feed is written again: attendees caught up", error: false))
        }
    }

    /// While the feed cannot be written: how long the loop may sleep before it tries the
    /// disk again (`FeedRetry.milliseconds`); nil while the feed is healthy (no timer: an
    /// idle presenter with a healthy feed sleeps on the keyboard alone).
    var feedRetryMilliseconds: Int? {
        guard let share, share.problem != nil || share.waiting > 0 else { return nil }
        return FeedRetry.milliseconds
    }

    /// A wake with no key while the feed was failing: writes what waits (the scene again and
    /// the view, when a full backlog was dropped); true when the status line changed (the
    /// feed is written again), so the screen is drawn — a retry that fails again draws
    /// nothing, sending no byte to the terminal.
    func retryFeed() -> Bool {
        guard let share, share.problem != nil || share.waiting > 0 else { return false }
        retries += 1
        if share.needsScene {
            resendScene(share)
            Follow.sceneShared(&state)
            publishAct(nowBefore: state.session.now)  // the view, which would wait for a key
        } else {
            share.flush()
        }
        let before = feedTrouble
        noteFeedHealth()
        return before != feedTrouble
    }

    // MARK: Attendee

    /// Follows the presenter's feed until the attendee quits: sleeps on the keyboard and
    /// the feed together (no timer while nothing animates), draws what the presenter's
    /// screen shows at this terminal's size; a key that would change anything detaches,
    /// `F` follows again.
    public func runFollowing(_ reader: FeedReader) throws {
        _ = Reducer.reduce(&state, .following(attached: true, presenterLeft: false))
        follow = FollowState(reader: reader)
        _ = readFeed()
        try draw()
        while true {
            if let wakeable = terminal as? any WakeableTerminal {
                wakeable.extraWakeDescriptor = reader.ended ? nil : reader.wakeDescriptor
            }
            var timeout: Int? = nil
            if !clock.running(&state) { clock.stop() }
            if clock.running(&state) { timeout = clock.millisecondsToNextFrame() }
            // Records waiting: look at the keyboard, then replay the next slice.
            if follow?.backlog == true { timeout = 0 }
            guard let event = try nextEvent(timeoutMilliseconds: timeout) else {
                let running = clock.running(&state)
                var redraw = readFeed() || graphicsArrived  // or the probe's late answers named images
                graphicsArrived = false
                if running { try tick(); redraw = true }
                if redraw, follow?.backlog != true { try draw() }
                if terminal.inputHasEnded, follow?.backlog != true { return }
                continue
            }
            if try followerEvent(event) { return }
            if clock.running(&state) { try tick() }
            try draw()
        }
    }

    /// Reads what the feed has and replays the next slice of it (`FollowReplay.slice`
    /// commands at most, then the keyboard is looked at again); true when the screen may
    /// have changed.
    func readFeed() -> Bool {
        guard var f = follow else { return false }
        if f.next >= f.queue.count {
            f.queue = f.reader.read()
            f.next = 0
            f.command = 0
        }
        let stepBefore = state.session.currentStep
        let attached = state.follow?.attached ?? true
        var presenterLeft = state.follow?.presenterLeft ?? false
        var changed = f.next < f.queue.count
        var lastAct: FeedRecord? = nil
        var budget = FollowReplay.slice
        let deadline = FrameClock.monotonicSeconds() + FollowReplay.sliceSeconds
        while f.next < f.queue.count, budget > 0, FrameClock.monotonicSeconds() < deadline {
            var record = f.queue[f.next]
            if record.kind == .act {
                // A slice of the act's commands: the clock before the first, the view after the last.
                let commands = record.commands ?? []
                let end = min(commands.count, f.command + budget)
                let first = f.command == 0
                record = FeedRecord(
                    kind: .act, now: first ? record.now : nil, commands: Array(commands[f.command..<end]),
                    sync: end == commands.count ? record.sync : nil, wall: record.wall)
                budget -= max(1, end - f.command)
                f.replayed += end - f.command
                if end == commands.count { f.next += 1; f.command = 0; lastAct = record } else { f.command = end }
            } else {
                f.next += 1
                budget -= 1
                if record.kind == .scene { lastAct = nil }
            }
            switch record.kind {
            case .bye: presenterLeft = true
            case .scene, .act:
                if record.kind == .scene { presenterLeft = false }
                // Attached, the state shown; detached, the presenter's kept (the reducer's choice).
                _ = Reducer.reduce(&state, Follow.action(for: record))
                if attached { clock.stop() }
                f.heard = FrameClock.monotonicSeconds()
            }
        }
        // Read late (a late joiner, a slow pipe): a running clock moves on by the time since.
        if let lastAct {
            _ = Reducer.reduce(&state, .catchUp(after: lastAct, wall: Follow.wallClock()))
            f.heard = FrameClock.monotonicSeconds()
        }
        if f.reader.ended, !presenterLeft, !f.backlog { presenterLeft = true; changed = true }
        if changed { label(attached: attached, presenterLeft: presenterLeft) }
        // Skipped records are counted in the status line (each sync brings the presenter's).
        if f.reader.skipped > 0, changed || f.reader.skipped != f.skippedShown {
            f.skippedShown = f.reader.skipped
            let note = "\(f.reader.skipped) feed record\(f.reader.skipped == 1 ? "" : "s") skipped (\(f.reader.skipReason ?? "not a record"))"
            if attached, !state.status.contains(note) {
                _ = Reducer.reduce(
                    &state, .said(echo: state.echo, status: state.status.isEmpty ? note : state.status + " · " + note, error: state.statusIsError))
            }
            changed = true
        }
        follow = f
        // An attendee's recording gets the presenter's chapters.
        if state.session.currentStep != stepBefore { markStep() }
        return changed
    }

    /// The state's follow flags, the title's note and, when the presenter left, the status
    /// (`Action.following`).
    private func label(attached: Bool, presenterLeft: Bool) {
        _ = Reducer.reduce(&state, .following(attached: attached, presenterLeft: presenterLeft))
    }

    /// One attendee event; true to quit.
    private func followerEvent(_ event: InputEvent) throws -> Bool {
        guard var f = follow else { return false }
        switch event {
        case let .resize(columns, rows):
            return try dispatch(.resize(columns: columns, rows: rows))
        case .resumed: return false
        case let .key(key):
            // Detached, F (the keymap's `followAgain`) is reduced like any key: the reducer
            // asks for `.followPresenter`, which `dispatch` performs (`followAgain`).
            if state.follow?.attached != false, key == .character("q") || key == .control("c") { return true }
        case .mouse: break
        }
        let actions = actions(for: event)
        if state.follow?.attached != false {
            // A key that changes nothing but the echo and the status (an unbound key) keeps
            // following; anything else detaches first.
            if let said = Follow.unchanged(by: actions, in: state) {
                _ = Reducer.reduce(&state, said)
                return false
            }
            _ = Reducer.reduce(&state, .detaching)
            f.heard = FrameClock.monotonicSeconds()
            follow = f
            for action in actions where try dispatch(action) { return true }
            _ = Reducer.reduce(&state, .detached)
            return false
        }
        for action in actions where try dispatch(action) { return true }
        return false
    }

    /// `F` (`ExplorerEffect.followPresenter`): the action that shows the presenter's state
    /// again (the reducer keeps it), with the time since it was last heard; nil when not
    /// detached.
    func followAgain() -> Action? {
        guard var f = follow, state.follow?.attached == false else { return nil }
        let now = FrameClock.monotonicSeconds()
        let seconds = now - f.heard
        f.heard = now
        follow = f
        clock.stop()
        return .followedAgain(seconds: seconds)
    }
}
