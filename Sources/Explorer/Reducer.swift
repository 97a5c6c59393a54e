import Cells
import Scenes
import Geometry
import Raster
import TerminalKit
import CommandLanguage
import Engine

/// Everything that can happen to the explorer.
public enum Action: Equatable, Sendable {
    /// A key, as the terminal decoded it (`Key`; its echo name is `Key.description`).
    case key(Key)
    /// A command from a script or the `:` line.
    case command(Command)
    /// A mouse press at a terminal cell.
    case click(column: Int, row: Int)
    /// Wheel up (zoom in) or down at a terminal cell.
    case wheel(up: Bool, column: Int, row: Int)
    /// A drag by whole cells (pans the canvas).
    case drag(columns: Int, rows: Int)
    case resize(columns: Int, rows: Int)
    /// The layout file changed on disk.
    case fileChanged
    /// The layout file is gone (deleted, or mid-save): said in the title until it is back.
    case fileDeleted
    /// The run loop's clock: advance the scene clock by these (already speed-scaled) seconds.
    case tick(seconds: Double)
    // Results of effects, fed back by the run loop.
    /// A save wrote `path`; `version`: the file's version just after (the runtime's `stat`,
    /// so the reducer reads no file).
    case saved(path: String, version: FileVersion? = nil)
    /// `save --rewrite` wrote the file; `summary` says what it wrote afresh (issue 36).
    case rewrote(path: String, summary: String, version: FileVersion? = nil)
    /// A save failed; `offersRewrite`: the file refused it in place and `save --rewrite` would
    /// write it (`SceneLoadError.offersRewrite`), so the quit question offers that.
    case saveFailed(String, offersRewrite: Bool = false)
    /// The save must ask first (`Session.saveConflict`): the run loop found this.
    case saveConflict(path: String, SaveConflict)
    case loaded(Scene, path: String)
    case loadFailed(String)
    case wrote(path: String)
    case writeFailed(path: String, message: String)
    /// What the clipboard said (OSC 52 sent), or why it could not copy.
    case copied(String)
    case copyFailed(String)
    // Follow mode (FollowLoop.swift): the run loop reads the feed, the reducer changes state.
    /// The title's note: following or detached, and whether the presenter left.
    case following(attached: Bool, presenterLeft: Bool)
    /// A record of the presenter's feed, applied to the presenter's state (`Follow.apply`):
    /// the state shown while attached, the mirror kept while detached (`Follow.onPresenter`);
    /// a `scene` record comes with its scene as the runtime read it (`Follow.action(for:)`).
    case feed(FeedRecord, opened: Result<Scene, SceneLoadError>?)
    /// The presenter's clock moved on since `record` (read late): `Follow.catchUp`, on the
    /// presenter's state as `.feed`.
    case catchUp(after: FeedRecord, wall: Double)
    /// An attached attendee's own key is about to change their screen: the presenter's state
    /// is kept (`FollowFlags.presenter`) for `F`. The key's actions follow, then `.detached`.
    case detaching
    /// After that key: detached (the title and the status say `F` follows again).
    case detached
    /// `F` answered: the presenter's state (the mirror, at this terminal's size) is shown
    /// again, its running clock moved on by `seconds` since the presenter was last heard.
    case followedAgain(seconds: Double)
    /// A directory's entries (directories with a trailing `/`), for the `:` line's completion.
    case directoryListed(String, entries: [String])
    /// A key that changed nothing but what the footer says (an attendee still following).
    case said(echo: String, status: String, error: Bool)
    /// The presenter's journal of commands went out to the feed (or sharing began): start
    /// a new, empty one.
    case journalSent
}

/// What the run loop must do after a reduction (the reducer does no I/O).
public enum ExplorerEffect: Equatable, Sendable {
    case none
    case quit
    case save(path: String)
    /// Save without asking again (answered "overwrite" to `Mode.confirmOverwrite`).
    case overwrite(path: String)
    /// `save --rewrite`: write afresh what the file cannot keep its text for (issue 36).
    case rewrite(path: String)
    case load(path: String)
    /// Put this text on the clipboard (OSC 52).
    case copy(String)
    /// Write this text to a file atomically (`export svg FILE`).
    case write(path: String, text: String)
    /// An attendee (`--follow`) who detached: show the presenter's state again. Only a key
    /// asks for it (`F`, when detached), never a command, so no script meets it.
    case followPresenter
    /// Tab on the `:` line, completing a file name: list this directory ("" is the current
    /// one) and answer `Action.directoryListed`.
    case listDirectory(String)
}

