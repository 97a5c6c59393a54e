import Geometry
import Scenes
import LayerModel
import CommandLanguage
import LayoutFiles
import Export

/// What the caller must do after a command: the engine itself never prints and never
/// touches files, so the explorer and headless runs share it.
public enum Effect: Equatable, Sendable {
    case none
    /// A query's answer: one JSON object.
    case answer(String)
    /// Write the scene to this path (nil: the session's own file).
    case save(String?)
    /// `save --rewrite`: the same, writing afresh what the file cannot keep its text for.
    case rewrite(String?)
    case load(String)
    case reload
    /// Text to show the user (e.g. `export swift`).
    case output(String)
    /// Write this text to a file, atomically (e.g. `export svg FILE`).
    case write(path: String, text: String)
}

/// A change the last edit made, for "what changed" highlights and the anchor-jump view.
public struct EditRecord: Equatable, Sendable {
    public var command: LayerEdit
    public var layer: LayerID
    public var before: Layer
    public var after: Layer
    /// The frame before and after, in the superlayer's space.
    public var frameBefore: Rect
    public var frameAfter: Rect
}

/// One undoable step.
public struct UndoEntry: Equatable, Sendable {
    public var command: EngineCommand
    var patch: TreePatch
    var selection: LayerID?
    /// Names the state this entry's edit produced, so "back at the saved state" is known.
    var serial: Int = 0
    /// For an `animated` block: the animations before it (undo puts them back).
    var animations: [LayerAnimation]? = nil
    /// For a `step`: the tree, step and step snapshots before it (undo puts them back), so
    /// stepping back over an edit never loses the edit (issue 20).
    var stepState: StepState? = nil
    /// For a `draw OP`: the one operation to take off again (or put back), instead of a copy
    /// of the layer and its whole drawing (issue 36).
    var drawing: DrawingChange? = nil
    /// For `set screen` and `step add|note|remove`: the screen, steps and step machinery
    /// before it (Session+Authoring.swift).
    var authoring: Session.AuthoringUndo? = nil
    /// The name of the layer selected when the edit was made (`step add` writes its `select`).
    var selectedName: String? = nil
}

/// The change a `draw` undo or redo entry makes to one layer's drawing.
enum DrawingChange: Equatable, Sendable {
    case removeLast(LayerID)
    case append(LayerID, DrawingOperation)
}

/// Where a step-through demo was, for undoing a `step`.
struct StepState: Equatable, Sendable {
    var tree: LayerTree
    /// The exploded view's settings and the hit-test order before the step.
    var settings: StepSettings
    var currentStep: Int
    var snapshots: [StepSnapshot]
}

/// The one engine every front end drives: a scene, a selection, undo/redo, and the
/// command language's meaning. `perform` either applies a command completely or throws
/// and changes nothing.
public struct Session: Equatable, Sendable {
    public private(set) var scene: Scene
    public var selection: LayerID?
    /// The sibling order CALayer hit testing uses (R9); the other order is reported when it differs.
    public var hitTestOrder: SiblingOrder = .zPosition
    /// The exploded view's settings (depth.md); kept across load and reload.
    public var depth = DepthSettings()
    /// `measure-pin`: the layer the selection is measured against (Session+Measure.swift).
    public internal(set) var measurePin: MeasurePin?
    /// The file the scene came from, if any (for `save` with no name and `reload`).
    public var filePath: String?
    /// The version of `filePath` on disk when it was loaded or last saved: a save over a file
    /// that changed since asks first (`saveConflict`).
    public internal(set) var diskVersion: FileVersion?
    /// True when the scene differs from the last load or save: undoing back to the saved
    /// state makes it clean again.
    /// (A `step` entry repeats the serial below it: stepping is not an edit; 0 is "no entry".)
    public var isDirty: Bool { (undoStack.last?.serial ?? 0) != (savedSerial ?? 0) || forcedDirty }
    /// The serial of the top undo entry when the scene was last loaded or saved (nil: none).
    private(set) var savedSerial: Int? = nil
    /// Set when the saved state can no longer be reached by undo (history trimmed past it).
    private var forcedDirty = false
    private var nextSerial = 1
    public internal(set) var undoStack: [UndoEntry] = []
    public private(set) var redoStack: [UndoEntry] = []
    /// The last edit, with before/after values; nil after undo/redo/load. After a step
    /// played forward, the step's last edit (so its anchor jump shows as a key's would).
    public internal(set) var lastEdit: EditRecord?
    /// A warning the last command produced (frame set under a lossy transform…).
    public internal(set) var warning: String?
    /// The explorer's own commands are commands too: one clears the last one's warning.
    public mutating func clearWarning() { warning = nil }

