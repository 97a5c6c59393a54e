import Geometry

/// A key path `animate` can name (time contract), with the UIView aliases.
public enum AnimationKeyPath: String, Equatable, Hashable, Sendable, CaseIterable {
    case position, center, positionX = "position.x", positionY = "position.y", centerX = "center.x", centerY = "center.y"
    case bounds, boundsSize = "bounds.size", boundsOrigin = "bounds.origin"
    case anchorPoint, opacity, alpha, zPosition, backgroundColor
    case transform, sublayerTransform
    case rotationZ = "transform.rotation.z", rotation = "transform.rotation"
    case rotationX = "transform.rotation.x", rotationY = "transform.rotation.y"
    case scale = "transform.scale", scaleX = "transform.scale.x", scaleY = "transform.scale.y"
    case translationX = "transform.translation.x", translationY = "transform.translation.y"

    /// The key path an alias stands for: one running animation per canonical key path.
    public var canonical: AnimationKeyPath {
        switch self {
        case .center: return .position
        case .centerX: return .positionX
        case .centerY: return .positionY
        case .alpha: return .opacity
        case .rotation: return .rotationZ
        default: return self
        }
    }

    public enum ValueKind: Equatable, Sendable { case number, point, size, rect, transform, color }

    public var valueKind: ValueKind {
        switch canonical {
        case .position, .boundsOrigin, .anchorPoint: return .point
        case .boundsSize: return .size
        case .bounds: return .rect
        case .transform, .sublayerTransform: return .transform
        case .backgroundColor: return .color
        default: return .number
        }
    }

    /// True for the `transform.…` number paths, which replace one part of the transform.
    public var isTransformComponent: Bool { rawValue.hasPrefix("transform.") }

    /// The whole properties an `animated` block compares before and after.
    public static let wholeProperties: [AnimationKeyPath] = [
        .position, .bounds, .anchorPoint, .opacity, .zPosition, .backgroundColor, .transform, .sublayerTransform
    ]
}

/// `fill forwards|backwards|both` (CAMediaTimingFillMode; none is the default).
public enum FillMode: String, Equatable, Sendable, CaseIterable {
    case none, forwards, backwards, both
    var fillsBackwards: Bool { self == .backwards || self == .both }
    var fillsForwards: Bool { self == .forwards || self == .both }
}

/// `timing …`: a bézier by name or control points, or a spring.
public enum Timing: Equatable, Sendable {
    case named(String, TimingFunction)
    case cubicBezier(TimingFunction)
    case spring(Spring)

    public static let names: [(String, TimingFunction)] = [
        ("linear", .linear), ("ease-in", .easeIn), ("ease-out", .easeOut), ("ease-in-out", .easeInOut), ("default", .default)
    ]

    public static func named(_ name: String) -> Timing? {
        names.first { $0.0 == name }.map { .named($0.0, $0.1) }
    }

    /// Progress after `elapsed` of the simple duration `duration` (seconds).
    public func progress(elapsed: Double, duration: Double) -> Double {
        switch self {
        case let .named(_, f), let .cubicBezier(f): return f.progress(duration > 0 ? elapsed / duration : 1)
        case let .spring(s): return s.progress(at: elapsed)
        }
    }
}

/// `repeat N|forever`.
public enum RepeatCount: Equatable, Sendable {
    case count(Double)
    case forever
    var value: Double { if case let .count(n) = self { return n }; return .infinity }
}

/// One `animate` command as written: every field optional, printed back in one order.
public struct AnimationSpec: Equatable, Sendable {
    public var keyPath: AnimationKeyPath
    public var from: PropertyValue?
    public var to: PropertyValue?
    public var by: PropertyValue?
    public var duration: Double?
    public var delay: Double?
    public var timing: Timing?
    public var repeatCount: RepeatCount?
    public var autoreverses: Bool = false
    public var fill: FillMode?
    public var keep: Bool = false

    public init(
        keyPath: AnimationKeyPath, from: PropertyValue? = nil, to: PropertyValue? = nil, by: PropertyValue? = nil,
        duration: Double? = nil, delay: Double? = nil, timing: Timing? = nil, repeatCount: RepeatCount? = nil,
        autoreverses: Bool = false, fill: FillMode? = nil, keep: Bool = false
    ) {
        self.keyPath = keyPath; self.from = from; self.to = to; self.by = by
        self.duration = duration; self.delay = delay; self.timing = timing; self.repeatCount = repeatCount
        self.autoreverses = autoreverses; self.fill = fill; self.keep = keep
    }

    /// The simple duration: given, else a spring's settling duration, else 0.25 s.
    public var resolvedDuration: Double {
        if let duration { return duration }
        if case let .spring(s)? = timing { return s.settlingDuration }
        return 0.25
    }
}

/// An animation attached to a layer, with its begin time on the scene clock.
public struct LayerAnimation: Equatable, Sendable {
    public var layer: LayerID
    public var spec: AnimationSpec
    /// `now + delay` when it was added.
    public var beginTime: Double
    /// The simple duration (one way), computed once (a spring's settling scan is not free).
    public var duration: Double

    public init(layer: LayerID, spec: AnimationSpec, beginTime: Double) {
        self.layer = layer; self.spec = spec; self.beginTime = beginTime
        duration = spec.resolvedDuration
    }

    var cycle: Double { spec.autoreverses ? 2 * duration : duration }
    /// Active duration: repeat × cycle (infinite when forever).
    public var activeDuration: Double { (spec.repeatCount?.value ?? 1) * cycle }
    public var endTime: Double { beginTime + activeDuration }
    var fill: FillMode { spec.fill ?? .none }

    /// Still moving (or waiting for its delay) at `now`.
    public func isRunning(at now: Double) -> Bool { now < endTime }

    /// Contributes to the presentation at `now`: running, filling backwards before it
    /// begins, or kept (fill forwards + keep) after it ends.
    public func isVisible(at now: Double) -> Bool {
        if now < beginTime { return fill.fillsBackwards }
        if now < endTime { return true }
        return fill.fillsForwards && spec.keep
    }

    /// Elapsed seconds into the current one-way pass (0…duration) at `now`, nil when the
    /// animation does not contribute.
    public func elapsed(at now: Double) -> Double? {
        guard isVisible(at: now) else { return nil }
        let local = now - beginTime
        if local <= 0 { return 0 }
        let d = duration, cycle = self.cycle
        guard cycle > 0 else { return d }
        if local >= activeDuration {
            // The end state: where the last (possibly partial) repetition stopped.
            let reps = activeDuration / cycle
            let frac = reps - reps.rounded(.down)
            if frac == 0 { return spec.autoreverses ? 0 : d }
            return position(inCycle: frac * cycle)
        }
        let inCycle = local.truncatingRemainder(dividingBy: cycle)
        return position(inCycle: inCycle)
    }

    private func position(inCycle t: Double) -> Double {
        if spec.autoreverses, t > duration { return 2 * duration - t }
        return t
    }

    /// Progress (through the timing function) at `now`.
    public func progress(at now: Double) -> Double? {
        guard let e = elapsed(at: now) else { return nil }
        let timing = spec.timing ?? .named("linear", .linear)
        return timing.progress(elapsed: e, duration: duration)
    }
}
