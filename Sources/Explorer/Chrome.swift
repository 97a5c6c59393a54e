import Cells

/// The explorer's chrome — everything drawn around and over the canvas that is not a layer:
/// the title bar, the status line, boxes, the panel's highlights, the timeline, the step
/// caption and the lesson band — in one named palette (issue 31). Each colour is named for
/// what it marks; the screens use these names, never a colour of their own. On a light
/// terminal `ScreenTheme.keepTextReadable` adapts the ones drawn on the terminal's own
/// background. The canvas's colours are the rasterizer's (`RasterPalette`, Raster).
enum Chrome {
    /// Text on a coloured bar (title, timeline playhead, lesson band).
    static let barText = CellColor.rgb(255, 255, 255)
    /// The title bar, and the step badge's text.
    static let titleBar = CellColor.rgb(40, 60, 110)
    /// Errors, and what the why panel calls wrong.
    static let alert = CellColor.rgb(255, 90, 90)
    /// The naive answer the why panel shows is not Core Animation's.
    static let naive = CellColor.rgb(255, 80, 80)
    /// Highlights: the step badge and caption, box titles, the content page's current operation.
    static let highlight = CellColor.rgb(255, 210, 80)
    /// A value that changed (inspector, why panel).
    static let changed = CellColor.rgb(255, 210, 60)
    /// Text on the highlight (the presenter's key echo badge).
    static let onHighlight = CellColor.rgb(20, 20, 20)
    /// The step caption's text on the highlight.
    static let captionText = CellColor.rgb(20, 20, 30)
    /// Drawn content under the crosshair (the hit-test page).
    static let drawnContent = CellColor.rgb(255, 190, 0)
    /// A hit in the hit-test walk.
    static let hit = CellColor.rgb(120, 255, 120)
    /// Boxes over the canvas (help, output): text and background.
    static let boxText = CellColor.rgb(230, 230, 230)
    static let boxBackground = CellColor.rgb(30, 30, 40)
    /// The timeline: its background, its bar, a presentation value that differs, a measure
    /// that cannot be taken.
    static let timelineBackground = CellColor.rgb(35, 35, 50)
    static let warning = CellColor.rgb(255, 170, 60)
    /// The lesson band: its background, a hint, a key; passed, its background and key; and
    /// the shade over the canvas behind the lesson's closing screen.
    static let lessonBand = CellColor.rgb(0, 0, 95)
    static let lessonHint = CellColor.rgb(255, 215, 95)
    static let lessonKey = CellColor.rgb(175, 175, 215)
    static let passBand = CellColor.rgb(0, 95, 0)
    static let passKey = CellColor.rgb(175, 215, 175)
    static let lessonShade = CellColor.rgb(20, 20, 28)
}
