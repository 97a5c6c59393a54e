/// The exploded view's opening camera (depth.md, "The camera"; DECISIONS.md, issue 32): the
/// pitch and the spacing the view opens with are chosen from the scene's size, so the
/// planes stand apart at a glance. A value the user set (`camera pitch`, `explode spacing`)
/// is kept instead (`DepthSettings.spacingSet`, `pitchSet`); `DepthLayout.camera` derives
/// the others each time it is asked.
///
/// - E, the scene's larger side (its `screen`, else the drawn quads' bounding box); P planes.
/// - **Spacing**: the whole stack about ¾ of the scene deep, adjacent planes at most a sixth
///   of it apart: min(E / 6, 0.75 × E / (P − 1)) (E / 6 for one plane), rounded to the
///   nearest multiple of 5 (a `z`/`Z` step), at least 5. The contract's 20 is what an
///   empty scene (E = 0) keeps.
/// - **Pitch**: −15° for a scene at least as tall as wide (a phone: yaw already spreads the
///   planes sideways across its narrow width), −25° for a wider one (sideways offsets are
///   lost in its width; a steeper tilt spreads them down). Negative: the front planes move
///   down, a view from above. An empty scene keeps the contract's 0°.
public enum OpeningCamera {
    public static func spacing(width: Double, height: Double, planeCount: Int) -> Double {
        let e = max(width, height)
        guard e.isFinite, e > 0 else { return 20 }
        let raw = planeCount > 1 ? min(e / 6, 0.75 * e / Double(planeCount - 1)) : e / 6
        return max(5, (raw / 5).rounded() * 5)
    }

    public static func pitch(width: Double, height: Double) -> Double {
        guard width.isFinite, height.isFinite, width > 0 || height > 0 else { return 0 }
        return height >= width ? -15 : -25
    }
}
