/// `save --rewrite` (issue 36): the words the command table, the help and the docs share.
public enum SaveRewrite {
    public static let help = "when the file cannot keep its text for an edit (a plain save refuses and says which field): write afresh only the layers, fields or script it must, keep the rest of the author's text, atomically ([reliability.md](reliability.md#saves-that-keep-the-authors-text))"
}
