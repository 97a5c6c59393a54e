import Cells
import Geometry
import Raster
import TestSupport
import Testing

@Suite struct ViewportTests {
    @Test func fittingAScreenTwiceAsWideAsTallGivesOnePointPerColumnTwoPerRow() {
        // 100×50 points into 100×25 cells at aspect 2: 1 point per column, 2 points per row.
        let v = Viewport.fitting(Rect(0, 0, 100, 50), columns: 100, rows: 25)
        #expect(v.pointsPerColumn == 1)
        #expect(v.pointsPerRow == 2)
        #expect(v.origin == Point(0, 0))
        #expect(v.cell(containing: Point(99.5, 49.5)) == CellPosition(column: 99, row: 24))
    }

    @Test func fittingCentresTheShorterDirection() {
        // 100×100 points into 100×25 cells: height decides (100 / (25·2) = 2 points per column),
        // the 200 points of width leave 50 points either side.
        let v = Viewport.fitting(Rect(0, 0, 100, 100), columns: 100, rows: 25)
        #expect(v.pointsPerColumn == 2)
        #expect(v.pointsPerRow == 4)
        #expect(v.origin == Point(-50, 0))
    }

    @Test func aCellSamplesItsCentre() {
        let v = Viewport(origin: Point(10, 20), pointsPerColumn: 2)
        #expect(v.center(of: CellPosition(column: 0, row: 0)) == Point(11, 22))
        #expect(v.center(of: CellPosition(column: 3, row: 1)) == Point(17, 26))
    }

    @Test func cellContainmentIsHalfOpen() {
        let v = Viewport(pointsPerColumn: 1)  // rows are 2 points tall
        #expect(v.cell(containing: Point(0, 0)) == CellPosition(column: 0, row: 0))
        #expect(v.cell(containing: Point(0.999, 1.999)) == CellPosition(column: 0, row: 0))
        #expect(v.cell(containing: Point(1, 2)) == CellPosition(column: 1, row: 1))
        #expect(v.cell(containing: Point(-0.001, -0.001)) == CellPosition(column: -1, row: -1))
    }

    @Test func pointsAndCellCoordinatesRoundTrip() {
        let v = Viewport(origin: Point(-30, 12), pointsPerColumn: 0.5, cellAspect: 2)
        let c = v.cellCoordinates(of: Point(-20, 22))
        #expect(c.column == 20)
        #expect(c.row == 10)
        #expect(v.point(column: 20, row: 10) == Point(-20, 22))
    }

    @Test func brailleDotsAreTwoByFourPerCellAndSquareAtAspectTwo() {
        let v = Viewport(pointsPerColumn: 2)  // a cell is 2 × 4 points: dots are 1 × 1
        #expect(v.brailleDot(containing: Point(0.5, 0.5)) == (0, 0))
        let d = v.brailleDot(containing: Point(3.5, 7.5))
        #expect(d.x == 3 && d.y == 7)
        #expect(v.center(ofSubcell: 3, 7, grid: .braille) == Point(3.5, 7.5))
        let p = v.halfBlockPixel(containing: Point(3.5, 7.5))
        #expect(p.x == 1 && p.y == 3)
        #expect(v.center(ofSubcell: 1, 3, grid: .halfBlock) == Point(3, 7))
    }

    @Test func zoomKeepsTheChosenPointOnTheSameCell() {
        var v = Viewport(origin: .zero, pointsPerColumn: 2)
        let p = Point(40, 40)  // cell coordinates (20, 10)
        v.zoom(by: 2, about: p)
        #expect(v.pointsPerColumn == 1)
        let c = v.cellCoordinates(of: p)
        #expect(c.column == 20 && c.row == 10)
        #expect(v.origin == Point(20, 20))
    }

    @Test func zoomIgnoresNonsenseAndStaysInRange() {
        var v = Viewport()
        v.zoom(by: 0, about: .zero)
        v.zoom(by: -2, about: .zero)
        v.zoom(by: .nan, about: .zero)
        #expect(v == Viewport())
        v.zoom(by: 1e300, about: .zero)
        #expect(v.pointsPerColumn == Viewport.scaleRange.lowerBound)
    }

    @Test func panMovesTheWindowSoContentMovesTheOtherWay() {
        var v = Viewport(pointsPerColumn: 1)
        v.pan(by: Vector(10, 4))
        #expect(v.origin == Point(10, 4))
        #expect(v.cell(containing: Point(10, 4)) == CellPosition(column: 0, row: 0))
        v.pan(columns: -10, rows: -2)
        #expect(v.origin == Point(0, 0))
    }

    @Test func fittingDegenerateRectsKeepsAUsableScale() {
        let point = Viewport.fitting(Rect(50, 50, 0, 0), columns: 10, rows: 10)
        #expect(point.pointsPerColumn == 1)
        #expect(point.center(of: CellPosition(column: 5, row: 5)) == Point(50.5, 51))
        let noCanvas = Viewport.fitting(Rect(0, 0, 100, 100), columns: 0, rows: 0)
        #expect(noCanvas.pointsPerColumn == 1)
        let huge = Viewport.fitting(Rect(0, 0, 1e300, 1e300), columns: 10, rows: 10)
        #expect(huge.pointsPerColumn == Viewport.scaleRange.upperBound)
    }

    @Test func visibleRectCoversTheCanvas() {
        let v = Viewport(origin: Point(5, 5), pointsPerColumn: 2)
        #expect(v.visibleRect(columns: 10, rows: 5) == Rect(5, 5, 20, 20))
    }
}
