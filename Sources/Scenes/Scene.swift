import Geometry
import LayerModel

/// Where something came from in a file: 1-based line and column.
public struct SourceLocation: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public init(file: String, line: Int, column: Int) { self.file = file; self.line = line; self.column = column }
    public var description: String { "\(file):\(line):\(column)" }
}

/// One command of a scene's script, with where it was written.
public struct ScriptLine: Equatable, Sendable {
    public var text: String
    public var location: SourceLocation?
    public init(_ text: String, location: SourceLocation? = nil) { self.text = text; self.location = location }
}

/// One step of a step-through demo: what it is called, what to say, and its commands.
public struct SceneStep: Equatable, Sendable {
    public var title: String
    public var notes: String?
    public var script: [ScriptLine]
    /// What the step is about (`view`: a layer's name or a rect in screen points): what
    /// `--present` frames at this step.
    public var view: StepSubject?
    public init(title: String, notes: String? = nil, script: [ScriptLine] = [], view: StepSubject? = nil) {
        self.title = title; self.notes = notes; self.script = script; self.view = view
    }
}

/// A step's subject: a layer (with its sublayers) or a rect in screen points.
public enum StepSubject: Equatable, Sendable {
    case layer(String)
    case rect(Rect)
}

/// A whole scene: what a layout file describes.
public struct Scene: Equatable, Sendable {
    public var title: String?
    /// Workshop instructions shown by the explorer.
    public var notes: String?
    /// The size, in points, of the space top-level layers live in; nil = fit the content.
    public var screen: Size?
    public var tree: LayerTree
    /// Commands run after loading (commands.md).
    public var script: [ScriptLine]
    /// Animations that start at time 0 when the scene opens (see Animation.swift).
    public var animations: [AnimationDeclaration] = []
    /// A step-through demo: played one at a time (`step N`) after the script.
    public var steps: [SceneStep] = []
    /// A lesson (Lesson.swift): the goal and checks of `layerscope learn`.
    public var lesson: Lesson? = nil
    /// How many steps the tree has played (0: none; the state the file loads to).
    public var currentStep = 0
    /// The file the scene was read from and its version then (not part of the scene's value).
    public var loaded = LoadedFile()
    /// What the file's reader warned about (a `frame` under a rotation): shown by `check` and,
    /// once, on the explorer's status line when the file opens (not part of the scene's value).
    public var loadWarnings = LoadWarnings()
    /// The tree at step 0 when the steps were authored in the explorer (`step add`): a file
    /// written anew keeps the steps on it (not part of the scene's value).
    public var stepBase = StepBase()

    public init(
        title: String? = nil, notes: String? = nil, screen: Size? = nil,
        tree: LayerTree = LayerTree(), script: [ScriptLine] = []
    ) {
        self.title = title; self.notes = notes; self.screen = screen; self.tree = tree; self.script = script
    }

    /// The screen rect: `screen` when given, else the bounding box of every visible layer's
    /// corners on screen with a 10% margin (at least 20 points), else 320×240.
    public var screenRect: Rect {
        if let screen { return Rect(origin: .zero, size: screen) }
        // One pass, each layer's map to the screen built from its parent's (O(layers), not
        // O(layers × depth)): this runs every frame for scenes without a `screen`.
        var box: Rect? = nil
        var stack: [(LayerID, Homography)] = tree.roots.reversed().map { ($0, .identity) }
        while let (id, parentToScreen) = stack.popLast() {
            let layer = tree[id]
            if layer.isHidden { continue }
            let h = tree.hopToSuperlayer(id).concatenating(parentToScreen)
            let points = layer.bounds.corners.compactMap { h.apply(to: $0) }
            if let b = Rect.boundingBox(of: points) { box = box.map { $0.union(b) } ?? b }
            for child in layer.sublayers.reversed() { stack.append((child, h)) }
        }
        guard let box, box.width > 0 || box.height > 0 else {
            return Rect(x: 0, y: 0, width: 320, height: 240)
        }
        let margin = max(20, 0.1 * max(box.width, box.height))
        return box.insetBy(dx: -margin, dy: -margin)
    }
}

/// Which file a scene was read from, and the version of the file read — taken from the open
/// file, so a save of someone else's that landed after the read is not taken for what was
/// read (`Session.diskVersion`; issue 36). Equal whatever it holds: it says where a scene
/// came from, not what it is.
public struct LoadedFile: Equatable, Sendable {
    public var path: String?
    public var version: FileVersion?
    public init(path: String? = nil, version: FileVersion? = nil) { self.path = path; self.version = version }
    public static func == (_: LoadedFile, _: LoadedFile) -> Bool { true }
}

/// The tree a scene's authored steps start from (`Scene.stepBase`); equal whatever it holds,
/// like `LoadedFile`: it says how to write the steps, not what the scene is.
public struct StepBase: Equatable, Sendable {
    public var tree: LayerTree?
    public init(tree: LayerTree? = nil) { self.tree = tree }
    public static func == (_: StepBase, _: StepBase) -> Bool { true }
}

/// An animation a layout declares: which layer, and the `animate` fields.
public struct AnimationDeclaration: Equatable, Sendable {
    public var layer: String
    public var spec: AnimationSpec
    public var location: SourceLocation?
    public init(layer: String, spec: AnimationSpec, location: SourceLocation? = nil) {
        self.layer = layer; self.spec = spec; self.location = location
    }
}

/// Which version of a file is on disk: device, inode, size and modification time (to the
/// nanosecond), through symbolic links. A save by another program (written in place, or a new
/// file renamed over it) changes it; reading does not.
public struct FileVersion: Equatable, Sendable {
    public var device: UInt64
    public var inode: UInt64
    public var size: Int64
    public var seconds: Int
    public var nanoseconds: Int
    /// No write permission for anyone (`chmod 0444`): not replaced without asking, even by root.
    public var isReadOnly: Bool

    public init(device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int, isReadOnly: Bool) {
        self.device = device; self.inode = inode; self.size = size; self.seconds = seconds
        self.nanoseconds = nanoseconds; self.isReadOnly = isReadOnly
    }

    /// Equal but for the permission flag (a chmod is not someone else's edit).
    public static func same(_ a: FileVersion?, _ b: FileVersion?) -> Bool { a?.withoutPermissions == b?.withoutPermissions }

    /// The version without the permission flag.
    public var withoutPermissions: FileVersion { var v = self; v.isReadOnly = false; return v }
}

/// Why saving over a file must ask first (or, in a script, is refused).
public enum SaveConflict: Equatable, Sendable {
    /// The file changed on disk since the scene was loaded or last saved (another program
    /// saved it): writing would silently revert that program's edit.
    case changedOnDisk
    /// The file has no write permission.
    case readOnly

    /// What to say, for `path`.
    public func message(_ path: String) -> String {
        switch self {
        case .changedOnDisk: return "\(path) changed on disk since it was loaded (another program saved it)"
        case .readOnly: return "\(path) is read-only"
        }
    }
}