    /// The exploded view's last planes, shared by copies of this session (Session+Depth.swift).
    let depthCache = Memo<DepthLayouts>()
    /// The end of the last drawn-on layer's drawing (Session+Drawing.swift).
    var drawingEnd = DrawingEndCache()

    public static let undoLimit = 1000
    /// The most layers undo's step entries and the step snapshots keep in all (a kept layer
    /// costs about 0.7 KB with its hit geometry and name index: some 180 MB at most). Step
    /// snapshots past it are a load error.
    public static let historyLayerBudget = 250_000
    /// The tree after each step played so far (index 0: before any), for going back.
    var stepSnapshots: [StepSnapshot] = []
    /// The steps were added, changed or removed here (`step add`…): a save keeps them.
    var stepsAuthored = false

    /// The scene clock in seconds (time contract): 0 when a scene is loaded.
    public internal(set) var now: Double = 0
    /// Animations in the order they were added (see Presentation.swift).
    public internal(set) var animations: [LayerAnimation] = []
    /// Explorer playback: rate and pause (`speed`, `play`, `pause`; eval ignores them).
    public internal(set) var playbackSpeed: Double = 1
    public internal(set) var isPaused = false

    public init(scene: Scene = Scene(), filePath: String? = nil) {
        self.scene = scene
        self.filePath = filePath
        diskVersion = Session.versionRead(of: scene, from: filePath)
        self.scene.loaded = LoadedFile(path: filePath, version: diskVersion)
        selection = scene.tree.roots.first
        startDeclaredAnimations()
        stepSnapshots = [StepSnapshot(self)]
    }

    public var tree: LayerTree { scene.tree }

    /// Replaces the scene (load/reload): history is cleared, the selection kept by name when possible.
    public mutating func replaceScene(_ newScene: Scene, filePath: String?) {
        let selectedName = selection.flatMap { scene.tree.contains($0) ? scene.tree[$0].name : nil }
        scene = newScene
        drawingEnd.end = nil
        self.filePath = filePath
        diskVersion = Session.versionRead(of: newScene, from: filePath)
        scene.loaded = LoadedFile(path: filePath, version: diskVersion)
        selection = selectedName.flatMap { newScene.tree.id(named: $0) } ?? newScene.tree.roots.first
        undoStack = []; redoStack = []
        lastEdit = nil; warning = nil
        now = 0; animations = []
        startDeclaredAnimations()
        stepSnapshots = [StepSnapshot(self)]
        markClean()
    }

    /// The version of `path` the scene was read at, as its reader handed it over with the
    /// scene (`Scene.loaded`: `SceneLoader.load`, kept through its script). A scene not read
    /// from `path` (built in memory, or read from elsewhere) read no version of it: nil, as
    /// for a new file, so a save over a file that is there asks first. The engine reads no
    /// file: the runtime and SceneFiles do the reading and hand the version over.
    static func versionRead(of scene: Scene, from path: String?) -> FileVersion? {
        guard let path, scene.loaded.path == path else { return nil }
        return scene.loaded.version
    }

    private mutating func markClean() {
        savedSerial = undoStack.last?.serial
        forcedDirty = false
    }

