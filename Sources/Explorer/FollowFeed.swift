import Foundation
import Scenes
import Geometry
import CommandLanguage
import Engine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Follow mode's feed (docs/follow.md): newline-delimited JSON, one record per line.
///
/// - `scene`: the presenter's layout text (steps, script and animations included), sent
///   first and again after every load or reload — attendees need not have the file.
/// - `act`: one per presenter key, click or wheel: the scene clock before it (`now`), the
///   commands it ran, as the text the `:` line reads, and `sync`, the view afterwards
///   (selection, step, panel page, mode, clock, cursor, camera, status and echo).
/// - `bye`: the presenter quit.
///
/// Replaying the records in order from the first rebuilds the presenter's state, so a late
/// joiner reads the feed from its start; a new command needs no change to the feed, since
/// every command travels as its text.
public struct FeedRecord: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, Sendable { case scene, act, bye }
    public var kind: Kind
    /// `scene`: the file's name (for the title), its format (`json`, `yaml`) and text.
    public var name: String?
    public var format: String?
    public var text: String?
    /// `act`: the presenter's scene clock before the commands ran.
    public var now: Double?
    public var commands: [String]?
    public var sync: FollowSync?
    /// `act`: when it was written (seconds since 1970): a reader that reads it later (a late
    /// joiner) moves a running clock on by the time since.
    public var wall: Double?

    public init(
        kind: Kind, name: String? = nil, format: String? = nil, text: String? = nil, now: Double? = nil,
        commands: [String]? = nil, sync: FollowSync? = nil, wall: Double? = nil
    ) {
        self.kind = kind; self.name = name; self.format = format; self.text = text
        self.now = now; self.commands = commands; self.sync = sync; self.wall = wall
    }

    public static let bye = FeedRecord(kind: .bye)

    /// The record as one line of JSON, newline included.
    public var line: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var bytes = (try? encoder.encode(self)).map { [UInt8]($0) } ?? []
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// One line of the feed (without its newline); nil when it is not a record.
    public static func parse(_ line: ArraySlice<UInt8>) -> FeedRecord? {
        try? JSONDecoder().decode(FeedRecord.self, from: Data(line))
    }
}

/// What the presenter's screen shows beyond the scene and its commands: applied after an
/// act's commands, it also carries what keys change without a command (a click's cursor, a
/// wheel's zoom, the status line).
///
/// The explorer's part is `view`, the state's `SharedView` as is; beside it the scene's
/// facts, which the engine owns and an attendee reaches by running commands (selection,
/// step, clock, the pinned measurement), the key mode and the legend. On the wire it is one
/// flat JSON object, the keys those of every feed so far.
public struct FollowSync: Codable, Equatable, Sendable {
    public var selection: String?
    public var step: Int
    /// normal, anchor, cursor or tree (help and the `:` line stay the presenter's).
    public var mode: String
    public var now: Double
    public var paused: Bool
    public var speed: Double
    public var legend: Bool
    /// The pinned measurement, as its `measure-pin` command (nil: none; absent in older feeds).
    public var measurePin: String?
    /// The shared view (`ExplorerState.shared`), its keys beside these.
    public var view: SharedView

    enum CodingKeys: String, CodingKey {
        case selection, step, mode, now, paused, speed, legend, measurePin
    }

