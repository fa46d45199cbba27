/// Finds finder patterns the way ISO/IEC 18004:2015 §12 steps 1–3 describe: scan image
/// rows for runs in the ratio 1:1:3:1:1, confirm each hit with a vertical cross section
/// through the candidate centre, a horizontal one through the refined centre and a diagonal
/// one (any line through the centre of concentric squares keeps the ratio, whatever the
/// rotation), then merge sightings of the same pattern.
enum FinderPatternScanner {
    /// Candidates, most often confirmed first. `rowStep` 1 scans every row (finds patterns
    /// of 1-pixel modules); larger steps are faster and still hit patterns ≥ 3·step high.
    static func scan(_ image: BinaryImage, rowStep: Int = 1) -> [FinderPattern] {
        var rows = FinderRowHits(image)
        return scan(&rows, rowStep: rowStep)
    }

    /// As ``scan(_:rowStep:)``, with the rows' hits taken from (and added to) `rows`. With a
    /// `budget`, the clock is read before each row and the patterns seen so far are returned
    /// once it is spent: a busy 25-megapixel photo has thousands of rows to confirm hits on.
    static func scan(_ rows: inout FinderRowHits, rowStep: Int, budget: DecodeBudget? = nil) -> [FinderPattern] {
        var found: [FinderPattern] = []
        // Patterns that later rows may still cross (the others are done with): keeps the
        // merge search short in busy images.
        var active: [(index: Int, lastRow: Int)] = []
        var y = rowStep / 2
        while y < rows.image.height {
            if budget?.isSpent == true { break }
            for pattern in rows.hits(inRow: y) {
                if let k = active.firstIndex(where: { found[$0.index].isSame(as: pattern) }) {
                    found[active[k].index].merge(pattern)
                    active[k].lastRow = y
                } else {
                    active.append((found.count, y))
                    found.append(pattern)
                }
            }
            y += rowStep
            active.removeAll { y > $0.lastRow + Int(4 * found[$0.index].moduleSize) + 2 * rowStep }
        }
        return found.sorted { $0.count > $1.count }
    }

    /// The patterns confirmed where row `y` crosses a run of finder-like ratio, left to right.
    fileprivate static func hits(inRow y: Int, of image: BinaryImage) -> [FinderPattern] {
        var hits: [FinderPattern] = []
        let width = image.width
        image.bits.withUnsafeBufferPointer { bits in
            let row = y * width
            var runs = RunLengths()
            var runCount = 0
            var dark = bits[row]
            var x = 0
            while x < width {
                let end = runEnd(bits, from: row + x, to: row + width, dark: dark) - row
                runs.push(end - x)
                runCount += 1
                if dark, runCount >= 5, runs.hasFinderRatio() {
                    let centreX = Double(end - runs.r4 - runs.r3) - Double(runs.r2) / 2
                    if let pattern = confirm(image, centreX: centreX, row: y, rowTotal: runs.total) {
                        hits.append(pattern)
                    }
                }
                dark.toggle()
                x = end
            }
        }
        return hits
    }

    /// The index after the run of `dark` pixels that starts at `start`, at most `limit`.
    /// Eight pixels at a time: a Bool is one byte, 0 or 1, so the first pixel of the other
    /// colour among eight is the lowest byte that differs from eight of `dark`, found with one
    /// trailing-zero count rather than a pixel-by-pixel walk (short runs are what noise and
    /// fine modules are made of).
    @inline(__always)
    private static func runEnd(_ bits: UnsafeBufferPointer<Bool>, from start: Int, to limit: Int, dark: Bool) -> Int {
        let bytes = UnsafeRawPointer(bits.baseAddress!)
        let eight: UInt64 = dark ? 0x0101_0101_0101_0101 : 0
        var end = start + 1
        while end + 8 <= limit {
            // Little-endian order puts the first pixel in the lowest byte on every platform.
            let differs = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: end, as: UInt64.self)) ^ eight
            if differs != 0 { return end + differs.trailingZeroBitCount / 8 }
            end += 8
        }
        while end < limit, bits[end] == dark { end += 1 }
        return end
    }

    /// Vertical, horizontal and diagonal cross sections through a row hit; nil when any
    /// of them is not finder-like.
    static func confirm(_ image: BinaryImage, centreX: Double, row: Int, rowTotal: Int) -> FinderPattern? {
        let maxRun = rowTotal  // no single run of a real pattern is as long as the whole
        let column = Int(centreX)
        guard let vertical = image.crossSection(x: column, y: row, dx: 0, dy: 1, maxRun: maxRun),
              vertical.runs.hasFinderRatio(),
              isComparable(vertical.runs.total, rowTotal)
        else { return nil }
        let centreY = Double(row) + vertical.centre
        guard let horizontal = image.crossSection(x: column, y: Int(centreY), dx: 1, dy: 0, maxRun: maxRun),
              horizontal.runs.hasFinderRatio(),
              isComparable(horizontal.runs.total, vertical.runs.total)
        else { return nil }
        let x = Double(column) + horizontal.centre
        // Both diagonals through the refined centre; their steps are √2 pixels long.
        let straight = Double(horizontal.runs.total + vertical.runs.total) / 2
        for dy in [1, -1] {
            guard let diagonal = image.crossSection(x: Int(x), y: Int(centreY), dx: 1, dy: dy, maxRun: maxRun),
                  diagonal.runs.hasFinderRatio(tolerance: 0.75)
            else { return nil }
            let diagonalTotal = Double(diagonal.runs.total) * 2.0.squareRoot()
            guard diagonalTotal < 3 * straight + 3, 3 * diagonalTotal + 3 > straight else { return nil }
        }
        let moduleSize = Double(horizontal.runs.total + vertical.runs.total) / 14
        return FinderPattern(centre: ImagePoint(x: x, y: centreY), moduleSize: moduleSize, count: 1)
    }

    /// Two cross sections of one pattern differ by perspective and shear only so much.
    private static func isComparable(_ a: Int, _ b: Int) -> Bool {
        3 * min(a, b) + 5 > max(a, b)
    }
}

/// The finder patterns confirmed on each row of one binary image that has been scanned. The
/// QR Code and Micro QR Code detectors scan the same image at different row steps (every
/// row, every second row); kept here, each row is scanned once.
struct FinderRowHits {
    let image: BinaryImage
    private var rows: [[FinderPattern]?]

    init(_ image: BinaryImage) {
        self.image = image
        rows = [[FinderPattern]?](repeating: nil, count: image.height)
    }

    mutating func hits(inRow y: Int) -> [FinderPattern] {
        if let known = rows[y] { return known }
        let hits = FinderPatternScanner.hits(inRow: y, of: image)
        rows[y] = hits
        return hits
    }
}