    /// Marks the scene saved to `path` as `version`: the version the save itself wrote (read
    /// after the save, a save by someone else that landed since would be taken for ours).
    public mutating func didSave(to path: String, version: FileVersion?) {
        filePath = path
        diskVersion = version
        scene.loaded = LoadedFile(path: path, version: version)
        markClean()
        rebaseStepsAfterSave()
    }

    /// What a save to `path` expects on disk: the version loaded or last saved when `path` is
    /// the scene's own file (someone else's save since is a conflict), anything otherwise.
    public func saveExpectation(to path: String) -> SaveExpectation {
        path == filePath ? .version(diskVersion) : .any
    }

    /// Runs a scene's own script (after loading); errors carry the script line's location.
    /// The script's edits become the starting state: no undo history, not dirty. A command
    /// that warns (`set frame` under a rotation) adds a load warning at its script line.
    public mutating func runScript(_ lines: [ScriptLine]) throws(ScriptFailure) {
        // What a layout's script may do is ScriptContext.layoutScript's to say.
        var warnings: [LayoutWarning] = []
        try ScriptRunner.run(lines, in: .layoutScript, on: &self) { line, _, message in
            warnings.append(Self.loadWarning(message, at: line))
        }
        scene.loadWarnings.all += warnings
        undoStack = []; redoStack = []
        markClean()
        lastEdit = nil
        stepSnapshots = [StepSnapshot(self)]
    }

    mutating func replaceTree(_ tree: LayerTree) { scene.tree = tree }
    mutating func editScene(_ change: (inout Scene) -> Void) { change(&scene) }

    /// After `set screen`, `step add|note|remove`: one undo entry that puts back `before`.
    mutating func recordAuthoring(_ command: EngineCommand, before: AuthoringState) {
        var entry = UndoEntry(command: command, patch: scene.tree.snapshot(of: [], includingRoots: false), selection: before.selection, serial: nextSerial)
        entry.authoring = AuthoringUndo(before)
        nextSerial += 1
        if redoStack.contains(where: { $0.serial == savedSerial }) { forcedDirty = true }
        redoStack = []
        undoStack.append(entry)
        lastEdit = nil
        trimHistory()
    }
    mutating func setCurrentStep(_ n: Int) { scene.currentStep = n }

    /// After a step: one undo entry that puts back the tree, the step and the snapshots as
    /// they were, so an edit made after a step and then stepped back over is one `undo`
    /// away. It repeats the serial below it: a step leaves the scene as dirty as it was.
    mutating func recordStep(from before: StepState, history: Session, selection oldSelection: LayerID?, command: EngineCommand) {
        // The step's own scripted edits are not the user's: the history is as before the step.
        undoStack = history.undoStack; redoStack = history.redoStack
        savedSerial = history.savedSerial; forcedDirty = history.forcedDirty
        var entry = UndoEntry(
            command: command, patch: scene.tree.snapshot(of: [], includingRoots: false),
            selection: oldSelection, serial: undoStack.last?.serial ?? 0)
        entry.stepState = before
        if redoStack.contains(where: { $0.serial == savedSerial }) { forcedDirty = true }
        redoStack = []
        undoStack.append(entry)
        lastEdit = nil
        trimHistory()
    }

    /// Drops the oldest undo entries past `undoLimit`, and past `historyLayerBudget` layers
    /// in the trees kept by the step snapshots and undo's step entries together (a 1 000-step
    /// demo of 5 000 layers kept 5 million layers, 2.4 GB, and died allocating). An entry's
    /// snapshots share their storage with the session's, so its own tree is what it costs.
    /// The newest entry always stays: the step just taken can be undone.
    mutating func trimHistory() {
        var drop = max(0, undoStack.count - Session.undoLimit)
        // The snapshots past the current step (kept to skip playing those steps again) are not
        // counted: all of a demo's snapshots fit the budget by the load check, and dropping
        // them here would make every step past the budget play its script again.
        let current = stepSnapshots.prefix(scene.currentStep + 1)
        var kept = current.reduce(0) { $0 + $1.tree.count } + undoStack[drop...].reduce(0) { $0 + ($1.stepState?.tree.count ?? 0) }
        while kept > Session.historyLayerBudget, drop < undoStack.count - 1 {
            kept -= undoStack[drop].stepState?.tree.count ?? 0
            drop += 1
        }
        guard drop > 0 else { return }
        // Undo can no longer reach the saved state: unless the scene is at it now, it stays dirty.
        let atSaved = (undoStack.last?.serial ?? 0) == (savedSerial ?? 0)
        if !atSaved, savedSerial == nil || (0..<drop).contains(where: { undoStack[$0].serial == savedSerial }) { forcedDirty = true }
        undoStack.removeFirst(drop)
    }