/// The pure reducer: `reduce(&state, action)` changes state and asks for effects.
public enum Reducer {
    public static func reduce(_ state: inout ExplorerState, _ action: Action) -> ExplorerEffect {
        guard state.isLearning else { return reduceAction(&state, action) }
        // Learn mode (LearnState.swift): its overlays take keys first; every action re-checks.
        let effect = Learn.intercept(&state, action) ?? reduceAction(&state, action)
        Learn.recheck(&state)
        return effect
    }

    static func reduceAction(_ state: inout ExplorerState, _ action: Action) -> ExplorerEffect {
        switch action {
        case let .key(key): return handleKey(&state, key)
        case let .command(c): return perform(&state, c, echo: nil)
        case let .click(column, row): return click(&state, column: column, row: row)
        case let .wheel(up, column, row):
            let about = state.point(atTerminalColumn: column, row: row)
            zoom(&state, by: up ? 1.25 : 0.8, about: about)
            return .none
        case let .drag(dc, dr):
            state.view.panColumns -= Double(dc)
            state.view.panRows -= Double(dr)
            return .none
        case let .resize(columns, rows):
            state.columns = columns; state.rows = rows
            return .none
        case let .tick(seconds):
            state.session.advanceClock(by: seconds)
            return .none
        case .fileChanged:
            // Back again (an editor that writes a new file): no longer deleted, whatever it holds.
            if state.diskNotice?.hasPrefix("file deleted") == true { state.diskNotice = nil }
            guard let path = state.session.filePath else { return .none }
            // Never throw away edits behind the user's back.
            if state.session.isDirty {
                state.setStatus("\(path) changed on disk — :reload to take it (your unsaved edits are discarded), :w to keep yours", error: true)
                state.diskNotice = "changed on disk"
                return .none
            }
            return .load(path: path)
        case .fileDeleted:
            state.diskNotice = "file deleted — :w writes it again"
            return .none
        case let .saved(path, version):
            state.session.didSave(to: path, version: version)
            state.diskNotice = nil
            state.setStatus("saved \(path)")
            if state.mode == .confirmQuit || state.quitAfterSave { return .quit }
            if case let .confirmOverwrite(_, _, quitting) = state.mode {
                state.mode = .normal
                if quitting { return .quit }
            }
            return .none
        case let .rewrote(path, summary, version):
            let effect = reduce(&state, .saved(path: path, version: version))
            if !summary.isEmpty { state.setStatus("saved \(path): \(summary)") }
            return effect
        case let .saveConflict(path, conflict):
            let quitting = state.mode == .confirmQuit || state.quitAfterSave
            state.quitAfterSave = false
            state.mode = .confirmOverwrite(path: path, conflict: conflict, quitting: quitting)
            let choices =
                conflict == .changedOnDisk
                ? "o: overwrite it · r: reload it (drops your edits) · s: save as… · Esc: cancel"
                : "o: overwrite anyway · s: save as… · Esc: cancel"
            state.setStatus(conflict.message(path) + " — " + choices, error: true)
            return .none
        case let .saveFailed(message, offersRewrite):
            if offersRewrite, offerRewriteAndQuit(&state, refusal: message) { return .none }  // QuitQuestion.swift
            state.quitAfterSave = false
            if state.mode == .confirmQuit { state.mode = .normal }
            if case .confirmOverwrite = state.mode { state.mode = .normal }
            state.setStatus("save failed: \(message) — nothing was lost", error: true)
            return .none
        case let .loaded(scene, path):
            // Another file is a new picture: fit it. A reload of the same file keeps the camera.
            let other = path != state.session.filePath
            state.session.replaceScene(scene, filePath: path)
            if other { state.view = ViewControl(); state.openedView = Framing.sceneRect(state); state.view.fitted = state.openedView }
            state.fileError = nil
            state.diskNotice = nil
            state.setStatus("loaded \(path)" + (scene.title.map { " — \($0)" } ?? ""))
            state.showLoadWarnings(of: scene, path: path)
            return .none
        case let .loadFailed(message):
            state.fileError = message
            state.setStatus("kept the last good scene: " + message, error: true)
            return .none
        case let .wrote(path):
            state.setStatus("wrote \(path)")
            return .none
        case let .writeFailed(path, message):
            state.setStatus("cannot write \(path): \(message)", error: true)
            return .none
        case let .copied(message):
            state.setStatus(message)
            return .none
        case let .copyFailed(message):
            state.setStatus(message, error: true)
            return .none
        case let .following(attached, presenterLeft):
            var flags = FollowFlags(attached: attached, presenterLeft: presenterLeft)
            if !attached { flags.presenter = state.follow?.presenter }
            state.follow = flags
            if presenterLeft, attached {
                state.setStatus("the presenter left — this is their last state (q quits)")
            }
            return .none
        case let .feed(record, opened):
            Follow.onPresenter(&state) { Follow.apply(record, opened: opened, to: &$0) }
            return .none
        case let .catchUp(record, wall):
            Follow.onPresenter(&state) { Follow.catchUp(&$0, after: record, at: wall) }
            return .none
        case .detaching:
            let presenter = PresenterMirror(state)
            state.follow?.presenter = presenter
            return .none
        case .detached:
            _ = reduce(&state, .following(attached: false, presenterLeft: state.follow?.presenterLeft ?? false))
            let said = "detached — \(Keymap.keyNames(for: .followAgain)) follows again" + (state.status.isEmpty ? "" : " · " + state.status)
            state.setStatus(said, error: state.statusIsError)
            return .none
        case let .directoryListed(directory, entries):
            completeFiles(&state, directory: directory, entries: entries)
            return .none
        case let .followedAgain(seconds):
            guard Follow.followAgain(&state, after: seconds) else { return .none }
            let presenterLeft = state.follow?.presenterLeft ?? false
            _ = reduce(&state, .following(attached: true, presenterLeft: presenterLeft))
            if !presenterLeft { state.setStatus("following the presenter again") }
            state.echo = "\(Keymap.keyNames(for: .followAgain)) → follow"
            return .none
        case let .said(echo, status, error):
            state.echo = echo
            state.status = status
            state.statusIsError = error
            return .none
        case .journalSent:
            state.journal = []
            return .none
        }
    }

