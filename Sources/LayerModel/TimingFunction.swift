/// A CAMediaTimingFunction: a cubic bézier from (0, 0) to (1, 1) through (x1, y1) and
/// (x2, y2). It maps the elapsed fraction of an animation (x) to its progress (y): solve
/// x(s) = t for the curve parameter s, then read y(s).
public struct TimingFunction: Equatable, Sendable {
    public var x1: Double, y1: Double, x2: Double, y2: Double

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    public static let linear = TimingFunction(0, 0, 1, 1)
    public static let easeIn = TimingFunction(0.42, 0, 1, 1)
    public static let easeOut = TimingFunction(0, 0, 0.58, 1)
    public static let easeInOut = TimingFunction(0.42, 0, 0.58, 1)
    /// kCAMediaTimingFunctionDefault.
    public static let `default` = TimingFunction(0.25, 0.1, 0.25, 1)

    /// The curve's coordinate for one pair of control values, at parameter s.
    @inline(__always)
    static func bezier(_ s: Double, _ a: Double, _ b: Double) -> Double {
        // B(s) = 3(1−s)²s·a + 3(1−s)s²·b + s³
        let u = 1 - s
        return 3 * u * u * s * a + 3 * u * s * s * b + s * s * s
    }

    @inline(__always)
    static func bezierSlope(_ s: Double, _ a: Double, _ b: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * a + 6 * u * s * (b - a) + 3 * s * s * (1 - b)
    }

    /// The curve parameter s with x(s) = t, to 1e-9 (x is monotonic for x1, x2 in [0, 1]).
    public func parameter(forX t: Double) -> Double {
        if t <= 0 { return 0 }
        if t >= 1 { return 1 }
        // Newton from s = t, falling back to bisection when the slope vanishes or a step
        // leaves the bracket.
        var lo = 0.0, hi = 1.0, s = t
        for _ in 0..<50 {
            let x = TimingFunction.bezier(s, x1, x2) - t
            if abs(x) < 1e-12 { return s }
            if x > 0 { hi = s } else { lo = s }
            let d = TimingFunction.bezierSlope(s, x1, x2)
            var next = d > 1e-9 ? s - x / d : (lo + hi) / 2
            if !(next > lo && next < hi) { next = (lo + hi) / 2 }
            if abs(next - s) < 1e-13 { return next }
            s = next
        }
        return s
    }

    /// Progress at elapsed fraction t (clamped to [0, 1] in time; progress may leave [0, 1]
    /// when y1 or y2 do).
    public func progress(_ t: Double) -> Double {
        if self == .linear { return min(max(t, 0), 1) }
        return TimingFunction.bezier(parameter(forX: t), y1, y2)
    }
}

/// CASpringAnimation's damped harmonic oscillator, moving progress from 0 to 1:
/// m·x'' + c·x' + k·(x − 1) = 0, x(0) = 0, x'(0) = initial velocity (in distances per second).
public struct Spring: Equatable, Sendable {
    public var mass: Double
    public var stiffness: Double
    public var damping: Double
    public var initialVelocity: Double

    public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double = 0) {
        self.mass = mass; self.stiffness = stiffness; self.damping = damping; self.initialVelocity = initialVelocity
    }

    /// The least mass and stiffness the readers accept: with both in 1e-6…1e9, ω0 and ζ stay
    /// finite (k/m ≤ 1e15), so progress is a number at every moment.
    public static let smallest = 1e-6

    /// ω0 = √(k/m), ζ = c / (2√(k·m)).
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// Progress at `seconds` after the start (closed form; may overshoot 1).
    public func progress(at seconds: Double) -> Double {
        let t = max(0, seconds)
        let w0 = naturalFrequency, zeta = dampingRatio, v0 = initialVelocity
        // Displacement from the target: y = x − 1, y(0) = −1, y'(0) = v0.
        let y: Double
        if zeta < 1 - 1e-12 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let a = -1.0, b = (v0 + zeta * w0 * a) / wd
            y = exp(-zeta * w0 * t) * (a * cos(wd * t) + b * sin(wd * t))
        } else if zeta <= 1 + 1e-12 {
            let a = -1.0, b = v0 + w0 * a
            y = exp(-w0 * t) * (a + b * t)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
            let c2 = (v0 + r1) / (r2 - r1), c1 = -1 - c2
            y = c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
        return 1 + y
    }

    /// The settling duration: the last moment, scanning 1/240 s steps up to 60 s, at which
    /// progress is still more than 0.001 away from 1 (Core Animation's settlingDuration is
    /// of the same kind; the threshold is this project's).
    public var settlingDuration: Double {
        let step = 1.0 / 240, limit = 60.0
        var last = 0.0
        var t = 0.0
        while t <= limit {
            if abs(progress(at: t) - 1) > 0.001 { last = t }
            t += step
        }
        return min(limit, last + step)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
