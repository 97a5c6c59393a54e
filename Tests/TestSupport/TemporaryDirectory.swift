import Foundation

/// A fresh directory under the system's temporary directory, removed when released.
public final class TemporaryDirectory {
    public let path: String
    public init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("layout-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    public func contents() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: path).sorted() }
    deinit { try? FileManager.default.removeItem(atPath: path) }
}
