extension ExplorerScreen {
    /// The scrolling help's title in `room` columns: the longest of its forms that fits, so
    /// a narrow terminal still says how to scroll and close — at 40 columns the whole one was
    /// cut to "Keys, lines 1–8 of 300 (j/k Space", neither.
    static func helpTitle(first: Int, last: Int, of total: Int, room: Int) -> String {
        let forms = [
            "Keys, lines \(first)–\(last) of \(total) (j/k Space scroll, any other key closes)",
            "Keys \(first)–\(last) of \(total) · j/k scroll · other keys close",
            "Keys \(first)–\(last)/\(total) · j/k · other keys close",
            "\(first)–\(last)/\(total) · j/k · other keys close",
            "\(first)–\(last)/\(total) · j/k"
        ]
        return forms.first { $0.displayWidth <= room } ?? forms[forms.count - 1]
    }
}
