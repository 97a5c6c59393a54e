import Scenes
import Geometry
import Raster
import CommandLanguage
import Engine
import LayerModel

/// What the keyboard is doing right now.
public enum Mode: Equatable, Sendable {
    case normal
    /// Arrows and hjkl move the selection's anchorPoint.
    case anchor
    /// Arrows and hjkl move the hit-test crosshair.
    case cursor
    /// j/k and arrows walk the layer tree.
    case tree
    /// The `:` command line: its text and the caret (a character index).
    case command(text: String, caret: Int)
    case help
    /// Asked after `q` with unsaved edits.
    case confirmQuit
    /// Asked before saving over a file that changed on disk since it was loaded (another
    /// program saved it) or that is read-only; `quitting`: the save was the quit question's.
    case confirmOverwrite(path: String, conflict: SaveConflict, quitting: Bool)
}

/// The viewport as the user steers it: zoom about the fitted view and a pan in cells.
public struct ViewControl: Equatable, Sendable {
    public var zoom: Double = 1
    public var panColumns: Double = 0
    public var panRows: Double = 0
    /// The screen rect the view was last fitted to (file open, `fit`): the camera stays on
    /// it while layers are edited, so layers that did not move stay put; nil fits the
    /// scene's current screen rect.
    public var fitted: Rect? = nil
    public init() {}
}

/// Where the content page is in a layer's drawing: after its first `count` operations.
public struct ContentCursor: Equatable, Sendable {
    public var layer: LayerID
    public var count: Int
    public init(layer: LayerID, count: Int) { self.layer = layer; self.count = count }
}

/// Everything the explorer shows, as one value: the screen is `render(state)`.
public struct ExplorerState: Equatable, Sendable {
    public var session: Session
    /// The exploded view's plaque texts, kept from frame to frame (DepthView.swift).
    let plaqueMemo = Memo<ExplodedRaster.PlaqueNames>()
    /// What the last frame's pictures left for the next: buffers, the names' index, colour picks.
    let raster = RasterScratch()
    public var mode: Mode = .normal
    /// What a follow feed shares of the view: panel page, anchor behaviour, camera, crosshair,
    /// status and echo (SharedView.swift), read and written through the properties below.
    public var shared = SharedView()
    /// The rect the file opened fitted to (`Framing.sceneRect` at open or load: the screen,
    /// or every true quad when one sticks out): a step's camera and presentation off go
    /// back to it without measuring every layer again.
    public var openedView: Rect? = nil
    /// The mode the `:` line returns to on Enter or Esc (cursor mode stays cursor mode).
    public var modeBeforeCommandLine: Mode = .normal
    /// The quit question's "save as" is on the `:` line: quit once the save is done
    /// (QuitQuestion.swift). Any key outside the line clears it.
    public var quitAfterSave = false
    /// `:` history, oldest first, and where Up/Down is in it.
    public var history: [String] = []
    public var historyIndex: Int? = nil
    /// The last `:export swift` output, shown in an overlay until Esc.
    public var output: String? = nil
    /// The size of the terminal the state was last laid out for (cells).
    public var columns: Int = 80
    /// How many times taller than wide a terminal cell is (`--cell-aspect`).
    public var cellAspect: Double = Viewport.defaultCellAspect
    public var rows: Int = 24
    /// The last error the file on disk gave on reload; the last good scene stays.
    public var fileError: String? = nil
    /// "changed on disk" / "file deleted": shown in the title until a save or load resolves it.
    public var diskNotice: String? = nil
    /// The content page's place in the selection's drawing (nil: all of it).
    public var contentCursor: ContentCursor? = nil
    /// Legend, small-terminal panel swap, presentation preset (Picture.swift).
    public var picture = PictureSettings()
    /// The first help line shown: the help scrolls when it is taller than the terminal.
    public var helpScroll: Int = 0
    /// The last `convert` query, drawn on the canvas as markers until the next edit.
    public var lastConversion: Query? = nil
    /// The tree pane's folding, filter and search (TreeBrowser.swift).
    public var treeBrowser = TreeBrowser()
    /// While sharing (`--share`): every command run since the run loop last took them, for
    /// the follow feed (FollowFeed.swift). Nil: not collected.
    public var journal: [Command]? = nil
    /// While sharing: the presenter's mirror of the feed, the view its last `act` carried, so
    /// a key that changed nothing sends nothing (nil: none since the last `scene` record, so
    /// the next act carries the view whatever it is). `Follow.acts` decides with it.
    public var lastShared: FollowSync? = nil
    /// Follow mode (`--follow`): attached or detached, and whether the presenter left (nil:
    /// not following). The title shows it (`following`); the keymap reads `followDetached`.
    public var follow: FollowFlags? = nil
    /// The scene's name for the title when it has no file (a followed presenter's file).
    public var sceneName: String? = nil
    /// `layerscope learn`: the lessons and the learner's progress (LearnState.swift); nil otherwise.
    public var learn: LearnState? = nil

