import Geometry
import Graphics
import Explorer
import Scenes
import Raster
import TerminalKit
import Engine
import SceneFiles
import SafeText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The I/O the run loop performs for the reducer's effects. The real one reads and writes
/// files; tests can give their own.
public struct ExplorerIO: Sendable {
    public var load: @Sendable (String) -> Result<Scene, SceneLoadError>
    public var save: @Sendable (Scene, String) -> Result<Void, SceneLoadError>
    /// A cheap stamp of a file's state (mtime and size), nil when it can't be read.
    public var stamp: @Sendable (String) -> FileStamp?
    /// `save --rewrite` (issue 36): the summary of what was written afresh.
    public var rewrite: @Sendable (Scene, String) -> Result<String, SceneLoadError> = ExplorerIO.rewriteFile

    public init(
        load: @escaping @Sendable (String) -> Result<Scene, SceneLoadError>,
        save: @escaping @Sendable (Scene, String) -> Result<Void, SceneLoadError>,
        stamp: @escaping @Sendable (String) -> FileStamp?
    ) {
        self.load = load; self.save = save; self.stamp = stamp
    }

    /// Real files: LayoutFile with the scene's script applied; atomic saves.
    public static let files = ExplorerIO(
        load: { path in Result { () throws(SceneLoadError) in try SceneLoader.load(path) } },
        save: { scene, path in Result { () throws(SceneLoadError) in try SceneLoader.save(scene, to: path, expecting: scene.savingExpectation(to: path)) } },
        stamp: FileStamp.of)

    /// `save --rewrite` on real files, expecting the version the scene was read at.
    public static let rewriteFile: @Sendable (Scene, String) -> Result<String, SceneLoadError> = { scene, path in
        Result { () throws(SceneLoadError) in try SceneLoader.rewrite(scene, to: path, expecting: scene.savingExpectation(to: path)).summary }
    }
}

/// mtime + size + inode of a file: enough to notice an editor's save (the inode tells a
/// file written anew and renamed over the old one, even with the same size and mtime).
public struct FileStamp: Equatable, Sendable {
    public var seconds: Int
    public var nanoseconds: Int
    public var size: Int
    public var inode: UInt64 = 0

    @Sendable public static func of(_ path: String) -> FileStamp? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        #if canImport(Darwin)
            return FileStamp(seconds: Int(st.st_mtimespec.tv_sec), nanoseconds: Int(st.st_mtimespec.tv_nsec), size: Int(st.st_size), inode: UInt64(st.st_ino))
        #else
            return FileStamp(seconds: Int(st.st_mtim.tv_sec), nanoseconds: Int(st.st_mtim.tv_nsec), size: Int(st.st_size), inode: UInt64(st.st_ino))
        #endif
    }
}

/// The one loop: event → action → reduce → effects → render → draw. Nothing is drawn
/// while nothing happens (the backend also skips a canvas equal to the last one).
public final class RunLoop {
    public internal(set) var state: ExplorerState
    let terminal: any Terminal
    let io: ExplorerIO
    var options: ScreenOptions
    /// How often to look at the layout file for changes, when there is one.
    let pollMilliseconds: Int
    var knownStamp: FileStamp?
    /// Mouse press position, for turning drags into pans.
    var dragFrom: (column: Int, row: Int)?
    /// Presenter (`--share FEED`): where every key's commands and the view after it go
    /// (FollowLoop.swift). Setting it starts collecting the commands.
    public var share: FeedWriter? { didSet { if share != nil, state.journal == nil { _ = Reducer.reduce(&state, .journalSent) } } }
    /// Presenter: the feed could not be written (the status line said so).
    var feedTrouble = false
    /// Wakes spent trying a failing feed again while idle (tests count them).
    public internal(set) var retries = 0
    /// Attendee (`--follow FEED`): the feed and the presenter's state (FollowLoop.swift).
    var follow: FollowState?
    /// Called with the state after every event (`layerscope learn` saves progress with it).
    public var observe: ((ExplorerState) -> Void)?
    /// The canvas in pixels (`--graphics`): the image side of every frame; nil draws cells.
    public var pixels: PixelFrames?
    /// The graphics probe's late answers, dropped until then (LateAnswers.swift).
    var lateAnswers: (LateAnswers, ContinuousClock.Instant)?
    /// `--graphics auto` heard nothing in time: the late answers may still switch to pixels.
    var lateProbe: LateProbe?
    /// They did: the next wake draws (LateAnswers.swift).
    var graphicsArrived = false
    /// The code a key runs, swept into the caches when a key arrives (KeyPathWarmth.swift).
    public var keyPathCode: CodeRange?
    /// The sweeps' sum, kept so that their loads are kept.
    var swept: UInt8 = 0
    /// How many sweeps the loop made: one an event (tests count them).
    public internal(set) var sweeps = 0