    static func modeKind(_ mode: Mode) -> ModeName {
        switch mode {
        case .anchor: return .anchor
        case .cursor: return .cursor
        case .tree: return .tree
        default: return .normal
        }
    }

    // MARK: Keys

    static func handleKey(_ state: inout ExplorerState, _ key: Key) -> ExplorerEffect {
        // Ctrl-C cancels the : line, help, an overlay or a question; else it quits, asking
        // first when there are unsaved edits (issue 11, DECISIONS.md).
        if key == .control("c"), let effect = ctrlC(&state) { return effect }
        // The quit question's "save as" quits only from its own `:` line (QuitQuestion.swift).
        if case .command = state.mode {} else { state.quitAfterSave = false }
        // Esc typed quickly before a key arrives as Alt+key. On the : line, in help and at the
        // quit question Esc has its own meaning, so M-x there is always Esc, then x.
        if case let .alt(c) = key {
            switch state.mode {
            case .command, .help, .confirmQuit, .confirmOverwrite:
                _ = handleKey(&state, .escape)
                return handleKey(&state, .character(c))
            default: break
            }
        }
        switch state.mode {
        case let .command(text, caret): return commandLineKey(&state, key, text: text, caret: caret)
        case .help:
            // Taller than the terminal: j/k, arrows, Space and Page keys scroll; any other
            // key closes (as every key does when it all fits).
            let visible = ExplorerScreen.helpVisibleRows(state)
            let maxScroll = max(0, ExplorerScreen.helpLines(state).count - visible)
            let page = max(1, visible - 1)
            let step: Int?
            switch key {
            case .character("j"), .down: step = 1
            case .character("k"), .up: step = -1
            case .character(" "), .pageDown: step = page
            case .pageUp: step = -page
            default: step = nil
            }
            if let step, maxScroll > 0 {
                state.helpScroll = min(max(0, state.helpScroll + step), maxScroll)
                return .none
            }
            state.mode = .normal
            state.helpScroll = 0
            return .none
        case .confirmQuit:
            switch key {
            case .character("y"), .character("Y"), .character("w"):
                // No file of its own (a dump, a pipe, the tour): save as a name (issue 32).
                guard let path = state.session.filePath else { return saveAsAndQuit(&state) }
                return .save(path: path)
            case .character("s"), .character("S"):
                return saveAsAndQuit(&state)
            case .character("n"), .character("N"), .character("q"), .character("!"): return .quit
            case .control("c"): return .quit
            default:
                state.mode = .normal
                state.setStatus("quit cancelled")
                return .none
            }
        case let .confirmOverwrite(path, conflict, _):
            switch key {
            case .character("o"), .character("O"):
                return .overwrite(path: path)
            case .character("r") where conflict == .changedOnDisk, .character("R") where conflict == .changedOnDisk:
                state.mode = .normal
                return .load(path: path)
            case .character("s"), .character("S"):
                state.mode = .command(text: "save ", caret: 5)
                state.setStatus("save as: type a file name, Enter")
                return .none
            default:
                state.mode = .normal
                state.setStatus("not saved — \(path) is as it was; your edits are still unsaved")
                return .none
            }
        default: break
        }
        // The search after `/` is a line being typed, like the `:` line: its keys are text.
        if let typed = state.treeBrowser.typing { return searchKey(&state, key, typed) }
        let kind = modeKind(state.mode)
        let conditions = Keymap.conditions(state)
        // Esc typed quickly before a key arrives as Alt+key: treat an unbound M-x as Esc, x.
        if case let .alt(c) = key, Keymap.binding(for: key, in: kind, when: conditions) == nil {
            _ = handleKey(&state, .escape)
            return handleKey(&state, .character(c))
        }
        guard let binding = Keymap.binding(for: key, in: kind, when: conditions) else {
            state.setStatus("\(key) does nothing here — press ? for help", error: true)
            state.echo = key.description
            return .none
        }
        switch binding.action {
        case let .command(c): return perform(&state, c, echo: key.description)
        case let .ui(u): return ui(&state, u, key: key)
        }
    }