    public init(session: Session) {
        self.session = session
        openedView = Framing.sceneRect(session)
        view.fitted = openedView
        // The title is in the title bar; the status line says where the rest is.
        status = session.scene.notes == nil ? "press ? for the keys" : "press ? for the keys and this scene's notes"
        if session.tree.count == 0 { status = Self.emptySceneHint }
        showLoadWarnings(of: session.scene, path: session.filePath)
    }

    /// What an empty scene says (status line and panel): how to begin.
    public static let emptySceneHint = "an empty scene — begin with :add NAME view, then :set bounds 0 0 120 80"

    /// The explorer's answer to "what is selected", by name.
    public var selectedName: String? {
        session.selection.flatMap { session.tree.contains($0) ? session.tree[$0].name : nil }
    }
}

extension ExplorerState {
    // The shared view's parts, where the reducer and the screen have always found them.
    public var panelPage: PanelName {
        get { shared.panelPage }
        set { shared.panelPage = newValue }
    }
    public var anchorBehaviour: AnchorBehaviourName {
        get { shared.anchorBehaviour }
        set { shared.anchorBehaviour = newValue }
    }
    public var view: ViewControl {
        get { shared.view }
        set { shared.view = newValue }
    }
    /// The hit-test crosshair, in screen points; nil when never placed.
    public var cursor: Point? {
        get { shared.cursor }
        set { shared.cursor = newValue }
    }
    /// The status line's message and whether it is an error.
    public var status: String {
        get { shared.status }
        set { shared.status = newValue }
    }
    public var statusIsError: Bool {
        get { shared.statusIsError }
        set { shared.statusIsError = newValue }
    }
    /// Key echo for live demos: "r → rotate 15".
    public var echo: String {
        get { shared.echo }
        set { shared.echo = newValue }
    }

    /// The title's follow note ("following", "detached — F follows again", "… · the presenter
    /// left"); nil when not following. Set from a note, it sets the flags the note says.
    public var following: String? {
        get { follow?.note }
        set {
            follow = newValue.map { FollowFlags(attached: !$0.hasPrefix("detached"), presenterLeft: $0.hasSuffix("the presenter left")) }
        }
    }
    /// An attendee who detached with a key of their own (`F` follows again: `Keymap`).
    public var followDetached: Bool { follow?.attached == false }

    /// The status line's text, and whether it reports a failure (drawn in the error style).
    mutating func setStatus(_ text: String, error: Bool = false) {
        status = text
        statusIsError = error
    }
}

extension Double {
    /// Float noise rounded away (0.15000000000000002 → 0.15, −0 → 0) so spellings of
    /// stepped values (anchor points, the clock) stay readable.
    var withoutFloatNoise: Double {
        let r = (self * 1e9).rounded() / 1e9
        return r == 0 ? 0 : r
    }
}
