import ArgumentParser

// Options checked before anything runs, in `validate()`: ArgumentParser reports a
// ValidationError thrown there with the command's own usage (`layerscope render …`); thrown
// from `run()`, it printed the root's (`Usage: layerscope <subcommand>`), which names no
// option of the command that refused.

extension Render {
    func validate() throws {
        if let time, !(time.isFinite && time >= 0 && time <= 1e9) {
            throw ValidationError("--time \(time): expected seconds ≥ 0, e.g. --time 0.125")
        }
        _ = try Self.terminalSize(size)
        _ = try svgCrop(crop, svg: svg)
    }

    /// `--size COLSxROWS`, each 1…1000.
    static func terminalSize(_ size: String) throws -> (columns: Int, rows: Int) {
        let parts = size.lowercased().split(separator: "x")
        guard parts.count == 2, let cols = Int(parts[0]), let rows = Int(parts[1]), cols > 0, rows > 0, cols <= 1000, rows <= 1000 else {
            throw ValidationError("--size \(size): expected COLSxROWS with each 1…1000, e.g. --size 100x30")
        }
        return (cols, rows)
    }
}

extension ScriptSource {
    func validate() throws {
        if script != nil && scriptFile != nil { throw ValidationError("give --script or --script-file, not both") }
    }
}