    static func ui(_ state: inout ExplorerState, _ action: ContextualAction, key typed: Key) -> ExplorerEffect {
        let key = typed.description
        // Every key echoes a command that replays (`a → mode anchor`): toggles resolve to
        // the command they amount to in the current state.
        switch action {
        case .anchorMode: return perform(&state, .mode(state.mode == .anchor ? .normal : .anchor), echo: key)
        case .anchorBehaviour:
            return perform(&state, .anchorBehaviour(state.anchorBehaviour == .coreAnimation ? .keepFrame : .coreAnimation), echo: key)
        case .cursorMode: return perform(&state, .mode(state.mode == .cursor ? .normal : .cursor), echo: key)
        case .treeMode: return perform(&state, .mode(state.mode == .tree ? .normal : .tree), echo: key)
        case .nextStep, .previousStep:
            return stepKey(&state, forward: action == .nextStep, key: key)
        case .nextOperation, .previousOperation:
            // The flat view's `}` `{` (the exploded view's are yaw bindings in the keymap).
            return perform(&state, .operation(ContentPage.target(state, forward: action == .nextOperation)), echo: key)
        case .nextPanel:
            // The content page joins the cycle only for a selection that draws something
            // (`{` `}` and `panel content` reach it always). Pressed after another key, `i`
            // counts from the inspector — except on the formula page, where it goes on to
            // hit-test — so `i` twice reaches the hit-test page from any page (issue 32);
            // pressed again in a row, it turns on.
            let draws = state.session.selection.map { state.session.tree.contains($0) && !state.session.tree[$0].drawing.isEmpty } ?? false
            let pages = PanelName.allCases.filter { $0 != .content || draws || state.panelPage == .content }
            let inARow = state.echo.hasPrefix(key + " → " + ExplorerCommand.panel(state.panelPage).text)
            let from = inARow || state.panelPage == .formula ? state.panelPage : .inspector
            let next = pages[(pages.firstIndex(of: from)! + 1) % pages.count]
            return perform(&state, .panel(next), echo: key)
        case .legend: return perform(&state, .legend(!state.picture.legend), echo: key)
        case .measurePin: return perform(&state, MeasureView.toggleCommand(state), echo: key)
        case .swapPanel: return perform(&state, .show(state.picture.panelInFront ? .canvas : .panel), echo: key)
        case .present: return perform(&state, .present(!state.picture.present), echo: key)
        case .moveLeft: return arrow(&state, -1, 0, big: false, key: key)
        case .moveRight: return arrow(&state, 1, 0, big: false, key: key)
        case .moveUp: return arrow(&state, 0, -1, big: false, key: key)
        case .moveDown: return arrow(&state, 0, 1, big: false, key: key)
        case .moveLeftBig: return arrow(&state, -1, 0, big: true, key: key)
        case .moveRightBig: return arrow(&state, 1, 0, big: true, key: key)
        case .moveUpBig: return arrow(&state, 0, -1, big: true, key: key)
        case .moveDownBig: return arrow(&state, 0, 1, big: true, key: key)
        case .playPause, .stepForward, .stepBack, .scrubForward, .scrubBack:
            guard let command = TimeView.command(for: action, state) else { return .none }
            return perform(&state, command, echo: key)
        case .treeSearch, .searchNext, .searchPrevious, .fold, .reveal, .filterTree, .treeNext, .treePrevious:
            return treeKey(&state, action, key: key)
        case .copyOutput:
            guard let output = state.output else { return .none }
            state.echo = key + " → copy"
            return .copy(output)
        case .closeOverlay:
            state.output = nil
            // The status said "Esc closes": it must not outlive the overlay.
            state.echo = key + " → " + ExplorerCommand.mode(.normal).text
            state.setStatus("")
            return .none
        case .followAgain:
            // The presenter's state is the run loop's (FollowLoop.swift): it answers with
            // `.followedAgain`.
            return .followPresenter
        case .nextUnderCursor, .previousUnderCursor:
            let forward = action == .nextUnderCursor
            if let name = DepthView.nextUnderCursor(state, forward: forward) { return perform(&state, EngineCommand.select(name), echo: key) }
            // One layer or none under the crosshair: Tab is Tab.
            return perform(&state, forward ? EngineCommand.selectNext : .selectPrevious, echo: key)
        case let .depth(k): return perform(&state, EngineCommand.depth(DepthView.command(for: k, state)), echo: key)
        }
    }

