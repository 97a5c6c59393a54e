import Scenes
import Explorer
import LayoutFiles
import Engine
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Follow mode's I/O side (the logic is `Follow`, in the explorer's core): reading a `scene`
/// record's text as a layout, and the wall clock the feed's `wall` is read from.
extension Follow {
    /// The scene a `scene` record's text gives (the error says why it does not load).
    public static func open(_ record: FeedRecord) -> Result<Scene, SceneLoadError> {
        guard let text = record.text else { return .failure(SceneLoadError("the feed's scene record has no text")) }
        do {
            let parsed = try LayoutFile.parse(text, file: record.name ?? "feed", format: record.format == "yaml" ? .yaml : .json)
            return .success(try SceneLoader.applyingScript(parsed))
        } catch let error as LayoutError {
            return .failure(SceneLoadError(error.description))
        } catch let error as SceneLoadError {
            return .failure(error)
        } catch {
            return .failure(SceneLoadError("\(error)"))
        }
    }

    /// The explorer state a `scene` record opens, at `like`'s size and settings.
    public static func open(_ record: FeedRecord, like base: ExplorerState) -> Result<ExplorerState, SceneLoadError> {
        open(record).map { state(opening: $0, like: base) }
    }

    /// The action that applies `record` (a `scene` record read here first).
    public static func action(for record: FeedRecord) -> Action {
        .feed(record, opened: record.kind == .scene ? open(record) : nil)
    }

    /// Applies one record to a mirror, reading a `scene` record's text first.
    @discardableResult
    public static func apply(_ record: FeedRecord, to state: inout ExplorerState) -> Bool {
        apply(record, opened: record.kind == .scene ? open(record) : nil, to: &state)
    }

    /// Seconds since 1970 (the feed's `wall`).
    public static func wallClock() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

extension FeedRecord {
    /// A `scene` record of a layout's text in `format`.
    public static func scene(name: String, format: LayoutFormat, text: String) -> FeedRecord {
        FeedRecord(kind: .scene, name: name, format: format == .yaml ? "yaml" : "json", text: text)
    }
}
