/// Layout texts shared by the format's tests (LayoutFilesTests) and its files' tests
/// (LayoutFileIOTests).
public enum Fixtures {
    /// A card turned 30° and a flat layer whose steps set `frame`: step 2's "set frame 0 0 20 20"
    /// on the turned card warns (line 8, its quote at column 49), step 3's (line 9, column 48)
    /// too (StepScriptWarningTests, StepWarningStatusTests, StepWarningsEndToEndTests).
    public static let stepWarnings = """
        {"layers": [
          {"name": "card", "bounds": [0, 0, 20, 20], "position": [40, 40],
           "transform": [{"rotate": 30}]},
          {"name": "flat", "bounds": [0, 0, 20, 20]}
        ],
         "steps": [
          {"title": "flat", "script": ["select flat", "set frame 0 0 30 30"]},
          {"title": "turned", "script": ["select card", "set frame 0 0 20 20", "select flat"]},
          {"title": "small", "script": ["select card", "set frame 0 0 10 10"]}
         ]}
        """

    /// A view card whose subviews are placed by `frame` (badge's on line 6, column 43): the
    /// save that cannot keep the file's text, and the `save --rewrite` that can
    /// (RewriteSaveTests, QuitRewriteTests, QuitRewriteEndToEndTests).
    public static let placedCard = """
        {
          "title": "card",
          "layers": [
            {"name": "card", "kind": "view", "frame": [20, 20, 200, 120],
             "subviews": [
                {"name": "badge", "kind": "view", "frame": [10, 10, 40, 40], "backgroundColor": "#ff0000"},
                {"name": "label",   "kind": "view", "frame": [60, 10, 120, 30]}
             ]}
          ]
        }

        """

    /// Every field, both spellings of each alias, every transform form.
    public static let richJSON = """
        {
          "title": "Clock hands pivot near their base",
          "notes": "Press a on a hand.\\nThen move the anchor: the hand jumps.",
          "screen": { "width": 320, "height": 240 },
          "layers": [
            {
              "name": "face",
              "bounds": [0, 0, 200, 200],
              "position": [160, 120],
              "backgroundColor": "#f0f0f0",
              "borderColor": "steelblue",
              "borderWidth": 2,
              "masksToBounds": true,
              "sublayerTransform": [{ "perspective": 500 }],
              "sublayers": [
                { "name": "hourHand", "bounds": [0, 0, 8, 60], "position": [100, 100],
                  "anchorPoint": [0.5, 0.9], "transform": [{ "rotate": 90 }],
                  "backgroundColor": "black" },
                { "name": "card", "frame": [20, 20, 40, 30], "anchorPointZ": 5, "zPosition": 2.5,
                  "transform": [{ "rotateY": 30 }, { "translate": [0, 0, 10] }],
                  "geometryFlipped": true, "opacity": 0.25 }
              ]
            },
            {
              "name": "button", "kind": "view", "center": [40, 200],
              "bounds": { "x": 0, "y": 0, "width": 60, "height": 24 },
              "alpha": 0.5, "clipsToBounds": true, "userInteractionEnabled": false, "hidden": true,
              "transform": [1, 0.5, 0, 1, 3, 4],
              "subviews": [
                { "name": "label", "kind": "view", "frame": { "x": 4, "y": 2, "width": 52, "height": 20 } }
              ]
            },
            { "name": "matrix", "transform": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 0, 0, 0, 1],
              "anchorPoint": { "x": 0, "y": 1 } }
          ],
          "script": ["select hourHand", "anchor 0.5 0.5"]
        }
        """

    /// The same scene as `richJSON`, written the way a person writes YAML.
    public static let richYAML = """
        # The same scene as richJSON.
        title: Clock hands pivot near their base
        notes: |-
          Press a on a hand.
          Then move the anchor: the hand jumps.
        screen: {width: 320, height: 240}
        layers:
          - name: face
            bounds: [0, 0, 200, 200]
            position: [160, 120]
            backgroundColor: "#f0f0f0"   # a comment
            borderColor: steelblue
            borderWidth: 2
            masksToBounds: true
            sublayerTransform:
              - perspective: 500
            sublayers:
              - {name: hourHand, bounds: [0, 0, 8, 60], position: [100, 100], anchorPoint: [0.5, 0.9], transform: [{rotate: 90}], backgroundColor: black}
              - name: card
                frame: [20, 20, 40, 30]
                anchorPointZ: 5
                zPosition: 2.5
                transform:
                  - rotateY: 30
                  - translate: [0, 0, 10]
                geometryFlipped: true
                opacity: 0.25
          - name: button
            kind: view
            center: [40, 200]
            bounds: {x: 0, y: 0, width: 60, height: 24}
            alpha: 0.5
            clipsToBounds: true
            userInteractionEnabled: false
            hidden: true
            transform: [1, 0.5, 0, 1, 3, 4]
            subviews:
              - name: label
                kind: view
                frame: {x: 4, y: 2, width: 52, height: 20}
          - name: matrix
            transform: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 0, 0, 0, 1]
            anchorPoint: {x: 0, y: 1}
        script:
          - select hourHand
          - anchor 0.5 0.5
        """

    public static let smallJSON = """
        {
          "title": "Demo",
          "layers": [
            {
              "name": "box",
              "bounds": [0, 0, 100, 50],
              "anchorPoint": [0, 0],
              "position": [60, 40.5],
              "transform": [0, 1, -1, 0, 0, 0],
              "backgroundColor": "red"
            },
            {
              "name": "tap",
              "kind": "view",
              "center": [10, 10],
              "sublayerTransform": [
                1, 0, 0, 0,
                0, 1, 0, 0,
                0, 0, 1, -0.002,
                0, 0, 0, 1
              ],
              "alpha": 0.5,
              "subviews": [
                {
                  "name": "inner"
                }
              ]
            }
          ],
          "script": [
            "select box"
          ]
        }

        """

    public static let smallYAML = """
        title: Demo
        layers:
          - name: box
            bounds: [0, 0, 100, 50]
            anchorPoint: [0, 0]
            position: [60, 40.5]
            transform: [0, 1, -1, 0, 0, 0]
            backgroundColor: red
          - name: tap
            kind: view
            center: [10, 10]
            sublayerTransform: [1, 0, 0, 0,
              0, 1, 0, 0,
              0, 0, 1, -0.002,
              0, 0, 0, 1]
            alpha: 0.5
            subviews:
              - name: inner
        script:
          - select box

        """
}