    /// Arrows mean different things per mode: move position, move the anchor or move the
    /// crosshair — each as the command it stands for (the tree mode's are its own bindings).
    static func arrow(_ state: inout ExplorerState, _ dx: Int, _ dy: Int, big: Bool, key: String) -> ExplorerEffect {
        switch state.mode {
        case .cursor:
            let step = big ? 10 : 1
            return perform(&state, .cursorMove(dx * step, dy * step), echo: key)
        case .anchor:
            guard let id = state.session.selection, state.session.tree.contains(id) else {
                return perform(&state, .edit(.layer(.anchor(0, 0, keepFrame: false))), echo: key)  // reports "nothing is selected"
            }
            let step = big ? 0.5 : 0.05
            let a = state.session.tree[id].anchorPoint
            // Snap to the step grid so repeated presses land on round numbers.
            let x = ((a.x + Double(dx) * step) / 0.05).rounded() * 0.05
            let y = ((a.y + Double(dy) * step) / 0.05).rounded() * 0.05
            return perform(&state, .edit(.layer(.anchor(x.withoutFloatNoise, y.withoutFloatNoise, keepFrame: state.anchorBehaviour == .keepFrame))), echo: key)
        default:
            let step = big ? 10.0 : 1.0
            return perform(&state, .edit(.layer(.move(Double(dx) * step, Double(dy) * step))), echo: key)
        }
    }