    public init(
        state: ExplorerState, terminal: any Terminal, io: ExplorerIO = .files,
        options: ScreenOptions, pollMilliseconds: Int = 300
    ) {
        var s = state
        s.columns = terminal.size.columns
        s.rows = terminal.size.rows
        self.state = s
        self.terminal = terminal
        self.io = io
        self.options = options
        self.pollMilliseconds = pollMilliseconds
        knownStamp = s.session.filePath.flatMap(io.stamp)
    }

    /// Runs until quit; returns normally, throws only for terminal failures.
    /// `maxEvents` stops early (tests): checked before every event.
    public func run(maxEvents: Int? = nil) throws {
        defer { removeImage() }
        publishAct(nowBefore: state.session.now)  // a --script's commands, when sharing
        try draw()
        var handled = 0
        while true {
            if let maxEvents, handled >= maxEvents { return }
            // The clock runs only while an animation is active: then the loop wakes at most
            // `frameMilliseconds` apart; otherwise it blocks on input (and the file watch).
            var timeout = state.session.filePath == nil || watchFile() ? nil : pollMilliseconds
            if !clock.running(&state) { clock.stop() }
            if clock.running(&state) { timeout = min(timeout ?? Int.max, clock.millisecondsToNextFrame()) }
            if let retry = feedRetryMilliseconds { timeout = min(timeout ?? Int.max, retry) }
            guard let event = try nextEvent(timeoutMilliseconds: timeout) else {
                let running = clock.running(&state)
                let feedRedraw = retryFeed()  // a feed the disk refused: tried again (FollowLoop.swift)
                let arrived = graphicsArrived  // the probe's late answers named an image protocol
                graphicsArrived = false
                // A wake from the file watch with nothing new: back to sleep (unless animating).
                if !running && !feedRedraw && !arrived && fileWatchSaysNothing() { continue }
                var redraw = try checkFile() || feedRedraw || arrived
                if redraw { publishAct(nowBefore: state.session.now) }
                if running { try tick(); redraw = true }
                if redraw { try draw() }
                if terminal.inputHasEnded { return }
                continue
            }
            handled += 1
            if let keyPathCode {
                swept &+= keyPathCode.sweep()
                sweeps += 1
            }
            var quit = false
            let stepBefore = state.session.currentStep
            let nowBefore = state.session.now
            if case let .key(key) = event {
                // A key, the common event, goes straight in: a loop over `actions(for:)`'s
                // array copied the action through the enum's whole value witness every key.
                quit = try dispatch(.key(key))
            } else {
                for action in actions(for: event) {
                    if try dispatch(action) { quit = true; break }
                }
            }
            if state.session.currentStep != stepBefore { markStep() }
            publishAct(nowBefore: nowBefore)
            observe?(state)
            if quit { return }
            if clock.running(&state) { try tick() }
            try draw()
        }
    }

    /// A chapter in the recording for the step the scene is now at ("step 2: title").
    func markStep() {
        guard let marking = terminal as? any ChapterMarking else { return }
        // A recording's chapter: the step's title (from the file, or a feed) shown safely.
        marking.mark(SafeText.visible(Self.stepLabel(state.session)))
    }

    /// "step 2: frameFirst: frame…", or "step 0: before the first step".
    static func stepLabel(_ session: Session) -> String {
        let n = session.currentStep
        guard n > 0, n <= session.scene.steps.count else { return "step \(n): before the first step" }
        return "step \(n): " + session.scene.steps[n - 1].title
    }

    /// The explorer's playback clock (wall time × speed), capped at `FrameClock.framesPerSecond`.
    var clock = FrameClock()

