import Testing
import Geometry
import LayerModel
import Scenes
import TestSupport

/// The scene as a value: the screen rect every picture frames, and the file version a save
/// compares (issue 31 moved both out of the layout format, into `Scenes`).
@Suite struct SceneTests {
    /// A 100×50 layer with its anchor at the centre, at position (50, 25): its frame is
    /// (0, 0, 100, 50).
    func tree(turned: Bool = false, hiddenExtra: Bool = false) throws -> LayerTree {
        var t = LayerTree()
        let transform: Transform3D = turned ? .rotation(.degrees(90)) : .identity
        _ = try t.add(
            makeLayer(
                "box", bounds: Rect(x: 0, y: 0, width: 100, height: 50),
                position: Point(50, 25), transform: transform))
        if hiddenExtra {
            _ = try t.add(
                makeLayer(
                    "far", bounds: Rect(x: 0, y: 0, width: 10, height: 10),
                    position: Point(5000, 5000)
                ) { $0.isHidden = true })
        }
        return t
    }

    @Test func aGivenScreenIsTheScreenRect() throws {
        let scene = Scene(screen: Size(390, 844), tree: try tree())
        #expect(scene.screenRect == Rect(x: 0, y: 0, width: 390, height: 844))
    }

    /// No screen: the box (0, 0, 100, 50) grown by max(20, 10% of 100) = 20 on every side.
    @Test func withoutAScreenTheLayersBoxWithAMargin() throws {
        let r = Scene(tree: try tree()).screenRect
        #expect(r.isApproximatelyEqual(to: Rect(x: -20, y: -20, width: 140, height: 90), tolerance: 1e-9))
    }

    /// Turned 90° about its centre (50, 25) the box spans x 25…75 and y −25…75 on screen: the
    /// true quad, not the untransformed frame, grown by 20.
    @Test func theBoxIsOfTheTrueQuadsAndSkipsHiddenLayers() throws {
        let r = Scene(tree: try tree(turned: true, hiddenExtra: true)).screenRect
        #expect(r.isApproximatelyEqual(to: Rect(x: 5, y: -45, width: 90, height: 140), tolerance: 1e-9))
    }

    @Test func anEmptySceneIs320By240() {
        #expect(Scene().screenRect == Rect(x: 0, y: 0, width: 320, height: 240))
    }

    /// A chmod is not someone else's save; a new size or inode is.
    @Test func fileVersionsCompareWithoutThePermissionFlag() {
        let v = FileVersion(device: 1, inode: 2, size: 3, seconds: 4, nanoseconds: 5, isReadOnly: false)
        var readOnly = v; readOnly.isReadOnly = true
        var grown = v; grown.size = 4
        #expect(FileVersion.same(v, readOnly))
        #expect(!FileVersion.same(v, grown))
        #expect(!FileVersion.same(v, nil))
        #expect(FileVersion.same(nil, nil))
    }

    /// The file a scene came from says where it came from, not what it is.
    @Test func scenesFromDifferentFilesAreEqual() throws {
        var a = Scene(tree: try tree()); a.loaded = LoadedFile(path: "/a.json")
        var b = Scene(tree: try tree()); b.loaded = LoadedFile(path: "/b.json")
        #expect(a == b)
        b.title = "other"
        #expect(a != b)
    }
}
