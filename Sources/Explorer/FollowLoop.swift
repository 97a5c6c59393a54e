import Foundation
import LayoutFiles
import Engine
import TerminalKit

/// The attendee's side of follow mode: the feed, the presenter's state as the feed builds
/// it, and whether the screen shows it (following) or the attendee's own (detached).
struct FollowState {
    let reader: FeedReader
    /// The presenter's state, at this terminal's size, while detached (while following it
    /// is `RunLoop.state` itself).
    var mirror: ExplorerState
    var attached = true
    var presenterLeft = false
    /// When the mirror last heard from the presenter (monotonic seconds): a re-sync while
    /// the presenter's animations run moves its clock on by the time since.
    var heard = FrameClock.monotonicSeconds()
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
        lastShared = nil
    }

    /// After a key: the commands it ran and the view after it, as one `act` record —
    /// nothing when it ran no command and the view is as last published (a clock tick is
    /// not news: attendees run their own clock).
    func publishAct(nowBefore: Double) {
        guard let share else { return }
        // The presenter's own moments (help, the `:` line, the quit question) are not shown:
        // what they run travels once they end.
        switch state.mode {
        case .help, .command, .confirmQuit: return
        default: break
        }
        let commands = (state.journal ?? []).filter(Follow.travels).map(\.text)
        _ = Reducer.reduce(&state, .journalSent)
        let sync = FollowSync(state)
        var unclocked = sync
        unclocked.now = lastShared?.now ?? sync.now
        if commands.isEmpty, unclocked == lastShared { return }
        share.write(FeedRecord(kind: .act, now: nowBefore, commands: commands, sync: sync, wall: Follow.wallClock()))
        lastShared = sync
    }

    // MARK: Attendee

    /// Follows the presenter's feed until the attendee quits: sleeps on the keyboard and
    /// the feed together (no timer while nothing animates), draws what the presenter's
    /// screen shows at this terminal's size; a key that would change anything detaches,
    /// `F` follows again.
    public func runFollowing(_ reader: FeedReader) throws {
        _ = Reducer.reduce(&state, .following(attached: true, presenterLeft: false))
        follow = FollowState(reader: reader, mirror: state)
        _ = readFeed()
        try draw()
        while true {
            if let wakeable = terminal as? any WakeableTerminal {
                wakeable.extraWakeDescriptor = reader.ended ? nil : reader.wakeDescriptor
            }
            var timeout: Int? = nil
            if !clock.running(state) { clock.stop() }
            if clock.running(state) { timeout = clock.millisecondsToNextFrame() }
            guard let event = try terminal.nextEvent(timeoutMilliseconds: timeout) else {
                let running = clock.running(state)
                var redraw = readFeed()
                if running { try tick(); redraw = true }
                if redraw { try draw() }
                if terminal.inputHasEnded { return }
                continue
            }
            if try followerEvent(event) { return }
            if clock.running(state) { try tick() }
            try draw()
        }
    }

    /// Reads what the feed has; true when the screen may have changed.
    func readFeed() -> Bool {
        guard var f = follow else { return false }
        let records = f.reader.read()
        let stepBefore = state.session.currentStep
        var changed = !records.isEmpty
        var lastAct: FeedRecord? = nil
        for record in records {
            if record.kind == .act { lastAct = record } else if record.kind == .scene { lastAct = nil }
            switch record.kind {
            case .bye: f.presenterLeft = true
            case .scene, .act:
                if record.kind == .scene { f.presenterLeft = false }
                if f.attached {
                    _ = Reducer.reduce(&state, .feed(record))
                    clock.stop()
                } else {
                    Follow.apply(record, to: &f.mirror)
                }
                f.heard = FrameClock.monotonicSeconds()
            }
        }
        // Read late (a late joiner, a slow pipe): a running clock moves on by the time since.
        if let lastAct {
            if f.attached { _ = Reducer.reduce(&state, .catchUp(after: lastAct, wall: Follow.wallClock())) } else { Follow.catchUp(&f.mirror, after: lastAct, at: Follow.wallClock()) }
            f.heard = FrameClock.monotonicSeconds()
        }
        if f.reader.ended, !f.presenterLeft { f.presenterLeft = true; changed = true }
        if changed { label(&f) }
        follow = f
        // An attendee's recording gets the presenter's chapters.
        if state.session.currentStep != stepBefore { markStep() }
        return changed
    }

    /// The title's note and, when the presenter left, the status (`Action.following`).
    private func label(_ f: inout FollowState) {
        _ = Reducer.reduce(&state, .following(attached: f.attached, presenterLeft: f.presenterLeft))
    }

    /// One attendee event; true to quit.
    private func followerEvent(_ event: InputEvent) throws -> Bool {
        guard var f = follow else { return false }
        switch event {
        case let .resize(columns, rows):
            f.mirror.columns = columns; f.mirror.rows = rows
            follow = f
            return try dispatch(.resize(columns: columns, rows: rows))
        case .resumed: return false
        case let .key(key):
            // Detached, F (the keymap's `followAgain`) is reduced like any key: the reducer
            // asks for `.followPresenter`, which `dispatch` performs (`followAgain`).
            if f.attached, key == .character("q") || key == .control("c") { return true }
        case .mouse: break
        }
        let actions = actions(for: event)
        if f.attached {
            // A key that changes nothing but the echo and the status (an unbound key) keeps
            // following; anything else detaches first.
            var trial = state
            for action in actions { _ = Reducer.reduce(&trial, action) }
            if Self.substance(trial) == Self.substance(state) {
                _ = Reducer.reduce(&state, .said(echo: trial.echo, status: trial.status, error: trial.statusIsError))
                return false
            }
            f.attached = false
            f.mirror = state
            f.heard = FrameClock.monotonicSeconds()
            follow = f
            for action in actions where try dispatch(action) { return true }
            label(&f)
            let said = "detached — \(Keymap.keyNames(for: .followAgain)) follows again" + (state.status.isEmpty ? "" : " · " + state.status)
            _ = Reducer.reduce(&state, .said(echo: state.echo, status: said, error: state.statusIsError))
            return false
        }
        for action in actions where try dispatch(action) { return true }
        return false
    }

    /// `F` (`ExplorerEffect.followPresenter`): the presenter's state again, its clock moved on
    /// by the time since it was heard, as the action that shows it; nil when not detached.
    func followAgain() -> Action? {
        guard var f = follow, !f.attached else { return nil }
        var mirror = f.mirror
        mirror.columns = state.columns
        mirror.rows = state.rows
        let s = mirror.session
        if s.hasRunningAnimations, !s.isPaused, s.playbackSpeed > 0 {
            _ = Reducer.reduce(&mirror, .tick(seconds: (FrameClock.monotonicSeconds() - f.heard) * s.playbackSpeed))
        }
        f.heard = FrameClock.monotonicSeconds()
        f.attached = true
        follow = f
        clock.stop()
        return .followedAgain(mirror, presenterLeft: f.presenterLeft)
    }

    /// A state without what a key may change without changing anything: its echo, status,
    /// command history and journal.
    static func substance(_ state: ExplorerState) -> ExplorerState {
        var s = state
        s.echo = ""; s.status = ""; s.statusIsError = false
        s.history = []; s.historyIndex = nil; s.journal = nil
        s.session.clearWarning()
        return s
    }
}
