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

    public init(kind: Kind, name: String? = nil, format: String? = nil, text: String? = nil, now: Double? = nil,
                commands: [String]? = nil, sync: FollowSync? = nil, wall: Double? = nil) {
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
public struct FollowSync: Codable, Equatable, Sendable {
    public var selection: String?
    public var step: Int
    public var panel: String
    /// normal, anchor, cursor or tree (help and the `:` line stay the presenter's).
    public var mode: String
    public var anchorBehaviour: String
    public var now: Double
    public var paused: Bool
    public var speed: Double
    public var cursor: [Double]?
    public var zoom: Double
    public var pan: [Double]
    public var fitted: [Double]?
    public var legend: Bool
    public var status: String
    public var statusIsError: Bool
    public var echo: String
    /// The pinned measurement, as its `measure-pin` command (nil: none; absent in older feeds).
    public var measurePin: String?

    public init(_ state: ExplorerState) {
        let s = state.session
        selection = state.selectedName
        step = s.currentStep
        panel = state.panelPage.rawValue
        switch state.mode {
        case .anchor: mode = "anchor"
        case .cursor: mode = "cursor"
        case .tree: mode = "tree"
        default: mode = "normal"
        }
        anchorBehaviour = state.anchorBehaviour.rawValue
        now = s.now
        paused = s.isPaused
        speed = s.playbackSpeed
        cursor = state.cursor.map { [$0.x, $0.y] }
        zoom = state.view.zoom
        pan = [state.view.panColumns, state.view.panRows]
        fitted = state.view.fitted.map { [$0.origin.x, $0.origin.y, $0.size.width, $0.size.height] }
        legend = state.picture.legend
        status = state.status
        statusIsError = state.statusIsError
        echo = state.echo
        measurePin = state.session.measurePin?.text
    }

    /// Makes `state` show what the presenter's did (its size, theme and mode stay its own).
    func apply(to state: inout ExplorerState) {
        if state.session.currentStep != step { _ = try? state.session.perform(.step(step)) }
        if let selection, let id = state.session.tree.id(named: selection) { state.session.selection = id }
        state.panelPage = PanelName(rawValue: panel) ?? state.panelPage
        switch mode {
        case "anchor": state.mode = .anchor
        case "cursor": state.mode = .cursor
        case "tree": state.mode = .tree
        default: state.mode = .normal
        }
        state.anchorBehaviour = AnchorBehaviourName(rawValue: anchorBehaviour) ?? state.anchorBehaviour
        Follow.setClock(&state, now: now)
        if state.session.isPaused != paused { _ = try? state.session.perform(.clock(paused ? .pause : .play)) }
        if state.session.playbackSpeed != speed, speed >= 0 { _ = try? state.session.perform(.clock(.speed(speed))) }
        state.cursor = cursor.flatMap { $0.count == 2 ? Point(x: $0[0], y: $0[1]) : nil }
        if zoom.isFinite, zoom > 0 { state.view.zoom = zoom }
        if pan.count == 2, pan[0].isFinite, pan[1].isFinite { state.view.panColumns = pan[0]; state.view.panRows = pan[1] }
        state.view.fitted = fitted.flatMap { $0.count == 4 ? Rect($0[0], $0[1], $0[2], $0[3]) : nil }
        state.picture.legend = legend
        state.status = status
        state.statusIsError = statusIsError
        state.echo = echo
        state.output = nil
        if measurePin != state.session.measurePin?.text {
            let pin = measurePin.flatMap { try? CommandParser.parseEngine($0) } ?? .measurePin(nil)
            if case .measurePin = pin { _ = try? state.session.perform(pin) }
        }
    }
}

/// The follow logic, without I/O: what travels, and how an attendee applies a record.
public enum Follow {
    /// Commands that travel: everything that changes what the screen shows, never what
    /// touches files or the terminal (save, load, export, quit), nor the presenter's own
    /// overlays and presentation settings. An attendee checks this too: a feed is input.
    public static func travels(_ command: Command) -> Bool {
        switch command {
        case let .engine(c):
            switch c {
            case .save, .load, .reload, .exportSVG, .exportSwift: return false
            default: return true
            }
        case let .explorer(c):
            switch c {
            case .quit, .help, .commandLine, .present, .show: return false
            default: return true
            }
        }
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
        state.following = base.following
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
