import LayoutFiles
import Explorer
import Scenes
import Engine

/// The scene `layerscope` opens with no FILE: `Layouts/tour.json`, embedded so that
/// `swift run layerscope` works from any directory. A test keeps the two identical.
public enum DefaultScene {
    public static let fileName = "tour.json"

    public static let json = #"""
        {
          "title": "LayerScope tour: anchor points, frames, z-order and hit testing",
          "notes": "Tab selects the next layer; the panel shows its frame, bounds, position, anchorPoint and matrices. On the hand: r rotates about its anchor (0.5, 0.9). On box: a enters anchor mode, arrows move the anchorPoint — the frame jumps (Core Animation); f switches to keep-frame. On green/red: c starts the hit-test cursor; in the overlap, zPosition decides what is drawn on top and what is hit. u undoes, ? lists every key, q quits.",
          "screen": { "width": 400, "height": 260 },
          "layers": [
            {
              "name": "face", "bounds": [0, 0, 140, 140], "position": [90, 100],
              "backgroundColor": "whitesmoke", "borderColor": "dimgray", "borderWidth": 2,
              "sublayers": [
                { "name": "hand", "bounds": [0, 0, 8, 60], "position": [70, 70], "anchorPoint": [0.5, 0.9],
                  "transform": [{ "rotate": 60 }], "backgroundColor": "black" }
              ]
            },
            { "name": "box", "bounds": [0, 0, 100, 60], "position": [230, 80], "anchorPoint": [0, 0],
              "transform": [{ "rotate": 15 }], "backgroundColor": "orange", "borderColor": "darkorange", "borderWidth": 1 },
            { "name": "green", "bounds": [0, 0, 80, 80], "position": [250, 190], "zPosition": 1, "backgroundColor": "green" },
            { "name": "red", "bounds": [0, 0, 80, 80], "position": [300, 210], "backgroundColor": "red" }
          ]
        }
        """#

    /// The tour, parsed with its script applied.
    public static func scene() throws -> Scene {
        let scene = try LayoutFile.parse(json, file: "(embedded) " + fileName, format: .json)
        return try SceneLoader.applyingScript(scene)
    }
}
