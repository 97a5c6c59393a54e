import Geometry

/// A value an animation moves between, already in the engine's types.
public enum AnimationValue: Equatable, Sendable {
    case number(Double)
    case point(Point)
    case size(Size)
    case rect(Rect)
    case transform(Transform3D)
    case color(Color)

    init?(_ v: PropertyValue) {
        switch v {
        case let .number(x): self = .number(x)
        case let .point(p): self = .point(p)
        case let .size(s): self = .size(s)
        case let .rect(r): self = .rect(r)
        case let .transform(t): self = .transform(t.matrix)
        case let .color(c?, _): self = .color(c)
        default: return nil
        }
    }

    /// The command spelling of the value (for the timeline and `animated`'s animations).
    var propertyValue: PropertyValue {
        switch self {
        case let .number(x): return .number(x)
        case let .point(p): return .point(p)
        case let .size(s): return .size(s)
        case let .rect(r): return .rect(r)
        case let .transform(m): return .transform(TransformSpec([.matrix(m)]))
        case let .color(c): return .color(c, spelling: c.hex)
        }
    }

    /// a + b (`by`): component-wise; transforms concatenate (a first, then b).
    static func adding(_ a: AnimationValue, _ b: AnimationValue) -> AnimationValue? {
        switch (a, b) {
        case let (.number(x), .number(y)): return .number(x + y)
        case let (.point(p), .point(q)): return .point(Point(x: p.x + q.x, y: p.y + q.y))
        case let (.size(p), .size(q)): return .size(Size(width: p.width + q.width, height: p.height + q.height))
        case let (.rect(p), .rect(q)):
            return .rect(Rect(x: p.origin.x + q.origin.x, y: p.origin.y + q.origin.y,
                              width: p.size.width + q.size.width, height: p.size.height + q.size.height))
        case let (.transform(m), .transform(n)): return .transform(m.concatenating(n))
        default: return nil
        }
    }

    /// a − b (`by` with `to`): the value that `adding` b takes to a.
    static func subtracting(_ a: AnimationValue, _ b: AnimationValue) -> AnimationValue? {
        switch (a, b) {
        case let (.number(x), .number(y)): return .number(x - y)
        case let (.point(p), .point(q)): return .point(Point(x: p.x - q.x, y: p.y - q.y))
        case let (.size(p), .size(q)): return .size(Size(width: p.width - q.width, height: p.height - q.height))
        case let (.rect(p), .rect(q)):
            return .rect(Rect(x: p.origin.x - q.origin.x, y: p.origin.y - q.origin.y,
                              width: p.size.width - q.size.width, height: p.size.height - q.size.height))
        case let (.transform(m), .transform(n)): return n.inverted().map { .transform(m.concatenating($0)) }
        default: return nil
        }
    }

    /// from + (to − from)·p; transforms by decomposition; colours per channel.
    static func interpolate(_ a: AnimationValue, _ b: AnimationValue, _ p: Double) -> AnimationValue {
        func l(_ x: Double, _ y: Double) -> Double { x + (y - x) * p }
        switch (a, b) {
        case let (.number(x), .number(y)): return .number(l(x, y))
        case let (.point(u), .point(v)): return .point(Point(x: l(u.x, v.x), y: l(u.y, v.y)))
        case let (.size(u), .size(v)): return .size(Size(width: l(u.width, v.width), height: l(u.height, v.height)))
        case let (.rect(u), .rect(v)):
            return .rect(Rect(x: l(u.origin.x, v.origin.x), y: l(u.origin.y, v.origin.y),
                              width: l(u.size.width, v.size.width), height: l(u.size.height, v.size.height)))
        case let (.transform(m), .transform(n)): return .transform(TransformParts.interpolate(m, n, p))
        case let (.color(c), .color(d)):
            func ch(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8(min(255, max(0, l(Double(x), Double(y)).rounded()))) }
            return .color(Color(red: ch(c.red, d.red), green: ch(c.green, d.green), blue: ch(c.blue, d.blue)))
        default: return p < 0.5 ? a : b
        }
    }
}

