#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The names in a folder (no `.` and `..`), unsorted; nil when it cannot be opened.
enum DirectoryListing {
    static func names(_ directory: String) -> [String]? {
        guard let dir = opendir(directory) else { return nil }
        defer { closedir(dir) }
        var out: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { p in
                p.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != "." && name != ".." { out.append(name) }
        }
        return out
    }
}

extension String {
    /// Without `characters` at either end.
    func trimming(_ characters: Set<Character>) -> String {
        var s = Substring(self)
        while let f = s.first, characters.contains(f) { s.removeFirst() }
        while let l = s.last, characters.contains(l) { s.removeLast() }
        return String(s)
    }
}
