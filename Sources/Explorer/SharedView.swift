import Geometry
import CommandLanguage

/// The part of the explorer's view that a follow feed shares (docs/follow.md): the panel
/// page, the anchor behaviour, the camera, the crosshair, the status line and the key echo.
/// One value, stored as is in `ExplorerState.shared` (the reducer reads and writes it through
/// `state.view`, `state.cursor`, `state.status`…) and carried as is in every `act` record's
/// `sync` (`FollowSync.view`): a new shared field is one stored property here and one key in
/// `CodingKeys`, and nothing copies it field by field.
///
/// The JSON keys are the feed's since follow mode began (`panel`, `anchorBehaviour`, `cursor`
/// [x, y], `zoom`, `pan` [columns, rows], `fitted` [x, y, w, h], `status`, `statusIsError`,
/// `echo`), so old feeds replay and old attendees read new ones. Decoding takes what a feed
/// can hold: a panel page or anchor behaviour this build does not know reads as the default
/// (the inspector, Core Animation's); a zoom that is not a positive number reads as 1, a pan
/// that is not two numbers as none, a cursor or fitted rect of the wrong length as none.
public struct SharedView: Codable, Equatable, Sendable {
    public var panelPage: PanelName = .inspector
    public var anchorBehaviour: AnchorBehaviourName = .coreAnimation
    /// The viewport as the user steers it.
    public var view = ViewControl()
    /// The hit-test crosshair, in screen points; nil when never placed.
    public var cursor: Point? = nil
    /// The status line's message and whether it is an error.
    public var status: String = ""
    public var statusIsError = false
    /// Key echo for live demos: "r → rotate 15".
    public var echo: String = ""

    public init() {}

    enum CodingKeys: String, CodingKey {
        case panel, anchorBehaviour, cursor, zoom, pan, fitted, status, statusIsError, echo
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        panelPage = PanelName(rawValue: try c.decode(String.self, forKey: .panel)) ?? .inspector
        anchorBehaviour = AnchorBehaviourName(rawValue: try c.decode(String.self, forKey: .anchorBehaviour)) ?? .coreAnimation
        cursor = Self.point(try c.decodeIfPresent([Double].self, forKey: .cursor))
        let zoom = try c.decode(Double.self, forKey: .zoom)
        view.zoom = zoom.isFinite && zoom > 0 ? zoom : 1
        let pan = try c.decode([Double].self, forKey: .pan)
        if pan.count == 2, pan[0].isFinite, pan[1].isFinite { view.panColumns = pan[0]; view.panRows = pan[1] }
        view.fitted = try c.decodeIfPresent([Double].self, forKey: .fitted).flatMap { $0.count == 4 ? Rect($0[0], $0[1], $0[2], $0[3]) : nil }
        status = try c.decode(String.self, forKey: .status)
        statusIsError = try c.decode(Bool.self, forKey: .statusIsError)
        echo = try c.decode(String.self, forKey: .echo)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(panelPage.rawValue, forKey: .panel)
        try c.encode(anchorBehaviour.rawValue, forKey: .anchorBehaviour)
        try c.encodeIfPresent(cursor.map { [$0.x, $0.y] }, forKey: .cursor)
        try c.encode(view.zoom, forKey: .zoom)
        try c.encode([view.panColumns, view.panRows], forKey: .pan)
        try c.encodeIfPresent(view.fitted.map { [$0.origin.x, $0.origin.y, $0.size.width, $0.size.height] }, forKey: .fitted)
        try c.encode(status, forKey: .status)
        try c.encode(statusIsError, forKey: .statusIsError)
        try c.encode(echo, forKey: .echo)
    }

    /// Two numbers as a point; anything else as none.
    static func point(_ xy: [Double]?) -> Point? {
        xy.flatMap { $0.count == 2 ? Point(x: $0[0], y: $0[1]) : nil }
    }
}

/// Follow mode as the attendee's screen is in it (`--follow`): whether it shows the
/// presenter's state (attached) or the attendee's own (detached, `F` follows again), whether
/// the presenter left, and, while detached, the presenter's state as the feed goes on
/// building it (`presenter`). Set by the reducer (`.following`, `.detaching`, `.detached`,
/// `.feed`, `.followedAgain`); the title and the keymap read it.
public struct FollowFlags: Equatable, Sendable {
    public var attached: Bool
    public var presenterLeft: Bool
    /// While detached: what `F` shows again (FollowMirror.swift); nil while attached. Boxed:
    /// one word in every state, and equal by value.
    private var box: PresenterMirrorBox? = nil
    public init(attached: Bool = true, presenterLeft: Bool = false) {
        self.attached = attached
        self.presenterLeft = presenterLeft
    }

    public var presenter: PresenterMirror? {
        get { box?.value }
        set { box = newValue.map(PresenterMirrorBox.init) }
    }

    public static func == (a: FollowFlags, b: FollowFlags) -> Bool {
        a.attached == b.attached && a.presenterLeft == b.presenterLeft && (a.box === b.box || a.presenter == b.presenter)
    }

    /// The title's note: "following", "detached — F follows again", "… · the presenter left".
    public var note: String {
        let note = attached ? "following" : "detached — \(Keymap.keyNames(for: .followAgain)) follows again"
        return presenterLeft ? note + " · the presenter left" : note
    }
}