extension AnimationKeyPath {
    /// The layer's value at this key path (nil: a layer without a backgroundColor).
    public func value(of layer: Layer) -> AnimationValue? {
        switch canonical {
        case .position: return .point(layer.position)
        case .positionX: return .number(layer.position.x)
        case .positionY: return .number(layer.position.y)
        case .bounds: return .rect(layer.bounds)
        case .boundsSize: return .size(layer.bounds.size)
        case .boundsOrigin: return .point(layer.bounds.origin)
        case .anchorPoint: return .point(layer.anchorPoint)
        case .opacity: return .number(layer.opacity)
        case .zPosition: return .number(layer.zPosition)
        case .backgroundColor: return layer.backgroundColor.map { .color($0) }
        case .transform: return .transform(layer.transform)
        case .sublayerTransform: return .transform(layer.sublayerTransform)
        default:
            let parts = TransformParts(layer.transform) ?? .identity
            switch canonical {
            case .rotationX: return .number(parts.eulerDegrees.x)
            case .rotationY: return .number(parts.eulerDegrees.y)
            case .rotationZ: return .number(parts.eulerDegrees.z)
            case .scale, .scaleX: return .number(parts.scale[0])
            case .scaleY: return .number(parts.scale[1])
            case .translationX: return .number(parts.translation[0])
            case .translationY: return .number(parts.translation[1])
            default: return nil
            }
        }
    }

    /// Writes a value at this key path. The `transform.…` paths replace one part of the
    /// decomposed transform (on the identity: simply `rotate V`, `scale V`, `translate V 0`).
    public func set(_ value: AnimationValue, on layer: inout Layer) {
        switch (canonical, value) {
        case let (.position, .point(p)): layer.position = p
        case let (.positionX, .number(x)): layer.position.x = x
        case let (.positionY, .number(y)): layer.position.y = y
        case let (.bounds, .rect(r)): layer.bounds = r
        case let (.boundsSize, .size(s)): layer.bounds.size = s
        case let (.boundsOrigin, .point(p)): layer.bounds.origin = p
        case let (.anchorPoint, .point(p)): layer.anchorPoint = p
        case let (.opacity, .number(x)): layer.opacity = min(1, max(0, x))
        case let (.zPosition, .number(x)): layer.zPosition = x
        case let (.backgroundColor, .color(c)): layer.backgroundColor = c
        case let (.transform, .transform(m)): layer.transform = m
        case let (.sublayerTransform, .transform(m)): layer.sublayerTransform = m
        case let (path, .number(x)):
            var parts = TransformParts(layer.transform) ?? .identity
            var euler = parts.eulerDegrees
            var rotation: Transform3D? = nil
            switch path {
            case .rotationX: euler.x = x; rotation = TransformParts.rotation(eulerDegrees: euler)
            case .rotationY: euler.y = x; rotation = TransformParts.rotation(eulerDegrees: euler)
            case .rotationZ: euler.z = x; rotation = TransformParts.rotation(eulerDegrees: euler)
            case .scale: parts.scale[0] = x; parts.scale[1] = x
            case .scaleX: parts.scale[0] = x
            case .scaleY: parts.scale[1] = x
            case .translationX: parts.translation[0] = x
            case .translationY: parts.translation[1] = x
            default: return
            }
            layer.transform = parts.matrix(rotation: rotation)
        default: break
        }
    }
}

