import ExplorerRuntime

/// The two ends of the key path's code in a release build: `key-path.order` lists
/// `layerscope_key_path_begin` first and `layerscope_key_path_end` last, so gold places
/// every function a key runs between them (issue 36, KeyPathWarmth.swift). The values
/// differ only so that the two functions are never folded into one.
@_cdecl("layerscope_key_path_begin")
public func layerscopeKeyPathBegin() -> Int { 0x6b70 }

@_cdecl("layerscope_key_path_end")
public func layerscopeKeyPathEnd() -> Int { 0x6b71 }

enum KeyPathCode {
    /// The block between the markers, or nil where the link did not order it (a range
    /// reversed or larger than the whole text could be).
    static var range: CodeRange? {
        let begin = unsafeBitCast(layerscopeKeyPathBegin as @convention(c) () -> Int, to: UInt.self)
        let end = unsafeBitCast(layerscopeKeyPathEnd as @convention(c) () -> Int, to: UInt.self)
        return CodeRange(from: begin, to: end)
    }
}
