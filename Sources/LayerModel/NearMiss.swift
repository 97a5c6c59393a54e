/// "Did you mean …?" suggestions for misspelled names.
public enum NearMiss {
    /// The candidate closest to `word`: the same word in another case first, else the
    /// smallest edit distance (adjacent swaps count as one edit) if it is at most
    /// `maxDistance` (default: 2, or 1 for words of 3 letters or fewer). Ties go to the
    /// alphabetically first candidate, so an unordered set of names gives a stable answer.
    /// Words over 256 characters only match in another case (no quadratic work on hostile input).
    public static func closest<S: Sequence>(to word: String, among candidates: S, maxDistance: Int? = nil) -> String? where S.Element == String {
        let lower = word.lowercased()
        let limit = maxDistance ?? (word.count <= 3 ? 1 : 2)
        let length = lower.count
        var best: (String, Int)? = nil
        for c in candidates {
            let candidate = c.lowercased()
            if candidate == lower { return c }
            // The distance is at least the difference in length: most candidates stop here.
            let count = candidate.count
            guard abs(count - length) <= limit, length <= 256, count <= 256 else { continue }
            let d = distance(lower, candidate)
            if d <= limit, best == nil || d < best!.1 || (d == best!.1 && c < best!.0) { best = (c, d) }
        }
        return best?.0
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
