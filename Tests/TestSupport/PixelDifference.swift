import Cells
import Foundation

/// How two images of one size differ: the share of pixels with every channel within 2/255,
/// the mean absolute channel difference (0…255), and the largest.
public struct PixelDifference: CustomStringConvertible {
    public var within2 = 0.0, meanAbs = 0.0, worst = 0

    public init(_ a: PixelImage, _ b: PixelImage) {
        precondition(a.width == b.width && a.height == b.height)
        var close = 0, sum = 0
        for j in 0..<a.height {
            for i in 0..<a.width {
                let p = a[i, j], q = b[i, j]
                var most = 0
                for shift: UInt32 in [16, 8, 0] {
                    let d = abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF))
                    most = max(most, d); sum += d
                }
                if most <= 2 { close += 1 }
                worst = max(worst, most)
            }
        }
        let n = Double(a.width * a.height)
        within2 = Double(close) / n
        meanAbs = Double(sum) / (3 * n)
    }

    public var description: String {
        "\(String(format: "%.4f", within2 * 100))% of pixels within 2/255, mean |Δ| \(String(format: "%.3f", meanAbs))/255, worst \(worst)/255"
    }
}