    /// Advances the scene clock by the wall time since the last tick, times the speed.
    func tick() throws {
        let elapsed = clock.lap()
        if elapsed > 0 { _ = try dispatch(.tick(seconds: elapsed * state.session.playbackSpeed)) }
    }

    /// Reduces one action and performs its effects; true when the app should quit.
    @discardableResult
    public func dispatch(_ action: Action) throws -> Bool {
        var effect = Reducer.reduce(&state, action)
        while true {
            switch effect {
            case .none: return false
            case .quit: return true
            case .followPresenter:
                // An attendee's F: the presenter's state, which the loop keeps (FollowLoop.swift).
                guard let result = followAgain() else { return false }
                effect = Reducer.reduce(&state, result)
            case let .save(path) where state.session.saveConflict(to: path) != nil:
                // Someone else saved the file since it was loaded, or it is read-only: ask.
                effect = Reducer.reduce(&state, .saveConflict(path: path, state.session.saveConflict(to: path)!))
            default:
                // A load's stamp is taken before reading: a write that lands while the file is
                // read (an editor's burst) changes it, so the next look loads again — taken
                // after, it would match the new file and leave the half-read scene (issue 20).
                var stampBefore: FileStamp? = nil
                if case let .load(path) = effect { stampBefore = io.stamp(path) }
                guard let result = EffectPerformer.perform(effect, scene: state.session.savable, io: io, copy: sendToClipboard) else { return false }
                // After our own save, watch the file from its new stamp, or the next poll would
                // reload it (a save only when it worked: Session.didSave).
                switch (effect, result) {
                case let (.save(path), .saved), let (.overwrite(path), .saved), let (.rewrite(path), .rewrote): knownStamp = io.stamp(path)
                case let (.load(path), .loaded): knownStamp = stampBefore; publishScene(path: path)
                case (.load, _): knownStamp = stampBefore
                default: break
                }
                effect = Reducer.reduce(&state, result)
            }
        }
    }

    #if canImport(Glibc)
        /// The inotify watch on the session's file (FileWatcher.swift), when the terminal can
        /// wake on it: then the loop sleeps until a key or a change, never on a timer.
        private var watcher: FileWatcher?
    #endif

    /// Watches the session's file for a terminal that can wake on it; false when the loop
    /// must poll (no file watch, or a terminal such as `InMemoryTerminal`).
    private func watchFile() -> Bool {
        #if canImport(Glibc)
            guard let terminal = terminal as? any WakeableTerminal, let path = state.session.filePath else { return false }
            if watcher?.path != path {
                watcher = FileWatcher(path: path)
                terminal.extraWakeDescriptor = watcher?.descriptor
                // Changes between the last look and the new watch: look once more.
                if watcher != nil, (try? checkFile()) == true { try? draw() }
            }
            return watcher != nil
        #else
            return false
        #endif
    }

    /// After a wake with no event: true when it was the file watch and nothing happened
    /// to the file (another file in its folder changed).
    private func fileWatchSaysNothing() -> Bool {
        #if canImport(Glibc)
            guard let watcher, watcher.path == state.session.filePath else { return false }
            return !watcher.drain()
        #else
            return false
        #endif
    }

    /// Live reload: true when the file changed and was (re)loaded or reported.
    func checkFile() throws -> Bool {
        guard let path = state.session.filePath else { return false }
        let stamp = io.stamp(path)
        guard stamp != knownStamp else { return false }
        knownStamp = stamp
        guard stamp != nil else {
            // Deleted (or mid-save: wait for it to return). Said in the title until resolved.
            _ = try dispatch(.fileDeleted)
            return true
        }
        _ = try dispatch(.fileChanged)
        return true
    }

    func draw() throws {
        let screen = Self.render(&state, options: options)
        let images = pixels != nil ? terminal as? any GraphicsTerminal : nil
        // kitty's placeholders (inside tmux): the image first, then the canvas's blank cells
        // that name it (PixelFrames.cells).
        var afterCells: [UInt8] = []
        if let pixels, let images, pixels.writesImageBeforeCells {
            let out = pixels.frame(state, options: options, screen: screen.canvas)
            if !out.bytes.isEmpty { try images.writeImage(out.bytes, repaint: nil, clear: nil) }
            afterCells = out.afterCells
        }
        let canvas = pixels?.cells(state, screen: screen.canvas) ?? screen.canvas
        try terminal.draw(canvas, cursor: screen.cursor.map { (column: $0.column, row: $0.row) })
        if let images, !afterCells.isEmpty { try images.writeImage(afterCells, repaint: nil, clear: nil) }
        if let pixels, let images, !pixels.writesImageBeforeCells {
            let out = pixels.frame(state, options: options, screen: canvas)
            if !out.isEmpty { try images.writeImage(out.bytes, repaint: out.repaint, clear: out.clear) }
        }
    }

