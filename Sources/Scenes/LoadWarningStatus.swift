/// The command the load-warning status names for the warnings it does not show: one a user
/// can run. A file on disk: `layerscope check FILE`. The embedded tour has no file `check`
/// could open (its warnings name `(embedded) tour.json`): saved first. An embedded lesson:
/// `layerscope learn check`, which prints the embedded pack's warnings.
public enum LoadWarningStatus {
    public static let embedded = "(embedded) "

    /// For the explorer's scene: its file (nil: not from a file, e.g. the embedded tour).
    public static func seeAll(path: String?) -> String {
        guard let path, !path.hasPrefix(embedded) else { return ":save FILE, then layerscope check FILE" }
        return "layerscope check " + shellWord(path)
    }

    /// For a lesson: its file as loaded (`(embedded) NAME` for the shipped pack).
    public static func seeAll(lessonFile file: String) -> String {
        file.hasPrefix(embedded) ? "layerscope learn check" : "layerscope check " + shellWord(file)
    }

    /// `path` as one shell word: as it is when it holds only characters no shell reads
    /// specially, else in single quotes (a quote inside written `'\''`).
    public static func shellWord(_ path: String) -> String {
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