    // MARK: Commands

    /// Runs one command: the engine's, or the explorer's own.
    public static func perform(_ state: inout ExplorerState, _ command: Command, echo key: String?) -> ExplorerEffect {
        switch command {
        case let .engine(c): return perform(&state, c, echo: key)
        case let .explorer(c): return perform(&state, c, echo: key)
        }
    }

    /// The explorer's own commands: the view, modes, panels, the tree browser, quitting.
    public static func perform(_ state: inout ExplorerState, _ command: ExplorerCommand, echo key: String?) -> ExplorerEffect {
        state.journal?.append(.explorer(command))
        state.echo = key.map { "\($0) → \(command.text)" } ?? command.text
        state.session.clearWarning()
        state.setStatus("")
        return explorerCommand(&state, command)
    }

    /// Runs one engine command and carries out (or asks the run loop for) its effect.
    public static func perform(_ state: inout ExplorerState, _ command: EngineCommand, echo key: String?) -> ExplorerEffect {
        var command = command
        // Keep-frame mode (`f`) means keep-frame for a typed `anchor X Y` too; the echo says
        // the explicit form (`anchor X Y keep-frame`), so it replays the same in any mode.
        if state.anchorBehaviour == .keepFrame, case let .edit(.layer(.anchor(x, y, keepFrame: false))) = command {
            command = .edit(.layer(.anchor(x, y, keepFrame: true)))
        }
        state.echo = key.map { EchoMemo.echo(key: $0, command: command) } ?? command.text
        state.journal?.append(.engine(command))
        let result: Effect
        let stepBefore = state.session.currentStep
        let (wasEmpty, wasFitted) = (state.session.tree.isEmpty, Framing.isFitted(state.view))
        do {
            // `step add` here records the view it was made in (StepViewRecord.swift).
            if case let .author(.stepAdd(note)) = command {
                try state.session.addStep(titled: note, view: authoredStepView(state).map { $0.text })
                result = .none
            } else {
                result = try state.session.perform(command)
            }
        } catch {
            state.setStatus("\(command.text): \(error)", error: true)
            return .none
        }
        // A scene built from nothing grows visibly (Authoring.swift).
        if Framing.changesScene(command) { Framing.refitAfterEdit(&state, wasEmpty: wasEmpty, wasFitted: wasFitted) }
        // A step, or an undo that goes back over one, shows that step's view (Steps.swift).
        if case let .step(n) = command {
            applyStepView(&state, n)
        } else if state.session.currentStep != stepBefore {
            applyStepView(&state, state.session.currentStep)
        }
        let isEdit: Bool
        switch command {
        case .edit: isEdit = true
        // A step played forward reports its last edit as a key would (Session.goToStep keeps it).
        case .step: isEdit = state.session.lastEdit != nil
        default: isEdit = false
        }
        if isEdit { state.lastConversion = nil }
        if let w = state.session.warning {
            state.setStatus("warning: \(w)", error: true)
        } else if isEdit {
            state.setStatus(editSummary(state))
        } else if case let .author(a) = command {
            state.setStatus(Framing.authoringSummary(a, state))
        } else {
            state.setStatus("")
        }
        switch result {
        case .none: return .none
        case let .answer(json):
            state.setStatus("\(command.text) = \(json)")
            switch command {
            case let .query(q):
                switch q {
                case .convertPoint, .convertRect: state.lastConversion = q
                // `:measure A B …` on the canvas: A pinned, B selected (MeasureView.swift).
                case let .measure(m):
                    _ = try? state.session.perform(.measurePin(MeasurePin(layer: m.a, space: m.space, mode: m.mode)))
                    _ = try? state.session.perform(.select(m.b))
                default: break
                }
            default: break
            }
            return .none
        case let .output(text):
            state.output = text
            state.setStatus("\(command.text): Esc closes")
            return .none
        case let .write(path, text):
            return .write(path: path, text: text)
        case let .save(path):
            guard let path = path ?? state.session.filePath else {
                state.setStatus("no file name: use :save FILE", error: true)
                return .none
            }
            return .save(path: path)
        case let .rewrite(path):
            guard let path = path ?? state.session.filePath else {
                state.setStatus("no file name: use :save --rewrite FILE", error: true)
                return .none
            }
            return .rewrite(path: path)
        case let .load(path): return .load(path: path)
        case .reload:
            guard let path = state.session.filePath else {
                state.setStatus("reload: no file to reload (the scene was not loaded from one)", error: true)
                return .none
            }
            return .load(path: path)
        }
    }

