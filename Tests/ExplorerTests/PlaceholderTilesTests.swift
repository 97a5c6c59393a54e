import Cells
@testable import Explorer
import ExplorerTestSupport
import Foundation
import Graphics
import Testing

/// kitty's placeholder cells name rows and columns 0…296 only (the protocol's 297 marks): a
/// canvas past 297 cells a side is sent as tiles of at most 297 × 297 cells, each its own
/// image (`PlaceholderTiles`, `Ink.tile`). Read back from what is written: every blank cell
/// of the canvas names a tile and its place in it, and each tile's image is the picture's
/// pixels under those cells.
@Suite struct PlaceholderTilesTests {
    static let options: ScreenOptions = {
        var o = ScreenOptions()
        o.pixels = true
        return o
    }()
    /// Cube colour 110 (135, 175, 215) under top byte 3: tile k's id is (3 + 16k) << 24 | 110.
    static let ink = KittyPlaceholder.Ink(index: 110, high: 3, truecolorReachesTerminal: false)

    /// The kitty commands inside the passthroughs: each image's control keys (of its first
    /// chunk) and its payload, the chunks' base64 joined.
    static func images(_ bytes: [UInt8]) throws -> [(control: String, png: [UInt8])] {
        let inner = String(decoding: try #require(TmuxPassthrough.unwrap(bytes)), as: UTF8.self)
        var out: [(control: String, png: [UInt8])] = []
        var base64 = ""
        var control = ""
        for command in inner.components(separatedBy: "\u{1B}\\") where command.hasPrefix("\u{1B}_G") {
            let body = command.dropFirst(3)
            let parts = body.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
            let keys = String(parts[0])
            guard keys.contains("a=T") || keys.hasPrefix("m=") else { continue }  // deletions
            if keys.contains("a=T") { control = keys; base64 = "" }
            base64 += parts.count > 1 ? String(parts[1]) : ""
            if keys.hasSuffix("m=0") { out.append((control, Array(try #require(Data(base64Encoded: base64))))) }
        }
        return out
    }

    static func state(columns: Int, rows: Int) -> ExplorerState {
        var state = Fixture.state()
        _ = Reducer.reduce(&state, .resize(columns: columns, rows: rows))
        return state
    }

    /// A 400 × 310 terminal: the canvas is 351 × 307 cells (the panel takes 49 columns, the
    /// title and status lines 3 rows, as at 100 × 30 where it is 51 × 27). Tiles: 297 and
    /// 351 − 297 = 54 columns across, 297 and 307 − 297 = 10 rows down, so four, in the order
    /// 297×297, 54×297, 297×10, 54×10.
    @Test func aCanvasPast297CellsIsFourTilesEachNamedFromItsCorner() throws {
        let state = Self.state(columns: 400, rows: 310)
        let canvas = state.layout.canvas
        #expect((canvas.columns, canvas.rows) == (351, 307))
        let frames = PixelFrames(graphics: .kittyPlaceholders, cellWidth: 2, cellHeight: 4, ink: Self.ink)
        let screen = ExplorerScreen.render(state, options: Self.options).canvas
        let cells = frames.cells(state, screen: screen)
        var perTile = [Int](repeating: 0, count: 4)
        for row in 0..<canvas.rows {
            for column in 0..<canvas.columns {
                let before = screen[canvas.column + column, canvas.row + row]
                let after = cells[canvas.column + column, canvas.row + row]
                guard before == .blank else { continue }
                let named = try #require(KittyPlaceholder.decode(String(after.glyph)), "cell \(column), \(row) names nothing")
                let k = (row >= 297 ? 2 : 0) + (column >= 297 ? 1 : 0)
                #expect(named.row == row % 297 && named.column == column % 297)
                #expect(named.high == UInt8(3 + 16 * k), "tile \(k)'s top byte")
                #expect(after.style.foreground == .rgb(135, 175, 215))
                perTile[k] += 1
            }
        }
        #expect(perTile.allSatisfy { $0 > 0 }, "\(perTile)")

        // The images: four, one a tile, its id (3 + 16k) << 24 | 110, over its cells, its
        // pixels the picture's under them (2 × 4 pixels a cell).
        let first = frames.frame(state, options: Self.options, screen: cells)
        let image = frames.renderer.image
        #expect((image.width, image.height) == (351 * 2, 307 * 4))
        let sent = try Self.images(first.bytes)
        let tiles: [(column: Int, row: Int, columns: Int, rows: Int)] = [(0, 0, 297, 297), (297, 0, 54, 297), (0, 297, 297, 10), (297, 297, 54, 10)]
        try #require(sent.count == 4, "\(sent.map(\.control))")
        for (k, tile) in tiles.enumerated() {
            let id = UInt32(3 + 16 * k) << 24 | 110
            #expect(sent[k].control.hasPrefix("a=T,U=1,f=100,i=\(id),c=\(tile.columns),r=\(tile.rows),q=2,"), "\(sent[k].control)")
            let crop = image.cropped(x: tile.column * 2, y: tile.row * 4, width: tile.columns * 2, height: tile.rows * 4)
            #expect(sent[k].png == PNG.encode(crop, level: 1), "tile \(k)'s pixels")
        }

        // Back to 100 × 30: every tile deleted by id, then the one image (51 × 27 cells).
        let small = Self.state(columns: 100, rows: 30)
        let back = frames.frame(small, options: Self.options, screen: ExplorerScreen.render(small, options: Self.options).canvas)
        let text = String(decoding: try #require(TmuxPassthrough.unwrap(back.bytes)), as: UTF8.self)
        let deletions = (0..<4).map { "\u{1B}_Ga=d,d=I,i=\(UInt32(3 + 16 * $0) << 24 | 110),q=2\u{1B}\\" }.joined()
        #expect(text.hasPrefix(deletions + "\u{1B}_Ga=T,U=1,f=100,i=\(UInt32(3) << 24 | 110),c=51,r=27,"), "\(text.prefix(300))")
    }

    /// Taller only: 100 × 310 gives a 51 × 307 canvas, two tiles down (297 and 10 rows).
    @Test func aTallCanvasIsTwoTilesDown() throws {
        let state = Self.state(columns: 100, rows: 310)
        #expect((state.layout.canvas.columns, state.layout.canvas.rows) == (51, 307))
        let frames = PixelFrames(graphics: .kittyPlaceholders, cellWidth: 2, cellHeight: 4, ink: Self.ink)
        let screen = ExplorerScreen.render(state, options: Self.options).canvas
        let sent = try Self.images(frames.frame(state, options: Self.options, screen: frames.cells(state, screen: screen)).bytes)
        #expect(
            sent.map { $0.control.split(separator: ",").prefix(6).joined(separator: ",") } == [
                "a=T,U=1,f=100,i=\(UInt32(3) << 24 | 110),c=51,r=297", "a=T,U=1,f=100,i=\(UInt32(19) << 24 | 110),c=51,r=10"
            ])
        // The last row names row 9 of the second tile.
        let cells = frames.cells(state, screen: screen)
        let canvas = state.layout.canvas
        let lastRow = (0..<canvas.columns).compactMap { KittyPlaceholder.decode(String(cells[canvas.column + $0, canvas.row + 306].glyph)) }
        #expect(!lastRow.isEmpty && lastRow.allSatisfy { $0.row == 9 && $0.high == 19 })
    }

    /// Below 298 cells a side nothing changes: one image, the ink's id, no third mark past it.
    @Test func aCanvasWithin297IsOneImage() {
        #expect(PlaceholderTiles(columns: 297, rows: 297).count == 1)
        #expect(PlaceholderTiles(columns: 298, rows: 1).count == 2)
        #expect(PlaceholderTiles(columns: 298, rows: 298).count == 4)
        #expect(PlaceholderTiles(columns: 297 * 16, rows: 1).count == 16)
        #expect(PlaceholderTiles(columns: 298, rows: 1).rect(1) == CellRect(column: 297, row: 0, columns: 1, rows: 1))
    }
}