    public init(_ state: ExplorerState) {
        let s = state.session
        selection = state.selectedName
        step = s.currentStep
        switch state.mode {
        case .anchor: mode = ModeName.anchor.rawValue
        case .cursor: mode = ModeName.cursor.rawValue
        case .tree: mode = ModeName.tree.rawValue
        default: mode = ModeName.normal.rawValue
        }
        now = s.now
        paused = s.isPaused
        speed = s.playbackSpeed
        legend = state.picture.legend
        measurePin = s.measurePin?.text
        view = state.shared
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        selection = try c.decodeIfPresent(String.self, forKey: .selection)
        step = try c.decode(Int.self, forKey: .step)
        mode = try c.decode(String.self, forKey: .mode)
        now = try c.decode(Double.self, forKey: .now)
        paused = try c.decode(Bool.self, forKey: .paused)
        speed = try c.decode(Double.self, forKey: .speed)
        legend = try c.decode(Bool.self, forKey: .legend)
        measurePin = try c.decodeIfPresent(String.self, forKey: .measurePin)
        view = try SharedView(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(selection, forKey: .selection)
        try c.encode(step, forKey: .step)
        try c.encode(mode, forKey: .mode)
        try c.encode(now, forKey: .now)
        try c.encode(paused, forKey: .paused)
        try c.encode(speed, forKey: .speed)
        try c.encode(legend, forKey: .legend)
        try c.encodeIfPresent(measurePin, forKey: .measurePin)
        try view.encode(to: encoder)
    }

    /// Makes `state` show what the presenter's did (its size, theme and mode stay its own).
    func apply(to state: inout ExplorerState) {
        if state.session.currentStep != step { _ = try? state.session.perform(.step(step)) }
        if let selection, let id = state.session.tree.id(named: selection) { state.session.selection = id }
        switch ModeName(rawValue: mode) ?? .normal {
        case .anchor: state.mode = .anchor
        case .cursor: state.mode = .cursor
        case .tree: state.mode = .tree
        case .normal: state.mode = .normal
        }
        Follow.setClock(&state, now: now)
        if state.session.isPaused != paused { _ = try? state.session.perform(.clock(paused ? .pause : .play)) }
        if state.session.playbackSpeed != speed, speed >= 0 { _ = try? state.session.perform(.clock(.speed(speed))) }
        state.picture.legend = legend
        state.shared = view
        state.output = nil
        if measurePin != state.session.measurePin?.text {
            let pin = measurePin.flatMap { try? CommandParser.parseEngine($0) } ?? .measurePin(nil)
            if case .measurePin = pin { _ = try? state.session.perform(pin) }
        }
    }
}

/// The shared view's fields by their feed names (the feed's policy and tests read them so).
extension FollowSync {
    public var panel: String {
        get { view.panelPage.rawValue }
        set { view.panelPage = PanelName(rawValue: newValue) ?? .inspector }
    }
    public var anchorBehaviour: String {
        get { view.anchorBehaviour.rawValue }
        set { view.anchorBehaviour = AnchorBehaviourName(rawValue: newValue) ?? .coreAnimation }
    }
    public var cursor: [Double]? {
        get { view.cursor.map { [$0.x, $0.y] } }
        set { view.cursor = SharedView.point(newValue) }
    }
    public var zoom: Double {
        get { view.view.zoom }
        set { view.view.zoom = newValue }
    }
    public var pan: [Double] { [view.view.panColumns, view.view.panRows] }
    public var fitted: [Double]? { view.view.fitted.map { [$0.origin.x, $0.origin.y, $0.size.width, $0.size.height] } }
    public var status: String {
        get { view.status }
        set { view.status = newValue }
    }
    public var statusIsError: Bool { view.statusIsError }
    public var echo: String {
        get { view.echo }
        set { view.echo = newValue }
    }
}

/// The follow logic, without I/O: what travels, and how an attendee applies a record.
public enum Follow {
    /// Commands that travel: as each command's declaration says (`CommandSpec.travels`):
    /// everything that changes what the screen shows, never what touches files or the
    /// terminal (save, load, export, quit), nor the presenter's own overlays and presentation
    /// settings. An attendee checks this too: a feed is input.
    public static func travels(_ command: Command) -> Bool {
        CommandTable.spec(of: command)?.travels ?? false
    }

    /// After reading `record` at `wall` seconds since 1970: while the presenter's animations
    /// run, the clock moves on by the time since it was written (at most a day; a clock
    /// that reads earlier than the writer's moves nothing).
    public static func catchUp(_ state: inout ExplorerState, after record: FeedRecord, at wall: Double) {
        guard let written = record.wall else { return }
        let behind = wall - written
        let s = state.session
        guard behind > 0, behind < 86_400, s.hasRunningAnimations, !s.isPaused, s.playbackSpeed > 0 else { return }
        _ = Reducer.reduce(&state, .tick(seconds: behind * s.playbackSpeed))
    }

    /// Sets the scene clock (a `time` command, which only moves the clock).
    static func setClock(_ state: inout ExplorerState, now: Double) {
        guard now.isFinite, now >= 0, state.session.now != now else { return }
        _ = try? state.session.perform(.clock(.time(now)))
    }

    /// The explorer state a `scene` record opens — `scene` read from its text by the runtime
    /// (`Follow.open` in ExplorerRuntime: the core parses no file format) — at `like`'s size and
    /// settings.
    public static func state(opening scene: Scene, like base: ExplorerState) -> ExplorerState {
        // No file: an attendee's :w must never write over a local file of the same name.
        var state = ExplorerState(session: Session(scene: scene, filePath: nil))
        state.columns = base.columns
        state.rows = base.rows
        state.cellAspect = base.cellAspect
        state.picture.present = base.picture.present
        state.follow = base.follow
        return state
    }

    /// Applies one record to the presenter's mirror. False for a record it cannot use
    /// (its status says why).
    /// `opened`: a `scene` record's scene as the runtime read it from the record's text (nil
    /// for other records).
    @discardableResult
    public static func apply(_ record: FeedRecord, opened: Result<Scene, SceneLoadError>?, to state: inout ExplorerState) -> Bool {
        switch record.kind {
        case .scene:
            switch opened ?? .failure(SceneLoadError("the feed's scene record was not read")) {
            case let .success(scene):
                state = Follow.state(opening: scene, like: state)
                state.sceneName = record.name
                return true
            case let .failure(error):
                state.setStatus("the presenter's scene does not load here: \(error.description)", error: true)
                return false
            }
        case .act:
            if let now = record.now { setClock(&state, now: now) }
            for text in record.commands ?? [] {
                guard let commands = try? CommandParser.parseLine(text) else { continue }
                for c in commands where travels(c) {
                    _ = Reducer.perform(&state, c, echo: nil)
                }
            }
            record.sync?.apply(to: &state)
            return true
        case .bye:
            return true
        }
    }
}