    /// The screen for the loop's state. `inout` only so that the state is lent in place: a
    /// class's property passed by value is copied whole first (issue 36: a key's working set).
    static func render(_ state: inout ExplorerState, options: ScreenOptions) -> Screen {
        ExplorerScreen.render(state, options: options)
    }

    /// Draws the canvas in pixels from now on (`--graphics`): the cells keep only the names.
    public func useGraphics(_ frames: PixelFrames) {
        pixels = frames
        options.pixels = frames.graphics != .cells
    }

    /// No image left behind when the loop ends (quit): kitty's deleted by id, sixel's cells repainted.
    func removeImage() {
        guard let pixels, let images = terminal as? any GraphicsTerminal else { return }
        let out = pixels.removeImage()
        if !out.isEmpty { try? images.writeImage(out.bytes, repaint: nil, clear: out.clear) }
    }

    /// Turns a terminal event into reducer actions.
    func actions(for event: InputEvent) -> [Action] {
        switch event {
        case let .key(key): return [.key(key)]
        case let .resize(columns, rows):
            pixels?.invalidate()  // the terminal is cleared and repainted: the image goes again
            return [.resize(columns: columns, rows: rows)]
        case .resumed:
            pixels?.invalidate()  // the terminal was repainted in cells: the image goes again
            return []
        case let .mouse(m):
            switch m.kind {
            case .press:
                dragFrom = (m.column, m.row)
                return [.click(column: m.column, row: m.row)]
            case .drag:
                guard let from = dragFrom else { dragFrom = (m.column, m.row); return [] }
                dragFrom = (m.column, m.row)
                return [.drag(columns: m.column - from.column, rows: m.row - from.row)]
            case .release:
                dragFrom = nil
                return []
            case .wheelUp: return [.wheel(up: true, column: m.column, row: m.row)]
            case .wheelDown: return [.wheel(up: false, column: m.column, row: m.row)]
            }
        }
    }
}

/// Wall time for playback: a monotonic clock, lapped once per frame.
struct FrameClock {
    static let framesPerSecond = 30.0
    private var last: Double?

    static func monotonicSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// True while the scene clock should move (something animates, not paused, speed > 0).
    /// `inout`, though it only reads: the run loop's state is a class's property, and passed by
    /// value it was copied whole (every field retained and released) three times a key.
    func running(_ state: inout ExplorerState) -> Bool {
        state.session.hasRunningAnimations && !state.session.isPaused && state.session.playbackSpeed > 0
    }

    /// Seconds since the last lap (0 on the first: the clock starts now).
    mutating func lap() -> Double {
        let t = FrameClock.monotonicSeconds()
        defer { last = t }
        guard let last else { return 0 }
        return max(0, t - last)
    }

    /// Forget the last lap: the next run starts from then, not from before an idle spell.
    mutating func stop() { last = nil }

    func millisecondsToNextFrame() -> Int {
        guard let last else { return 0 }
        let due = last + 1 / FrameClock.framesPerSecond - FrameClock.monotonicSeconds()
        return max(0, Int((due * 1000).rounded(.up)))
    }
}

extension RunLoop {
    /// `e` then `y`: the Swift goes to the clipboard over OSC 52 when the terminal can take
    /// it. Returns the action that tells the reducer how it went.
    func sendToClipboard(_ text: String) -> Action {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        do {
            try terminal.copyToClipboard(text)
            return .copied(
                "sent \(lines) lines to the clipboard (OSC 52) — if nothing arrives, the terminal may not support it (tmux: set -g set-clipboard on)")
        } catch TerminalError.cannotCopy {
            return .copyFailed(TerminalError.cannotCopy.description)
        } catch {
            return .copyFailed("copy failed: \(error)")
        }
    }
}