    // MARK: Perform

    /// Applies one command. Throws (and changes nothing) when it cannot apply.
    public mutating func perform(_ command: EngineCommand) throws(CommandError) -> Effect {
        warning = nil
        // Only a run of `draw`s keeps the drawing's end remembered (Session+Drawing.swift).
        if case .edit(.layer(.draw)) = command {} else { drawingEnd.end = nil }
        switch command {
        case let .edit(e):
            try edit(e)
            return .none
        case let .select(name):
            selection = try layer(named: name)
            return .none
        case .undo:
            guard let entry = undoStack.popLast() else { throw CommandError("nothing to undo") }
            redoStack.append(step(entry))
            return .none
        case .redo:
            guard let entry = redoStack.popLast() else { throw CommandError("nothing to redo") }
            undoStack.append(step(entry))
            return .none
        case let .save(path, rewrite): return rewrite ? .rewrite(path) : .save(path)
        case let .load(path): return .load(path)
        case .reload:
            guard filePath != nil else { throw CommandError("nothing to reload: this scene did not come from a file") }
            return .reload
        case let .hitTestOrder(order):
            hitTestOrder = order
            return .none
        case .selectNext, .selectPrevious, .selectParent, .selectChild:
            selection = walkSelection(command)
            return .none
        case let .step(n):
            try goToStep(n)
            return .none
        case let .exportSVG(path, crop):
            return .write(path: path, text: svgText(crop: SVGCrop(rawValue: crop.rawValue) ?? .screen))
        case let .depth(d):
            performDepth(d)
            return .none
        case let .measurePin(pin):
            try performMeasurePin(pin)
            return .none
        case let .author(a):
            try performAuthoring(a)
            return .none
        case .exportSwift:
            return .output(try SwiftExport.code(for: try selected(), in: scene.tree))
        case let .query(q):
            return .answer(try answer(q))
        case let .clock(t):
            try performTime(t)
            return .none
        }
    }

    /// Applies an undo or redo entry and returns the entry that reverses it.
    private mutating func step(_ entry: UndoEntry) -> UndoEntry {
        var reverse = entry
        reverse.patch = scene.tree.apply(entry.patch)
        switch entry.drawing {
        case let .removeLast(id)?:
            if let op = scene.tree.removeLastDrawing(of: id) { reverse.drawing = .append(id, op) }
        case let .append(id, op)?:
            scene.tree.appendDrawing(op, to: id)
            reverse.drawing = .removeLast(id)
        case nil: break
        }
        if let a = entry.animations { reverse.animations = animations; animations = a }
        let selectionBefore = selection
        if let a = entry.authoring { reverse.authoring = AuthoringUndo(authoringState); restoreAuthoring(a.state) }
        if let state = entry.stepState {
            reverse.stepState = StepState(tree: scene.tree, settings: StepSettings(self), currentStep: scene.currentStep, snapshots: stepSnapshots)
            scene.tree = state.tree
            depth = state.settings.depth
            hitTestOrder = state.settings.hitTestOrder
            scene.currentStep = state.currentStep
            stepSnapshots = state.snapshots
        }
        reverse.selection = entry.authoring == nil ? selection : selectionBefore
        let alive: (LayerID?) -> LayerID? = { [tree = scene.tree] id in id.flatMap { tree.contains($0) ? $0 : nil } }
        selection = alive(entry.selection) ?? alive(selection)
        lastEdit = nil
        return reverse
    }

