import Foundation

/// The checkout's root folder (where Package.swift is), found from this file's own path: the
/// one place a test finds the package's files (Layouts/, docs/, README.md, .build/).
public enum PackageRoot {
    /// Tests/TestSupport/PackageRoot.swift, three levels down.
    public static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// A file or folder of the checkout, by its path from the root ("Layouts/clock.json").
    public static func url(_ relative: String) -> URL { url.appendingPathComponent(relative) }
}
