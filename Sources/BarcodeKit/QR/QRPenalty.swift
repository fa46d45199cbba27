/// The mask evaluation of ISO/IEC 18004:2015 §7.8.3 (Table 11); lower is better.
///
/// N1 = 3: each run of 5 + i same-coloured modules in a row or column scores 3 + i.
/// N2 = 3: each 2×2 block of one colour scores 3 (overlapping blocks all count).
/// N3 = 40: each 1:1:3:1:1 dark–light–dark–light–dark run with 4 light modules on either
///          side scores 40; outside the symbol counts as light (the quiet zone), and a run
///          with light on both sides counts once, as ZXing does.
/// N4 = 10: 10 points for each full 5 % the dark proportion is away from 50 %.
enum QRPenalty {
    static let n1 = 3, n2 = 3, n3 = 40, n4 = 10

    static func score(_ modules: [Bool], size: Int) -> Int {
        var total = 0
        var line = [Bool](repeating: false, count: size)
        for y in 0..<size {
            for x in 0..<size { line[x] = modules[y * size + x] }
            total += lineScore(line)
        }
        for x in 0..<size {
            for y in 0..<size { line[y] = modules[y * size + x] }
            total += lineScore(line)
        }
        // N2
        for y in 0..<(size - 1) {
            for x in 0..<(size - 1) {
                let colour = modules[y * size + x]
                if colour == modules[y * size + x + 1] && colour == modules[(y + 1) * size + x]
                    && colour == modules[(y + 1) * size + x + 1]
                {
                    total += n2
                }
            }
        }
        // N4
        var dark = 0
        for module in modules where module { dark += 1 }
        let count = modules.count
        total += abs(dark * 20 - count * 10) / count * n4
        return total
    }

    /// N1 and N3 of one row or column.
    static func lineScore(_ line: [Bool]) -> Int {
        let size = line.count
        var score = 0
        var runStart = 0
        for i in 1...size where i == size || line[i] != line[runStart] {
            let length = i - runStart
            if length >= 5 { score += n1 + length - 5 }
            runStart = i
        }
        if size >= 7 {
            for start in 0...(size - 7)
            where line[start] && !line[start + 1] && line[start + 2] && line[start + 3] && line[start + 4]
                && !line[start + 5] && line[start + 6]
            {
                if isLight(line, from: start - 4, to: start) || isLight(line, from: start + 7, to: start + 11) {
                    score += n3
                }
            }
        }
        return score
    }

    /// Whether modules `from..<to` are all light, counting those outside the line as light.
    private static func isLight(_ line: [Bool], from: Int, to: Int) -> Bool {
        let lower = max(from, 0)
        let upper = min(to, line.count)
        if lower >= upper { return true }
        for i in lower..<upper where line[i] { return false }
        return true
    }
}
