/// One timing pattern of a Micro QR Code followed from its finder pattern.
///
/// In a Micro QR Code the timing patterns run along the top row and the left column, from
/// the separator at module 7 to the symbol's edge: dark at even module positions 8, 10, …,
/// size − 1, then the quiet zone of at least two modules (ISO/IEC 18004:2015 §6.3.5, §6.3.8).
/// Walking along the row's centre line from inside the finder's outer ring, the runs are
/// therefore: the ring, the separator, alternating one-module runs ending in a dark one, and
/// a long light run. The number of dark runs gives the size (2 → M1 … 5 → M4).
struct MicroQRTimingTrace: Sendable {
    /// The symbol's side in modules, 11, 13, 15 or 17.
    var dimension: Int
    /// The image point of the centre of the last timing module, (size − ½, ½) in the
    /// symbol's module space.
    var end: ImagePoint

    /// Follows the line from `start` (a point inside the finder's outer ring on the timing
    /// row) along the unit vector `direction`; nil when the runs are not a timing pattern
    /// followed by a quiet zone.
    init?(_ image: BinaryImage, from start: ImagePoint, direction: (x: Double, y: Double), moduleSize m: Double) {
        let step = min(0.5, m / 4)
        var runs: [(dark: Bool, from: Double, to: Double)] = []
        var dark = true
        var runStart = 0.0
        var t = step
        var reachedQuietZone = false
        guard image.isDark(at: start.x, start.y) else { return nil }
        // The ring's last module, the separator and at most ten timing modules, then quiet zone.
        while t < 14 * m {
            let isDark = image.isDark(at: start.x + t * direction.x, start.y + t * direction.y)
            if isDark != dark {
                runs.append((dark, runStart, t - step / 2))
                dark = isDark
                runStart = t - step / 2
            }
            t += step
            // A light run well past one module after a timing module is the quiet zone.
            if !dark, runs.count >= 3, t - runStart >= 1.6 * m {
                reachedQuietZone = true
                break
            }
        }
        guard reachedQuietZone else { return nil }
        // runs[0] is the rest of the ring (up to one module), runs[1] the separator.
        guard runs.count >= 4, runs[0].to < 1.6 * m else { return nil }
        let timing = runs.dropFirst()
        for run in timing where run.to - run.from < 0.4 * m || run.to - run.from > 1.7 * m { return nil }
        let darkRuns = timing.filter(\.dark)
        guard (2...5).contains(darkRuns.count) else { return nil }
        // The dark runs' centres sit two modules apart; their least-squares line places the
        // last one without the bias a blurred or thickened edge gives to any single run end.
        let centres = darkRuns.map { ($0.from + $0.to) / 2 }
        let n = Double(centres.count)
        let meanIndex = (n - 1) / 2
        let meanCentre = centres.reduce(0, +) / n
        var sxy = 0.0, sxx = 0.0
        for (i, c) in centres.enumerated() {
            sxy += (Double(i) - meanIndex) * (c - meanCentre)
            sxx += (Double(i) - meanIndex) * (Double(i) - meanIndex)
        }
        let pitch = sxy / sxx  // two modules
        guard pitch > 1.4 * m, pitch < 2.6 * m else { return nil }
        let last = meanCentre + pitch * (n - 1 - meanIndex)
        dimension = 7 + 2 * darkRuns.count
        end = ImagePoint(x: start.x + last * direction.x, y: start.y + last * direction.y)
    }
}
