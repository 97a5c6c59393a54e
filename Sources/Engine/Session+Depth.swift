import Geometry
import LayerModel
import CommandLanguage
import LayoutFiles
import Export

extension Session {
    /// `explode …` and `camera …`: settings only; the scene is not touched (no undo step).
    mutating func performDepth(_ command: DepthCommand) {
        switch command {
        case let .explode(on):
            // The pitch and spacing not set by hand are the scene's (`DepthLayout.camera`).
            depth.exploded = on ?? !depth.exploded
        case let .order(o): depth.order = o
        case let .spacing(s): depth.spacing = s; depth.spacingSet = true
        case let .range(r): depth.range = r
        case let .yaw(d): depth.yaw = d
        case let .pitch(d): depth.pitch = d; depth.pitchSet = true
        case .reset:
            // The opening camera: yaw 30 and the scene's pitch (Depth+Opening.swift).
            depth.yaw = DepthSettings.defaultYaw
            depth.pitch = DepthSettings.defaultPitch
            depth.pitchSet = false
        }
    }

    /// The planes of `tree` (the model by default) under the current settings.
    public func depthLayout(of tree: LayerTree? = nil) -> DepthLayout {
        depthCache.layout(tree ?? scene.tree, order: depth.order, hitOrder: hitTestOrder)
    }

    /// The exploded view's camera for a layout: centred on the scene's `screen` when it has one.
    public func explodedCamera(_ layout: DepthLayout) -> ExplodedCamera {
        layout.camera(depth, screen: scene.screen.map { Rect(origin: .zero, size: $0) })
    }

    /// The one exploded frame of `tree` (the model by default) under the current settings: what
    /// the explorer draws, the SVG exports and `get exploded-quad` answers (ExplodedFrame.swift).
    public func explodedFrame(of tree: LayerTree? = nil) -> ExplodedFrame {
        ExplodedFrame(depthLayout(of: tree), settings: depth, screen: scene.screen.map { Rect(origin: .zero, size: $0) })
    }

    /// `export svg`'s picture: the flat scene, or the exploded view when it is on.
    /// `crop`: the flat picture's view box (the exploded view always crops to its planes).
    public func svgText(crop: SVGCrop = .screen) -> String {
        let shown = presentedScene
        return depth.exploded
            ? SVGExport.explodedSVG(shown, frame: explodedFrame(of: shown.tree), selection: selection)
            : SVGExport.svg(shown, measurement: pinnedScreenLines(in: shown.tree), crop: crop)
    }

    /// `get quad|plane|planes|exploded-quad`.
    func depthAnswer(_ query: DepthQuery) throws(CommandError) -> String {
        func quadJSON(_ q: Quad?) -> String {
            guard let q else { return "{\"quad\":null}" }
            return "{\"quad\":[" + q.points.map { JSON.numbers([$0.x, $0.y]) }.joined(separator: ",") + "]}"
        }
        switch query {
        case .quad:
            return quadJSON(scene.tree.screenQuad(of: try selected()))
        case .plane:
            let id = try selected()
            return "{\"plane\":" + (depthLayout().plane(of: id).map(String.init) ?? "null") + "}"
        case .planes:
            return "{\"planes\":\(depthLayout().planeCount)}"
        case .explodedQuad:
            return quadJSON(explodedFrame().quad(of: try selected()))
        }
    }
}
