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

/// The command the load-warning status names for the warnings it does not show: one a user
/// can run. A file on disk: `layerscope check FILE`. The embedded tour has no file `check`
/// could open (its warnings name `(embedded) tour.json`): saved first. An embedded lesson:
/// `layerscope learn check`, which prints the embedded pack's warnings.
enum LoadWarningStatus {
    static let embedded = "(embedded) "

    /// For the explorer's scene: its file (nil: not from a file, e.g. the embedded tour).
    static func seeAll(path: String?) -> String {
        guard let path, !path.hasPrefix(embedded) else { return ":save FILE, then layerscope check FILE" }
        return "layerscope check " + shellWord(path)
    }

    /// For a lesson: its file as loaded (`(embedded) NAME` for the shipped pack).
    static func seeAll(lessonFile file: String) -> String {
        file.hasPrefix(embedded) ? "layerscope learn check" : "layerscope check " + shellWord(file)
    }

    /// `path` as one shell word: as it is when it holds only characters no shell reads
    /// specially, else in single quotes (a quote inside written `'\''`).
    static func shellWord(_ path: String) -> String {
        let plain =
            !path.isEmpty
            && path.unicodeScalars.allSatisfy { s in
                (s.value < 128 && (s.properties.isAlphabetic || ("0"..."9").contains(s) || "/._-+,=:@%".unicodeScalars.contains(s)))
            }
        guard !plain else { return path }
        var word = "'"
        for c in path { word += c == "'" ? "'\\''" : String(c) }
        return word + "'"
    }
}
