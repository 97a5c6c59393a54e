/// A terminal that can put a named mark into what it records (an asciicast `"m"` event,
/// which asciinema's player shows as a chapter). Without a recording, marks are dropped.
public protocol ChapterMarking: AnyObject {
    func mark(_ label: String)
}
