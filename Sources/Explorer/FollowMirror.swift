import Geometry
import CommandLanguage
import Engine

/// What a detached attendee keeps of the presenter's state (`FollowFlags.presenter`): the
/// parts of `ExplorerState` a feed can change — the session (scene, selection, step, clock,
/// undo), the key mode, the shared view, the picture settings, the tree pane, the content
/// page's place, the last `convert`, the fitted rect a step goes back to, the output overlay
/// and the scene's name. The rest of the state is the attendee's own (terminal size and cell
/// aspect, `:` history, help scroll, the frame's scratch buffers…) and is never mirrored:
/// `F` puts these parts back over it (`Reducer`, `.followedAgain`). `FollowMirrorTests`
/// checks that every stored property of `ExplorerState` is named once, here or in
/// `attendeesOwn`, so a new field has to say which side it is on.
public struct PresenterMirror: Equatable, Sendable {
    var session: Session
    var mode: Mode
    var shared: SharedView
    var openedView: Rect?
    var output: String?
    var contentCursor: ContentCursor?
    var picture: PictureSettings
    var lastConversion: Query?
    var treeBrowser: TreeBrowser
    var sceneName: String?

    /// The presenter's parts of `state`.
    init(_ state: ExplorerState) {
        session = state.session
        mode = state.mode
        shared = state.shared
        openedView = state.openedView
        output = state.output
        contentCursor = state.contentCursor
        picture = state.picture
        lastConversion = state.lastConversion
        treeBrowser = state.treeBrowser
        sceneName = state.sceneName
    }

    /// `state` showing the presenter's parts, the attendee's own kept. The presenter's scene
    /// has no file here, so no file's error or notice is shown over it.
    func restore(into state: inout ExplorerState) {
        state.session = session
        state.mode = mode
        state.shared = shared
        state.openedView = openedView
        state.output = output
        state.contentCursor = contentCursor
        state.picture = picture
        state.lastConversion = lastConversion
        state.treeBrowser = treeBrowser
        state.sceneName = sceneName
        state.fileError = nil
        state.diskNotice = nil
    }

    /// The attendee's own stored properties, and why: kept over `F`.
    static let attendeesOwn: [String: String] = [
        "plaqueMemo": "the exploded view's plaque texts, kept for the next frame drawn here",
        "raster": "this terminal's frame buffers",
        "modeBeforeCommandLine": "the attendee's own `:` line",
        "quitAfterSave": "the attendee's own quit question",
        "history": "the attendee's `:` history", "historyIndex": "the attendee's `:` history",
        "columns": "this terminal's size", "rows": "this terminal's size", "cellAspect": "this terminal's cells",
        "fileError": "a file of the attendee's (cleared: the presenter's scene has none here)",
        "diskNotice": "a file of the attendee's (cleared: the presenter's scene has none here)",
        "helpScroll": "the attendee's own help overlay",
        "journal": "a presenter's (`--share`): an attendee sends nothing",
        "lastShared": "a presenter's (`--share`): an attendee sends nothing",
        "follow": "follow mode itself: attached, the presenter left, this mirror",
        "learn": "`layerscope learn`, never followed"
    ]
}

/// The mirror in one word: `FollowFlags` sits in every `ExplorerState`, copied by every
/// trial reduction, and the mirror exists only while an attendee is detached.
final class PresenterMirrorBox: Sendable {
    let value: PresenterMirror
    init(_ value: PresenterMirror) { self.value = value }
}

extension Follow {
    /// The presenter's state while detached: the attendee's state with the mirror's parts
    /// put back, changed by `body`, and kept again. Attached (or not following), `body`
    /// changes the state itself. The reducer routes feed records and catch-ups through it.
    static func onPresenter(_ state: inout ExplorerState, _ body: (inout ExplorerState) -> Void) {
        guard var flags = state.follow, !flags.attached, let mirror = flags.presenter else {
            body(&state)
            return
        }
        var presenter = state
        mirror.restore(into: &presenter)
        body(&presenter)
        flags.presenter = PresenterMirror(presenter)
        state.follow = flags
    }

    /// An attached attendee's actions (a key, a click): the `.said` that shows their echo and
    /// status when they change nothing else (an unbound key keeps following); nil when they
    /// change something, so the attendee detaches first (`.detaching`, then `.detached`).
    public static func unchanged(by actions: [Action], in state: ExplorerState) -> Action? {
        var trial = state
        for action in actions { _ = Reducer.reduce(&trial, action) }
        guard substance(trial) == substance(state) else { return nil }
        return .said(echo: trial.echo, status: trial.status, error: trial.statusIsError)
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

    /// `F` answered (`.followedAgain`): the presenter's parts back over the attendee's own,
    /// the clock moved on by `seconds` of wall time since the presenter was last heard (while
    /// its animations run), attached again. False when not detached.
    static func followAgain(_ state: inout ExplorerState, after seconds: Double) -> Bool {
        guard let flags = state.follow, !flags.attached, let mirror = flags.presenter else { return false }
        var s = state
        mirror.restore(into: &s)
        let session = s.session
        if session.hasRunningAnimations, !session.isPaused, session.playbackSpeed > 0 {
            _ = Reducer.reduce(&s, .tick(seconds: seconds * session.playbackSpeed))
        }
        s.follow = FollowFlags(attached: true, presenterLeft: flags.presenterLeft)
        state = s
        return true
    }
}
