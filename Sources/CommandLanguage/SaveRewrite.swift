/// `save --rewrite` (issue 36): the words the command table, the help and the docs share.
public enum SaveRewrite {
    /// How a refused save's suggestion begins when `save --rewrite` would write it
    /// (PreservingSave.refusal, which also sets `LayoutError.offersRewrite`: the flag, never
    /// this text, is what the quit question decides on).
    public static let offer = "save --rewrite keeps the file's text except: "
    /// The same, when none of the file's text can be kept.
    public static let offerWhole = "save --rewrite writes the whole file afresh"

    public static let help =
        "when the file cannot keep its text for an edit (a plain save refuses and says which field): write afresh only the layers, fields or script it must, keep the rest of the author's text, atomically ([reliability.md](reliability.md#saves-that-keep-the-authors-text))"
}