    // MARK: Edits

    private mutating func edit(_ command: Edit) throws(CommandError) {
        // Every throwing check runs before the tree is touched, and the tree is then mutated
        // in place (no copy of a 10 000-layer tree per edit): all or nothing, in O(edit).
        let oldSelection = selection
        // The name read in place (issue 36: `tree[id]` copied the whole layer to read it).
        let selectedName = selection.flatMap { scene.tree.contains($0) ? scene.tree[slot: $0.raw].name : nil }
        let before: TreePatch
        var newSelection = selection
        var record: (LayerEdit, LayerID, Layer, Rect)? = nil
        var drawing: DrawingChange? = nil
        switch command {
        case let .layer(.draw(op)):
            // In place, O(1): the undo entry holds the one operation, not the drawing.
            let id = try selected()
            let end = try drawingEnd(appending: op, to: id)
            scene.tree.appendDrawing(op, to: id)
            drawingEnd.end = end
            before = scene.tree.snapshot(of: [], includingRoots: false)
            drawing = .removeLast(id)
            // The record's layers leave out the drawing: holding it would copy it at the next draw.
            var layer = scene.tree[id]
            layer.drawing = []
            record = (.draw(op), id, layer, layer.frame)
        case let .add(name, kind, parentName, index):
            let parent = try parentName.map { n throws(CommandError) in try layer(named: n) }
            if let parent, scene.tree.depth(of: parent) + 1 >= LayoutFile.maxLayerDepth { throw LayoutFile.tooDeep(under: parentName ?? "") }
            let nextID = LayerID(raw: scene.tree.storageCount)
            before = scene.tree.snapshot(of: [nextID] + (parent.map { [$0] } ?? []), includingRoots: parent == nil)
            do {
                newSelection = try scene.tree.add(Layer(name: name, kind: kind ?? .layer), in: parent, at: index)
            } catch {
                switch error {
                case .duplicateName(let n): throw CommandError("a layer named \"\(n)\" already exists", suggestion: "choose another name, or select \(n)")
                case .indexOutOfRange(let i, let count):
                    throw CommandError("index \(i) is out of range: \(parentName ?? "the top level") has \(count) sublayers (use 0…\(count))")
                case .emptyName: throw CommandError("a layer needs a name")
                default: throw CommandError("cannot add \(name)")
                }
            }
        case let .remove(name):
            let id = try layer(named: name)
            let parent = scene.tree[id].superlayer
            before = scene.tree.snapshot(of: scene.tree.subtree(of: id) + (parent.map { [$0] } ?? []), includingRoots: parent == nil)
            scene.tree.remove(id)
            if let s = selection, !scene.tree.contains(s) { newSelection = parent ?? scene.tree.roots.first }
        case .resize, .turn:
            // Springs and struts (Autoresizing.swift): the view and every descendant may move.
            let selected = try selected()
            let id = command == .turn ? (scene.tree.ancestors(of: selected, includingSelf: true).last ?? selected) : selected
            before = scene.tree.snapshot(of: scene.tree.subtree(of: id), includingRoots: false)
            let size = scene.tree[id].bounds.size
            if case let .resize(w, h) = command {
                let lossy = scene.tree[id].frameSetterIsLossy
                scene.tree.resize(id, to: Size(width: w, height: h))
                if lossy {
                    // Through the frame setter, as UIKit does, but the frame will not read back.
                    let n = NumberText.query
                    let now = scene.tree[id].bounds.size
                    warning =
                        "resize under a transform that is not a scale or a multiple of 90°: bounds went from \(n(size.width))×\(n(size.height)) to \(n(now.width))×\(n(now.height)) and the frame will not read back as \(n(w))×\(n(h)) (Apple: don't set frame under a rotation)"
                }
            } else if scene.tree[id].frameSetterIsLossy {
                // Turned by its transform, the view has no frame to swap (the frame setter would
                // distort the bounds: 100×60 became 83.8×81.1): its bounds swap about its anchor.
                scene.tree[id].bounds.size = Size(width: size.height, height: size.width)
                scene.tree.autoresizeSubviews(of: id, oldSize: size)
                let n = NumberText.query
                warning =
                    "\(scene.tree[id].name) is turned by its transform, so its bounds swapped about its anchorPoint (\(n(size.width))×\(n(size.height)) → \(n(size.height))×\(n(size.width)), position kept), not its frame"
            } else {
                scene.tree.resize(id, to: Size(width: size.height, height: size.width))
            }
        case let .layer(layerEdit):
            let id = try selected()
            let old = scene.tree[id]
            var layer = old
            try Session.apply(layerEdit, to: &layer, warning: &warning)
            if layer.name != old.name, scene.tree.id(named: layer.name) != nil {
                throw CommandError("a layer named \"\(layer.name)\" already exists")
            }
            before = scene.tree.snapshot(of: [id], includingRoots: false)
            scene.tree[id] = layer
            record = (layerEdit, id, old, old.frame)
        }
        selection = newSelection
        var entry = UndoEntry(command: .edit(command), patch: before, selection: oldSelection, serial: nextSerial)
        entry.drawing = drawing
        entry.selectedName = selectedName
        undoStack.append(entry)
        nextSerial += 1
        if undoStack.count > Session.undoLimit {
            // Looked at by index, not through a slice: a slice alive across `removeFirst` shares
            // the buffer, which then copied all 1 000 entries on every edit past the limit.
            let drop = undoStack.count - Session.undoLimit
            if savedSerial == nil || (0..<drop).contains(where: { undoStack[$0].serial == savedSerial }) { forcedDirty = true }
            undoStack.removeFirst(drop)
        }
        // Redo entries are gone: if the saved state was among them, it is unreachable now.
        if redoStack.contains(where: { $0.serial == savedSerial }) { forcedDirty = true }
        redoStack = []
        if let (layerEdit, id, old, oldFrame) = record {
            var after = scene.tree[id]
            if drawing != nil { after.drawing = [] }
            lastEdit = EditRecord(command: layerEdit, layer: id, before: old, after: after, frameBefore: oldFrame, frameAfter: after.frame)
        } else {
            lastEdit = nil
        }
    }

