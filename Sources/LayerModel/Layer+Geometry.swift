import Geometry

extension Layer {
    /// `bounds.origin + anchorPoint ⊙ bounds.size`: the anchor point in the layer's own space.
    public var anchorInBounds: Point {
        bounds.origin + bounds.size.scaled(by: anchorPoint)
    }

    /// The effective matrix from the layer's own space to its superlayer's sublayer space
    /// (geometry.md R1, seed 000's hidden prefix and suffix):
    /// `T(−(bounds.origin + anchorPoint⊙size), −anchorPointZ) · transform · T(position, zPosition)`.
    public var toSuperlayer: Transform3D {
        Layer.toSuperlayer(transform: transform, anchor: anchorInBounds, anchorPointZ: anchorPointZ, position: position, zPosition: zPosition)
    }

    /// `toSuperlayer` from the fields it reads (the tree's hit-testing copy holds them too).
    @inline(__always)
    static func toSuperlayer(transform: Transform3D, anchor a: Point, anchorPointZ: Double, position: Point, zPosition: Double) -> Transform3D {
        // T(v)·M keeps rows 1–3 of M and makes row 4 = v·M(rows 1–3) + M row 4;
        // then ·T(p) adds row[4th column]·p to columns 1–3. Done by hand: this is per layer per frame.
        let m = transform
        let vx = -a.x, vy = -a.y, vz = -anchorPointZ
        var r = m
        r.m41 = vx * m.m11 + vy * m.m21 + vz * m.m31 + m.m41
        r.m42 = vx * m.m12 + vy * m.m22 + vz * m.m32 + m.m42
        r.m43 = vx * m.m13 + vy * m.m23 + vz * m.m33 + m.m43
        r.m44 = vx * m.m14 + vy * m.m24 + vz * m.m34 + m.m44
        let px = position.x, py = position.y, pz = zPosition
        r.m11 += r.m14 * px; r.m12 += r.m14 * py; r.m13 += r.m14 * pz
        r.m21 += r.m24 * px; r.m22 += r.m24 * py; r.m23 += r.m24 * pz
        r.m31 += r.m34 * px; r.m32 += r.m34 * py; r.m33 += r.m34 * pz
        r.m41 += r.m44 * px; r.m42 += r.m44 * py; r.m43 += r.m44 * pz
        return r
    }

    /// The map from this layer's sublayer space (where its sublayers' positions live) to its
    /// own bounds space: the geometryFlipped flip about the bounds' mid-line, then
    /// `sublayerTransform` about the anchor point, `T(−a) · sublayerTransform · T(a)`.
    public var sublayerSpaceToBounds: Transform3D {
        var result = Transform3D.identity
        if isGeometryFlipped {
            // y → minY + maxY − y
            result.m22 = -1
            result.m42 = bounds.minY + bounds.maxY
        }
        if !sublayerTransform.isIdentity {
            let a = anchorInBounds
            let about = Transform3D.translation(-a.x, -a.y, -anchorPointZ)
                .concatenating(sublayerTransform)
                .concatenating(.translation(a.x, a.y, anchorPointZ))
            result = result.concatenating(about)
        }
        return result
    }

    /// The derived frame (R1): the bounding box of the bounds' corners through `toSuperlayer`,
    /// with the homogeneous divide. Corners behind the eye are left out; when all four are,
    /// the frame is an empty rect at `position`.
    public var frame: Rect {
        if transform.isIdentity, bounds.size.width >= 0, bounds.size.height >= 0 {
            let o = position - bounds.size.scaled(by: anchorPoint)
            return Rect(origin: o, size: bounds.standardized.size)
        }
        // The corners in `bounds.corners`' order, boxed as `Rect.boundingBox` boxes them, with
        // no arrays (issue 36: two allocations a turned layer, several frames a key).
        let m = toSuperlayer
        let b = bounds
        var lo = Point(x: 0, y: 0), hi = lo, any = false
        @inline(__always) func take(_ x: Double, _ y: Double) {
            guard let p = m.apply(to: Point(x: x, y: y)) else { return }
            if !any { lo = p; hi = p; any = true; return }
            lo.x = min(lo.x, p.x); lo.y = min(lo.y, p.y)
            hi.x = max(hi.x, p.x); hi.y = max(hi.y, p.y)
        }
        take(b.minX, b.minY); take(b.maxX, b.minY); take(b.maxX, b.maxY); take(b.minX, b.maxY)
        return any ? Rect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y) : Rect(origin: position, size: .zero)
    }

    /// The four bounds corners in the superlayer's sublayer space (top-left, top-right,
    /// bottom-right, bottom-left of the bounds); nil entries are behind the eye.
    public var transformedCorners: [Point?] {
        let m = toSuperlayer
        return bounds.corners.map { m.apply(to: $0) }
    }

    /// `containsPoint:` (R8): `p` is in the layer's **own** space; tests `bounds`, half-open.
    public func contains(_ p: Point) -> Bool { bounds.contains(p) }

    /// The frame setter (R3). Identity transform: standardise, `bounds.size = frame.size`,
    /// keep `bounds.origin`, `position = frame.origin + anchorPoint⊙frame.size`. Under a
    /// transform: `bounds.size` is the inverse of the transform's linear part applied to
    /// `frame.size` as a vector (magnitudes), and `position` is the requested frame's anchor
    /// point minus the transform's translation. Returns false (and changes only position)
    /// when the linear part is singular.
    @discardableResult
    public mutating func setFrame(_ requested: Rect) -> Bool {
        let f = requested.standardized
        if transform.isIdentity {
            bounds.size = f.size
            position = f.origin + f.size.scaled(by: anchorPoint)
            return true
        }
        let linear = Affine2D(a: transform.m11, b: transform.m12, c: transform.m21, d: transform.m22, tx: 0, ty: 0)
        let anchor = f.origin + f.size.scaled(by: anchorPoint)
        position = Point(x: anchor.x - transform.m41, y: anchor.y - transform.m42)
        guard let inverse = linear.inverted() else { return false }
        let s = inverse.apply(to: f.size)
        bounds.size = Size(width: abs(s.width), height: abs(s.height))
        return true
    }

    /// True when the frame setter would distort bounds: the transform's linear part is not a
    /// scale composed with a multiple of 90° (Apple: don't set frame under such a transform).
    public var frameSetterIsLossy: Bool {
        let t = transform
        if !t.isAffine { return true }
        return !((t.m12 == 0 && t.m21 == 0) || (t.m11 == 0 && t.m22 == 0))
    }

    /// Set anchorPoint the Core Animation way (position fixed, frame jumps), or with
    /// `keepFrame` compensating position so the frame stays where it was (seed 002's fix,
    /// without its y-uses-x bug).
    public mutating func setAnchorPoint(_ p: Point, keepFrame: Bool) {
        guard keepFrame else { anchorPoint = p; return }
        // The old anchor's image and the new anchor's image both go through toSuperlayer;
        // moving position by their difference keeps every bounds point where it was.
        let oldLocal = anchorInBounds
        let oldM = toSuperlayer
        anchorPoint = p
        let newLocal = anchorInBounds
        if let newImage = oldM.apply(to: newLocal), let oldImage = oldM.apply(to: oldLocal),
            newImage.isFinite, oldImage.isFinite, transform.m14 == 0, transform.m24 == 0, transform.m34 == 0
        {
            position = position + (newImage - oldImage)
        } else {
            // Under perspective the frame cannot stay exactly put by moving position in the
            // plane; keep the new anchor's old image as the position instead.
            if let newImage = oldM.apply(to: newLocal) { position = newImage }
        }
    }
}
