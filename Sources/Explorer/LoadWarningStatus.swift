import Scenes

extension ExplorerState {
    /// The first warning the scene's file gave when it was read (`Scene.loadWarnings`: a
    /// `frame` under a rotation), on the status line once, as the file opens or reloads: the
    /// next key's status replaces it. More than one: how many more, and a command that prints
    /// them all (`seeAll`; by default `LoadWarningStatus.seeAll(path:)`).
    mutating func showLoadWarnings(of scene: Scene, path: String?, seeAll: String? = nil) {
        let warnings = scene.loadWarnings.all
        guard let first = warnings.first else { return }
        var text = first.description
        if warnings.count > 1 {
            text += " (and \(warnings.count - 1) more: \(seeAll ?? LoadWarningStatus.seeAll(path: path)))"
        }
        setStatus(text, error: true)
    }
}