    /// The meaning of each property edit on one layer, with setter semantics (geometry.md).
    static func apply(_ command: LayerEdit, to layer: inout Layer, warning: inout String?) throws(CommandError) {
        switch command {
        case let .rotate(angle, axis):
            let r: Transform3D
            switch axis ?? .z {
            case .x: r = .rotation(angle.angle, x: 1, y: 0, z: 0)
            case .y: r = .rotation(angle.angle, x: 0, y: 1, z: 0)
            case .z: r = .rotation(angle.angle)
            }
            // Applied after the current transform, in the superlayer's axes, about the anchor.
            layer.transform = layer.transform.concatenating(r)
        case let .scale(sx, sy):
            layer.transform = layer.transform.concatenating(.scale(sx, sy ?? sx))
        case let .move(dx, dy):
            layer.position = layer.position + Vector(dx: dx, dy: dy)
        case let .anchor(x, y, keep):
            layer.setAnchorPoint(Point(x: x, y: y), keepFrame: keep)
        case .reset:
            layer.transform = .identity
        case let .toggle(p):
            switch p {
            case .hidden: layer.isHidden.toggle()
            case .masksToBounds: layer.masksToBounds.toggle()
            case .geometryFlipped: layer.isGeometryFlipped.toggle()
            }
        case let .lift(dz):
            layer.zPosition += dz
        case let .draw(op):
            if op == .restore, ContentGeometry.unmatchedRestore(layer.drawing + [op]) != nil {
                throw CommandError(
                    "restore without a save: the drawing has no saved state to return to",
                    suggestion: "draw save first; restore returns the CTM the matching save kept")
            }
            layer.drawing.append(op)
            guard ContentGeometry.userTransforms(layer.drawing).last?.values.allSatisfy(\.isFinite) ?? true else {
                throw CommandError(
                    "the CTM would no longer be finite after \(op.text); nothing changed",
                    suggestion: "use smaller factors, or save before and restore after")
            }
        case .drawClear:
            layer.drawing = []
        case let .set(property, value):
            try set(property, value, on: &layer, warning: &warning)
        }
        guard layer.position.isFinite, layer.bounds.origin.isFinite, layer.transform.isFinite,
            layer.bounds.size.width.isFinite, layer.bounds.size.height.isFinite
        else {
            throw CommandError("the result is not finite; nothing changed")
        }
    }