    /// A one-line summary of what the last edit did, for the status line.
    static func editSummary(_ state: ExplorerState) -> String {
        guard let e = state.session.lastEdit else { return "" }
        let n: (Double) -> String = { NumberFormat.format($0) }
        let fb = e.frameBefore, fa = e.frameAfter
        let isAnchor: Bool
        switch e.command {
        case .anchor, .set(.anchorPoint, _): isAnchor = true
        default: isAnchor = false
        }
        if isAnchor {
            let d = fa.origin - fb.origin
            let dp = e.after.position - e.before.position
            var line =
                "anchor → (\(n(e.after.anchorPoint.x)), \(n(e.after.anchorPoint.y))): frame moved by (\(n(d.dx)), \(n(d.dy))), position by (\(n(dp.dx)), \(n(dp.dy)))"
            // `set anchorPoint` is Core Animation's setter in every mode: say why the frame
            // jumped when the mode promises it stays.
            if case .set = e.command, state.anchorBehaviour == .keepFrame, d != .zero {
                line +=
                    " — set anchorPoint is Core Animation's setter, so the frame jumps even in keep-frame mode (anchor \(n(e.after.anchorPoint.x)) \(n(e.after.anchorPoint.y)) keep-frame keeps it)"
            }
            return line
        }
        // Built as bytes, made a String once (PanelText.swift; issue 36).
        var b = PanelText(capacity: 48)
        b.add("frame ("); b.number(fa.origin.x); b.add(", "); b.number(fa.origin.y)
        b.add(", "); b.number(fa.size.width); b.add(", "); b.number(fa.size.height); b.add(")")
        return b.text
    }

