/// "Did you mean …?" suggestions for misspelled names.
public enum NearMiss {
    /// The candidate closest to `word`: an exact case-insensitive match first, else the
    /// smallest edit distance if it is at most `maxDistance` (default: 2, or 1 for short words).
    public static func closest<S: Sequence>(to word: String, among candidates: S, maxDistance: Int? = nil) -> String? where S.Element == String {
        let lower = word.lowercased()
        var best: (String, Int)? = nil
        for c in candidates {
            if c.lowercased() == lower { return c }
            let d = distance(lower, c.lowercased())
            if best == nil || d < best!.1 || (d == best!.1 && c < best!.0) { best = (c, d) }
        }
        let limit = maxDistance ?? (word.count <= 3 ? 1 : 2)
        guard let (c, d) = best, d <= limit else { return nil }
        return c
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var prev2 = [Int](repeating: 0, count: b.count + 1)
        var prev = Array(0...b.count)
        var cur = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            cur[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    cur[j] = min(cur[j], prev2[j - 2] + 1)
                }
            }
            (prev2, prev, cur) = (prev, cur, prev2)
        }
        return prev[b.count]
    }
}
