/// Collects row readings and accepts a symbol only when enough rows agree on it.
///
/// A single scan line can pass every check of a symbology by chance (a check digit is one
/// chance in ten), so a symbol is reported only when at least `required` distinct rows read
/// the same text. Where two different texts were read over the same place, the one with more
/// rows wins and the other is dropped; a tie drops both, because a wrong text is worse than none.
///
/// Agreeing rows must also lie some modules apart: neighbouring pixel rows of one module row
/// of a QR Code (or any texture) are identical, so two of them agreeing proves nothing — the
/// cross-check found UPC-E "symbols" inside large QR Codes that way. Real bars are tens of
/// modules tall.
struct ReadingTally: Sendable {
    /// One candidate symbol: every row that read it.
    struct Candidate: Sendable {
        var format: BarcodeFormat
        var text: String
        var symbologyIdentifier: String
        /// Rows that read it, as (scan orientation, row) pairs.
        var rows: Set<Int> = []
        /// Add-on texts and how many rows read each.
        var addOns: [String: Int] = [:]
        /// The segment read on the first and the last row, in original image coordinates, in
        /// the symbol's reading direction; rows ordered from the symbol's own top.
        var first: (row: Double, start: ImagePoint, end: ImagePoint)
        var last: (row: Double, start: ImagePoint, end: ImagePoint)
        /// Bounding box in the original image.
        var minX, minY, maxX, maxY: Double
        /// Fewest rows needed for this candidate's scan orientation.
        var required: Int
        /// The height of the image as scanned (rows available), in pixels.
        var scanExtent: Double

        /// How far apart (in pixels) the outermost agreeing rows must be: two module widths,
        /// or less on an image too short for that.
        var requiredSpread: Double {
            let length = ((first.end.x - first.start.x) * (first.end.x - first.start.x)
                + (first.end.y - first.start.y) * (first.end.y - first.start.y)).squareRoot()
            return min(2 * length / Double(moduleCount), 0.3 * scanExtent)
        }

        /// The symbol's width in modules (for Code 128 an upper bound, so its module is not overestimated).
        var moduleCount: Int {
            switch format {
            case .ean13, .upcA: 95
            case .ean8: 67
            case .upcE: 51
            default: 11 * (text.utf8.count + 3) + 2
            }
        }

        var isAgreed: Bool {
            rows.count >= required && (required < 2 || abs(last.row - first.row) >= requiredSpread)
        }
    }

    private(set) var candidates: [String: Candidate] = [:]

    /// Records `reading`, found on row `rowKey` whose segment in the original image runs from
    /// `start` to `end` (in reading direction); `order` sorts rows from the symbol's top.
    mutating func add(_ reading: RowReading, rowKey: Int, order: Double, start: ImagePoint, end: ImagePoint, required: Int,
                      scanExtent: Double) {
        let key = "\(reading.format.rawValue)|\(reading.text)"
        if var candidate = candidates[key] {
            let isNewRow = candidate.rows.insert(rowKey).inserted
            if isNewRow, let addOn = reading.addOn { candidate.addOns[addOn, default: 0] += 1 }
            if order < candidate.first.row { candidate.first = (order, start, end) }
            if order > candidate.last.row { candidate.last = (order, start, end) }
            candidate.minX = min(candidate.minX, start.x, end.x)
            candidate.maxX = max(candidate.maxX, start.x, end.x)
            candidate.minY = min(candidate.minY, start.y, end.y)
            candidate.maxY = max(candidate.maxY, start.y, end.y)
            candidate.required = min(candidate.required, required)
            candidates[key] = candidate
        } else {
            var candidate = Candidate(
                format: reading.format, text: reading.text, symbologyIdentifier: reading.symbologyIdentifier,
                rows: [rowKey], first: (order, start, end), last: (order, start, end),
                minX: min(start.x, end.x), minY: min(start.y, end.y), maxX: max(start.x, end.x),
                maxY: max(start.y, end.y), required: required, scanExtent: scanExtent)
            if let addOn = reading.addOn { candidate.addOns[addOn] = 1 }
            candidates[key] = candidate
        }
    }

    /// Candidates read on enough rows and not contradicted by a stronger reading of the same place.
    func accepted() -> [Candidate] {
        let all = candidates.values.sorted { ($0.rows.count, $0.text) > ($1.rows.count, $1.text) }
        var result: [Candidate] = []
        for candidate in all where candidate.isAgreed {
            let rivals = all.filter { $0.text != candidate.text && overlaps($0, candidate) }
            // Stronger rivals contradict it; so does an equally strong one.
            guard !rivals.contains(where: { $0.rows.count * 2 > candidate.rows.count }) else { continue }
            result.append(candidate)
        }
        return result
    }

    private func overlaps(_ a: Candidate, _ b: Candidate) -> Bool {
        // Margins of a few pixels: rows a pixel apart overlap, and ends are measured to a pixel.
        let margin = 2.0
        return a.minX <= b.maxX + margin && b.minX <= a.maxX + margin
            && a.minY <= b.maxY + margin && b.minY <= a.maxY + margin
    }
}
