import Geometry
import Scenes
import LayerModel
import CommandLanguage
import LayoutFiles

extension Session {
    /// The scene as it shows at `now`: the presentation tree in place of the model (what the
    /// canvas draws and `export svg` / `render --svg` picture).
    public var presentedScene: Scene {
        var shown = scene
        if !animations.isEmpty { shown.tree = presentationTree() }
        return shown
    }

    /// The presentation tree at `time` (default `now`): the model with every animation that
    /// shows at that moment applied, in the order they were added.
    public func presentationTree(at time: Double? = nil) -> LayerTree {
        let t = time ?? now
        let model = scene.tree
        guard animations.contains(where: { $0.isVisible(at: t) && model.contains($0.layer) }) else { return model }
        var tree = model
        for a in animations where model.contains(a.layer) {
            // A value that is not finite (no reader lets one in; this is the last guard) is
            // not shown: the layer keeps its model value rather than answering null.
            guard let p = a.progress(at: t), p.isFinite, let v = a.value(progress: p, model: model[a.layer]), v.isFinite else { continue }
            var layer = tree[a.layer]
            a.spec.keyPath.set(v, on: &layer)
            tree[a.layer] = layer
        }
        return tree
    }

    /// True while some animation still moves or waits for its delay: the explorer's clock
    /// runs only then.
    public var hasRunningAnimations: Bool {
        animations.contains { $0.isRunning(at: now) && scene.tree.contains($0.layer) }
    }

    /// Moves the clock (the explorer's ticks; `wait` in scripts).
    public mutating func advanceClock(by seconds: Double) {
        guard seconds.isFinite, seconds > 0 else { return }
        now += seconds
    }

    /// Starts an animation on a layer, replacing any on the same key path.
    mutating func addAnimation(_ spec: AnimationSpec, on id: LayerID) throws(CommandError) {
        try spec.validate(model: scene.tree[id])
        animations.removeAll { $0.layer == id && $0.spec.keyPath.canonical == spec.keyPath.canonical }
        animations.append(LayerAnimation(layer: id, spec: spec, beginTime: now + (spec.delay ?? 0)))
    }

    /// `wait`, `time`, `speed`, `play`, `pause`, `animate`, `animated`, `remove-animations`
    /// (the presentation queries are answered with the others, in Session+Queries.swift).
    mutating func performTime(_ command: TimeCommand) throws(CommandError) {
        switch command {
        case let .wait(s):
            guard s >= 0 else { throw CommandError("wait takes seconds ≥ 0", suggestion: "use time T to go back") }
            now += s
        case let .time(t):
            guard t >= 0 else { throw CommandError("time must be ≥ 0 (the clock starts at 0 when the scene loads)") }
            now = t
        case let .speed(f):
            guard f >= 0 else { throw CommandError("speed must be ≥ 0 (1 = real time, 0.1 = slow motion, 0 = paused)") }
            playbackSpeed = f
        case .play:
            isPaused = false
        case .pause:
            isPaused = true
        case let .animate(spec):
            try addAnimation(spec, on: try selected())
        case let .animated(block):
            try performAnimated(block)
        case let .removeAnimations(path):
            let id = try selected()
            animations.removeAll { $0.layer == id && (path == nil || $0.spec.keyPath.canonical == path!.canonical) }
        }
    }

    /// UIView.animate: the model changes at once; every animatable property that changed
    /// animates from its presentation value just before the block. One undo step reverts the
    /// model and removes these animations.
    mutating func performAnimated(_ block: AnimatedBlock) throws(CommandError) {
        for c in block.commands {
            switch c {
            case .select, .selectNext, .selectPrevious, .selectParent, .selectChild, .edit: continue
            default:
                // The parser refuses these already; a block built in code is checked the same way.
                throw CommandError(
                    "\(c.text.split(separator: " ").first ?? "") cannot go inside animated { }",
                    suggestion: "only edits (set, move, rotate, scale, anchor…) and select")
            }
        }
        let saved = self
        let modelBefore = scene.tree
        let presentationBefore = presentationTree()
        let animationsBefore = animations
        // The block's entries are those with a newer serial (serials only grow; counting
        // entries would break when the undo limit trims the oldest during the block).
        let lastSerial = undoStack.last?.serial ?? Int.min
        do {
            for c in block.commands { _ = try perform(c) }
        } catch {
            self = saved
            throw error
        }
        let entries = Array(undoStack.reversed().prefix { $0.serial > lastSerial }.reversed())
        guard !entries.isEmpty else { return }
        // One undo step for the whole block: the earliest saved value of each slot wins.
        undoStack.removeLast(entries.count)
        let patch = TreePatch.combining(entries.map(\.patch))
        for id in scene.tree.treeOrder where modelBefore.contains(id) && presentationBefore.contains(id) {
            let old = modelBefore[id], new = scene.tree[id]
            guard old != new else { continue }
            for path in AnimationKeyPath.wholeProperties {
                guard let after = path.value(of: new), path.value(of: old) != after,
                    let start = path.value(of: presentationBefore[id])
                else { continue }
                let spec = AnimationSpec(
                    keyPath: path, from: start.propertyValue, to: after.propertyValue,
                    duration: block.duration, delay: block.delay,
                    timing: block.timing ?? Timing.named("ease-in-out"),
                    fill: (block.delay ?? 0) > 0 ? .backwards : nil)
                animations.removeAll { $0.layer == id && $0.spec.keyPath.canonical == path }
                animations.append(LayerAnimation(layer: id, spec: spec, beginTime: now + (block.delay ?? 0)))
            }
        }
        var entry = UndoEntry(command: .clock(.animated(block)), patch: patch, selection: saved.selection, serial: entries.last!.serial)
        entry.animations = animationsBefore
        undoStack.append(entry)
    }
}

extension Session {
    /// The layout's own animations, started at time 0 (invalid ones were refused when the
    /// file was read, so nothing is silently dropped here).
    mutating func startDeclaredAnimations() {
        for d in scene.animations {
            guard let id = scene.tree.id(named: d.layer) else { continue }
            try? addAnimation(d.spec, on: id)
        }
    }
}