    static func explorerCommand(_ state: inout ExplorerState, _ command: ExplorerCommand) -> ExplorerEffect {
        switch command {
        case let .zoom(f):
            let frame = DepthFrame.ifExploded(state)
            zoom(&state, by: f, about: Framing.zoomAnchor(state, frame), frame: frame)
        case let .pan(dc, dr):
            state.view.panColumns += dc
            state.view.panRows += dr
        case .fit:
            state.view = ViewControl()
            state.view.fitted = Framing.sceneRect(state)
        case .fitSelection:
            guard let rect = Framing.selectionRect(state) else {
                state.setStatus("nothing to fit: the selection draws nothing on screen", error: true)
                return .none
            }
            Framing.frame(rect, &state)
        case let .cursor(on):
            state.mode = on ? .cursor : .normal
            if on, state.cursor == nil { state.cursor = state.session.scene.screenRect.center }
        case let .cursorMove(dc, dr):
            let v = state.viewport
            let start = state.cursor ?? state.session.scene.screenRect.center
            let (c, r) = v.cellCoordinates(of: start)
            // Snap to cell centres so the crosshair sits on a cell.
            let column = (c - 0.5).rounded() + Double(dc) + 0.5
            let row = (r - 0.5).rounded() + Double(dr) + 0.5
            state.cursor = v.point(column: column, row: row)
            if state.mode != .cursor { state.mode = .cursor }
            DepthView.pickUnderCursor(&state)
        case let .cursorAt(x, y):
            state.cursor = Point(x: x, y: y)
            state.mode = .cursor
            DepthView.pickUnderCursor(&state)
        case .help:
            state.mode = .help
            state.helpScroll = 0
        case .commandLine:
            switch state.mode {
            case .anchor, .cursor, .tree: state.modeBeforeCommandLine = state.mode
            default: state.modeBeforeCommandLine = .normal
            }
            state.mode = .command(text: "", caret: 0)
            state.historyIndex = nil
        case let .mode(m):
            switch m {
            case .normal:
                // Leaves any mode or overlay; leaving cursor mode says the crosshair is off.
                if state.mode == .cursor { state.setStatus("crosshair off — c turns it on again") }
                state.output = nil
                state.mode = .normal
            case .anchor:
                state.mode = .anchor
                state.setStatus("anchor mode (\(state.anchorBehaviour.rawValue)): arrows move the anchorPoint, f switches behaviour, Esc leaves")
            case .cursor:
                state.mode = .cursor
                if state.cursor == nil {
                    state.cursor = state.viewport.visibleRect(columns: state.layout.canvas.columns, rows: state.layout.canvas.rows).center
                }
                state.setStatus("cursor: arrows move the crosshair, Enter selects the hit layer, Esc leaves")
            case .tree:
                state.mode = .tree
            }
        case .search, .searchNext, .searchPrevious, .fold, .reveal, .filter:
            return treeCommand(&state, command)
        case let .legend(on): Picture.setLegend(&state, on)
        case let .present(on): Picture.setPresent(&state, on)
        case let .show(part): Picture.show(&state, part)
        case let .anchorBehaviour(b):
            state.anchorBehaviour = b
            state.setStatus(
                state.anchorBehaviour == .coreAnimation
                    ? "anchor behaviour: Core Animation — position stays, the frame jumps"
                    : "anchor behaviour: keep-frame — position compensates, the frame stays")
        case let .panel(page):
            state.panelPage = page
            // A narrow terminal shows the canvas in the panel's place: say where the page is.
            if state.layout.panelHidden {
                state.setStatus(
                    "panel page: \(state.panelPage.rawValue) — w shows the panel (narrower than \(ScreenLayout.panelCollapseColumns) columns it takes the canvas's place)"
                )
            }
        case let .operation(k):
            ContentPage.go(&state, to: k)
        case let .learn(c): return Learn.perform(&state, c)
        case let .quit(force):
            if force || !state.session.isDirty { return .quit }
            state.mode = .confirmQuit
            state.setStatus(quitQuestion(state), error: true)
        }
        return .none
    }

    static func zoom(_ state: inout ExplorerState, by factor: Double, about point: Point?, frame: DepthFrame? = nil) {
        let newZoom = min(max(state.view.zoom * factor, 1.0 / 64), 4096)
        guard let point else { state.view.zoom = newZoom; return }
        // Keep `point` under the same cell: find the pan that puts it back (one exploded
        // frame for both viewports).
        let fitted = state.fittedRect(frame ?? DepthFrame.ifExploded(state))
        let before = state.viewport(fitting: fitted).cellCoordinates(of: point)
        state.view.zoom = newZoom
        let after = state.viewport(fitting: fitted).cellCoordinates(of: point)
        state.view.panColumns += after.column - before.column
        state.view.panRows += after.row - before.row
    }

    // MARK: Mouse

    static func click(_ state: inout ExplorerState, column: Int, row: Int) -> ExplorerEffect {
        let layout = state.layout
        if let p = state.point(atTerminalColumn: column, row: row) {
            state.cursor = p
            state.mode = .cursor
            // Flat: what a touch there hits; exploded: the frontmost quad drawn there.
            let hit =
                state.session.depth.exploded
                ? DepthView.frontmost(at: p, state)
                : state.session.tree.hitTestScreen(p, order: state.session.hitTestOrder).map { state.session.tree[$0].name }
            if let hit {
                return perform(&state, EngineCommand.select(hit), echo: "click")
            }
            state.echo = "click → cursor-at \(NumberFormat.format(p.x)) \(NumberFormat.format(p.y))"
            return .none
        }
        if layout.panel.contains(CellPosition(column: column, row: row)),
            let id = TreePanel(state, area: layout.panel, unicode: true).layer(atRow: row, area: layout.panel)
        {
            return perform(&state, EngineCommand.select(state.session.tree[id].name), echo: "click")
        }
        return .none
    }
}
