import LayerModel

/// The level of the deepest layer of `tree` (a top-level layer is level 0), by a work list:
/// the import tests' measure of how deep a dump nests (LayoutFilesTests, LayoutFileIOTests).
public func maxDepth(_ tree: LayerTree) -> Int {
    var deepest = 0
    var work = tree.roots.map { ($0, 0) }
    while let (id, d) = work.popLast() {
        deepest = max(deepest, d)
        work += tree[id].sublayers.map { ($0, d + 1) }
    }
    return deepest
}