extension LayerAnimation {
    /// The value this animation gives its key path at progress p, with the model's value
    /// filling in a missing from or to (as CABasicAnimation does).
    func value(progress p: Double, model: Layer) -> AnimationValue? {
        let path = spec.keyPath
        let m = path.value(of: model)
        let from = spec.from.flatMap(AnimationValue.init), to = spec.to.flatMap(AnimationValue.init), by = spec.by.flatMap(AnimationValue.init)
        var a: AnimationValue?, b: AnimationValue?
        switch (from, to, by) {
        case let (f?, t?, _): a = f; b = t
        case let (f?, nil, by?): a = f; b = AnimationValue.adding(f, by)
        case let (nil, t?, by?): a = AnimationValue.subtracting(t, by); b = t
        case let (f?, nil, nil): a = f; b = m
        case let (nil, t?, nil): a = m; b = t
        case let (nil, nil, by?): a = m; b = m.flatMap { AnimationValue.adding($0, by) }
        default: return nil
        }
        switch (a, b) {
        case let (a?, b?): return AnimationValue.interpolate(a, b, p)
        case let (a?, nil): return a
        case let (nil, b?): return b
        default: return nil
        }
    }
}

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
            guard let p = a.progress(at: t), let v = a.value(progress: p, model: model[a.layer]) else { continue }
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
        try Session.validate(spec, model: scene.tree[id])
        animations.removeAll { $0.layer == id && $0.spec.keyPath.canonical == spec.keyPath.canonical }
        animations.append(LayerAnimation(layer: id, spec: spec, beginTime: now + (spec.delay ?? 0)))
    }

    static func validate(_ spec: AnimationSpec, model: Layer) throws(CommandError) {
        let given = [spec.from, spec.to, spec.by].compactMap { $0 }
        guard !given.isEmpty else {
            throw CommandError("animate \(spec.keyPath.rawValue) needs from, to or by", suggestion: "e.g. animate \(spec.keyPath.rawValue) to …")
        }
        guard given.count < 3 else {
            throw CommandError("give at most two of from, to and by", suggestion: "from+to, from+by, by+to, or one of them")
        }
        if spec.by != nil, spec.keyPath.valueKind == .color {
            throw CommandError("by is not defined for colours", suggestion: "use from and to")
        }
        if spec.keyPath.valueKind == .color, model.backgroundColor == nil, spec.from == nil || spec.to == nil {
            throw CommandError("the layer has no backgroundColor to animate from or to", suggestion: "give both from and to, or set backgroundColor first")
        }
        if let to = spec.to.flatMap(AnimationValue.init), let by = spec.by.flatMap(AnimationValue.init),
           spec.from == nil, AnimationValue.subtracting(to, by) == nil {
            throw CommandError("the by transform is singular: no from value reaches to", suggestion: "give from instead")
        }
    }

    /// `wait`, `time`, `speed`, `play`, `pause`, `animate`, `animated`, `remove-animations`
    /// and the presentation queries.
    mutating func performTime(_ command: Command) throws(CommandError) -> Effect {
        switch command {
        case let .wait(s):
            guard s >= 0 else { throw CommandError("wait takes seconds ≥ 0", suggestion: "use time T to go back") }
            now += s
            return .none
        case let .time(t):
            guard t >= 0 else { throw CommandError("time must be ≥ 0 (the clock starts at 0 when the scene loads)") }
            now = t
            return .none
        case let .speed(f):
            guard f >= 0 else { throw CommandError("speed must be ≥ 0 (1 = real time, 0.1 = slow motion, 0 = paused)") }
            playbackSpeed = f
            return .none
        case .play:
            isPaused = false
            return .none
        case .pause:
            isPaused = true
            return .none
        case let .animate(spec):
            try addAnimation(spec, on: try selected())
            return .none
        case let .animated(block):
            try performAnimated(block)
            return .none
        case let .removeAnimations(path):
            let id = try selected()
            animations.removeAll { $0.layer == id && (path == nil || $0.spec.keyPath.canonical == path!.canonical) }
            return .none
        case let .getPresentation(property):
            return .answer(Session.value(of: property, of: try selected(), in: presentationTree()))
        case .getNow:
            return .answer("{\"number\":\(JSON.number(now))}")
        case let .hitTestPresentation(name, p):
            return .answer(try hitTestAnswer(name, p, in: presentationTree()))
        default:
            preconditionFailure("Session.performTime: \(command.text) is not a time command")
        }
    }

    /// UIView.animate: the model changes at once; every animatable property that changed
    /// animates from its presentation value just before the block. One undo step reverts the
    /// model and removes these animations.
    mutating func performAnimated(_ block: AnimatedBlock) throws(CommandError) {
        for c in block.commands {
            switch c {
            case .select, .selectNext, .selectPrevious, .selectParent, .selectChild: continue
            default:
                guard c.isEdit else {
                    throw CommandError("\(c.text.split(separator: " ").first ?? "") cannot go inside animated { }",
                                       suggestion: "only edits (set, move, rotate, scale, anchor…) and select")
                }
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
        let patch = TreePatch(slots: entries.reversed().flatMap(\.patch.slots), roots: entries.first { $0.patch.roots != nil }?.patch.roots)
        for id in scene.tree.treeOrder where modelBefore.contains(id) && presentationBefore.contains(id) {
            let old = modelBefore[id], new = scene.tree[id]
            guard old != new else { continue }
            for path in AnimationKeyPath.wholeProperties {
                guard let after = path.value(of: new), path.value(of: old) != after,
                      let start = path.value(of: presentationBefore[id]) else { continue }
                let spec = AnimationSpec(keyPath: path, from: start.propertyValue, to: after.propertyValue,
                                         duration: block.duration, delay: block.delay,
                                         timing: block.timing ?? Timing.named("ease-in-out"),
                                         fill: (block.delay ?? 0) > 0 ? .backwards : nil)
                animations.removeAll { $0.layer == id && $0.spec.keyPath.canonical == path }
                animations.append(LayerAnimation(layer: id, spec: spec, beginTime: now + (block.delay ?? 0)))
            }
        }
        var entry = UndoEntry(command: .animated(block), patch: patch, selection: saved.selection, serial: entries.last!.serial)
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