    /// `set`: the property's declared setter (PropertyDeclaration), with the frame setter's
    /// warning when it distorts bounds.
    static func set(_ property: Property, _ value: PropertyValue, on layer: inout Layer, warning: inout String?) throws(CommandError) {
        let declaration = property.declaration
        guard let write = declaration.write else {
            throw CommandError("\(property.rawValue) is read-only (derived)", suggestion: "use get \(property.rawValue)")
        }
        let setsFrame = [.frame, .frameOrigin, .frameSize].contains(declaration.property)
        let lossy = setsFrame && layer.frameSetterIsLossy
        let oldBounds = layer.bounds.size
        let oldFrame = layer.frame
        do {
            try write(&layer, value)
        } catch {
            switch error {
            case .wrongKind: throw CommandError("\(property.rawValue) cannot be set to \(value.text)")
            case .singularTransform:
                throw CommandError("the transform is singular (scale 0): the frame cannot be set", suggestion: "reset the transform first")
            case .notAffine:
                throw CommandError("affineTransform takes a 2D transform (rotate about z, scale, translate, affine)", suggestion: "use set transform for 3D")
            }
        }
        if lossy {
            let n = NumberText.query
            let requested: Rect =
                switch value {
                case let .rect(r): r
                case let .point(p): Rect(origin: p, size: oldFrame.size)
                case let .size(s): Rect(origin: oldFrame.origin, size: s)
                default: oldFrame
                }
            warning =
                "frame set under a transform that is not a scale or a multiple of 90°: bounds went from \(n(oldBounds.width))×\(n(oldBounds.height)) to \(n(layer.bounds.size.width))×\(n(layer.bounds.size.height)) and the frame will not read back as \(n(requested.origin.x)),\(n(requested.origin.y)),\(n(requested.size.width)),\(n(requested.size.height)) (Apple: don't set frame under a rotation)"
        }
    }

    // MARK: Lookups

    public func layer(named name: String) throws(CommandError) -> LayerID {
        if let id = scene.tree.id(named: name) { return id }
        let hint = NearMiss.closest(to: name, among: Array(scene.tree.names)).map { "did you mean \"\($0)\"?" }
        throw CommandError("no layer named \"\(name)\"", suggestion: hint ?? (scene.tree.isEmpty ? "the scene is empty: add one with add NAME" : nil))
    }

    public func selected() throws(CommandError) -> LayerID {
        guard let s = selection, scene.tree.contains(s) else {
            throw CommandError("nothing is selected", suggestion: "select a layer first: select NAME")
        }
        return s
    }

    private func walkSelection(_ command: EngineCommand) -> LayerID? {
        let order = scene.tree.treeOrder
        guard !order.isEmpty else { return nil }
        guard let s = selection, scene.tree.contains(s), let i = order.firstIndex(of: s) else { return order.first }
        switch command {
        case .selectNext: return order[(i + 1) % order.count]
        case .selectPrevious: return order[(i + order.count - 1) % order.count]
        case .selectParent: return scene.tree[s].superlayer ?? s
        case .selectChild: return scene.tree[s].sublayers.first ?? s
        default: return s
        }
    }
}
