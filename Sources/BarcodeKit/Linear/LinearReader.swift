/// Reads the one-dimensional symbols BarcodeKit knows — EAN-13, EAN-8, UPC-A, UPC-E (with
/// EAN-2/EAN-5 add-ons) and Code 128 — from a greyscale photo or scan.
///
/// Rows spread over the image are read in both directions (a symbol upside down reads right to
/// left), then the image turned a quarter turn for vertical symbols. Each row is turned into
/// bar and space widths from the grey values themselves (``EdgeDetector``), so that uneven
/// light and blur are handled row by row, and the widths are decoded with the similar-edge
/// reference decodes of ISO/IEC 15420 and 15417. A symbol is reported only when
/// `minimumAgreement` rows read the same text (``ReadingTally``).
public struct LinearReader: Sendable {
    public var formats: Set<BarcodeFormat>
    /// Read more rows, and with more sensitive edge detectors where the first finds nothing.
    public var tryHarder: Bool
    /// Rows that must read the same text before it is reported; fewer only when the image has
    /// fewer rows than this.
    public var minimumAgreement: Int
    /// Smallest quiet zone accepted beside a symbol, in modules (the standards ask for 7–11;
    /// trimmed labels often have less).
    public var quietZone: Double
    /// What to do with EAN-2/EAN-5 add-ons after EAN-13, UPC-A and UPC-E symbols.
    public var addOns: AddOnPolicy

    /// EAN-2/EAN-5 add-ons (GS1 General Specifications §5.2.2.6).
    public enum AddOnPolicy: Sendable, Hashable {
        /// Report the main symbol alone, even when an add-on is printed beside it.
        case ignore
        /// Append an add-on's digits when one is read (symbology identifier ]E3).
        case read
        /// Report EAN-13, UPC-A and UPC-E symbols only together with their add-on.
        case require
    }

    public init(formats: Set<BarcodeFormat> = [.ean13, .ean8, .upcA, .upcE, .code128], tryHarder: Bool = true,
                minimumAgreement: Int = 2, quietZone: Double = 2.5, addOns: AddOnPolicy = .read) {
        self.formats = formats
        self.tryHarder = tryHarder
        self.addOns = addOns
        self.minimumAgreement = max(1, minimumAgreement)
        self.quietZone = quietZone
    }

    /// Every distinct symbol found, most widely read first.
    public func decode(_ image: GrayImage) -> [DecodedBarcode] {
        decode(image, budget: nil)
    }

    func decode(_ image: GrayImage, budget: DecodeBudget?) -> [DecodedBarcode] {
        var tally = ReadingTally()
        scan(image, quarterTurns: 0, into: &tally, budget: budget)
        // Vertical symbols: the turned image, unless something was found upright already
        // (a picture with symbols in both orientations is rare; the time is not).
        if tally.accepted().isEmpty, budget?.isSpent != true {
            scan(image, quarterTurns: 1, into: &tally, budget: budget)
        }
        return tally.accepted().compactMap(result)
    }

    // MARK: Scanning

    /// Edge detectors in the order they are tried on a row; the next only runs when the ones
    /// before it read nothing there. Sharp first (clean scans, 1-pixel modules); then smoothed
    /// (noisy photos); then edges half-way along each ramp (heavy blur, where the local
    /// mid-level misplaces edges of narrow elements); then ever fainter steps, for the narrow
    /// spaces a blurred photo all but closes. Agreement between rows, not the detector,
    /// guards against what the faint ones invent.
    private var detectors: [EdgeDetector] {
        let sharp = EdgeDetector(minimumStep: 6, relativeStep: 0.22, smooth: false)
        guard tryHarder else { return [sharp] }
        return [sharp, EdgeDetector(minimumStep: 4, relativeStep: 0.1, smooth: true),
                EdgeDetector(minimumStep: 6, relativeStep: 0.15, smooth: false, midLevelEdges: false),
                EdgeDetector(minimumStep: 3, relativeStep: 0.06, smooth: false),
                EdgeDetector(minimumStep: 2, relativeStep: 0.03, smooth: false)]
    }

    /// The rows to read, in two passes: a coarse one from the middle outwards, and (with
    /// `tryHarder`) the rows between them on a finer grid, read only when the coarse pass
    /// accepted nothing. Most symbols are crossed by several coarse rows.
    private func rowPasses(height: Int) -> [[Int]] {
        let coarseStep = max(1, height / 24)
        let coarse = rows(height: height, step: coarseStep)
        guard tryHarder else { return [coarse] }
        let fineStep = max(1, height / 240)
        let taken = Set(coarse)
        return [coarse, rows(height: height, step: fineStep).filter { !taken.contains($0) }]
    }

    /// Every `step`-th row, from the middle outwards.
    private func rows(height: Int, step: Int) -> [Int] {
        let middle = height / 2
        var rows = [middle]
        var offset = step
        while middle - offset >= 0 || middle + offset < height {
            if middle - offset >= 0 { rows.append(middle - offset) }
            if middle + offset < height { rows.append(middle + offset) }
            offset += step
        }
        return rows
    }

    /// Reads the rows of `image` turned `quarterTurns` (0 or 1) quarter turns clockwise. The
    /// turned image is never made: row y of it is column y of `image` read bottom to top,
    /// copied out only when it is read. The quick pass reads 24 of its rows, and turning a
    /// whole photo cost more than all the reading it then did.
    private func scan(_ image: GrayImage, quarterTurns: Int, into tally: inout ReadingTally, budget: DecodeBudget?) {
        let turned = quarterTurns == 1
        let (rowCount, rowLength) = turned ? (image.width, image.height) : (image.height, image.width)
        let passes = rowPasses(height: rowCount)
        let required = min(minimumAgreement, passes.reduce(0) { $0 + $1.count })
        var profiles = RowProfiles()
        // Made once per scan, not per row: the detector list is an array, and the decoders ask
        // the format set four questions each time they are made.
        let detectors = self.detectors
        let eanUPC = EANUPCRowDecoder(
            ean13: !formats.isDisjoint(with: [.ean13, .upcA]), ean8: formats.contains(.ean8),
            upcE: formats.contains(.upcE), quietZone: quietZone)
        let code128 = formats.contains(.code128) ? Code128RowDecoder(quietZone: quietZone) : nil
        var column = [UInt8](repeating: 0, count: turned ? rowLength : 0)
        image.pixels.withUnsafeBufferPointer { pixels in
            column.withUnsafeMutableBufferPointer { column in
                for (index, pass) in passes.enumerated() {
                    if index > 0, isComplete(tally) { break }
                    for y in pass {
                        if budget?.isSpent == true { return }
                        let row: UnsafeBufferPointer<UInt8>
                        if turned {
                            // Pixel (x, y) of the turned image is (y, height − 1 − x) of the original.
                            var source = (rowLength - 1) * image.width + y
                            for x in 0..<rowLength {
                                column[x] = pixels[source]
                                source &-= image.width
                            }
                            row = UnsafeBufferPointer(column)
                        } else {
                            row = UnsafeBufferPointer(rebasing: pixels[(y * rowLength)..<((y + 1) * rowLength)])
                        }
                        for (reading, mirrored, line) in read(row, profiles: &profiles, detectors: detectors,
                                                              eanUPC: eanUPC, code128: code128) {
                            record(reading, line: line, y: y, mirrored: mirrored, quarterTurns: quarterTurns,
                                   original: image, required: required, into: &tally)
                        }
                    }
                }
            }
        }
    }

    /// Every symbol on one row, read both ways, from the first edge detector that finds any.
    /// When an EAN/UPC symbol seems to be followed by an add-on that was not read, the more
    /// sensitive detectors are tried for it too (add-on bars are often fainter).
    private func read(_ row: UnsafeBufferPointer<UInt8>, profiles: inout RowProfiles, detectors: [EdgeDetector],
                      eanUPC: EANUPCRowDecoder, code128: Code128RowDecoder?) -> [(RowReading, Bool, ScanLine)] {
        var found: [(RowReading, Bool, ScanLine)] = []
        profiles.startRow()
        var previous: ScanLine?
        for detector in detectors {
            let forward = profiles.scanLine(row, detector: detector)
            // A fainter detector often finds just the edges the one before it did; the same
            // line reads the same, so it changes nothing.
            if forward.boundaries == previous?.boundaries { continue }
            previous = forward
            var readings: [(RowReading, Bool, ScanLine)] = []
            for reading in read(forward, eanUPC: eanUPC, code128: code128) { readings.append((reading, false, forward)) }
            let backward = forward.mirrored()
            for reading in read(backward, eanUPC: eanUPC, code128: code128) { readings.append((reading, true, backward)) }
            if found.isEmpty {
                found = readings
            } else {
                for reading in readings where reading.0.addOn != nil {
                    if let index = found.firstIndex(where: { $0.0.text == reading.0.text && $0.0.addOn == nil }) {
                        found[index] = reading
                    }
                }
            }
            if !found.isEmpty, !found.contains(where: { awaitsAddOn($0.0, $0.2) }) { break }
        }
        return found
    }

    /// The symbols on one line, left to right.
    private func read(_ line: ScanLine, eanUPC: EANUPCRowDecoder, code128: Code128RowDecoder?) -> [RowReading] {
        let anyEAN = eanUPC.ean13 || eanUPC.ean8 || eanUPC.upcE
        var readings: [RowReading] = []
        // Symbols start with a bar: odd elements.
        var k = 1
        while k < line.elementCount {
            // Most elements start nothing; refusing them here keeps an optional reading (and
            // its copies) out of the loop, and each decoder away from what it would refuse.
            let mayBeEANUPC = anyEAN && eanUPC.mayStart(line, at: k)
            let mayBeCode128 = code128?.mayStart(line, at: k) == true
            guard mayBeEANUPC || mayBeCode128 else {
                k += 2
                continue
            }
            var reading: RowReading?
            if mayBeEANUPC { reading = eanUPC.decode(line, at: k).map { withAddOn($0, line) } }
            if reading == nil, mayBeCode128, let code128 { reading = code128.decode(line, at: k) }
            guard let reading else { k += 2; continue }
            readings.append(reading)
            k = reading.nextElement | 1
        }
        return readings
    }

    /// Whether `reading` lacks an add-on that the line seems to have: a gap of add-on width
    /// after it, then an add-on start pattern's width of three elements.
    private func awaitsAddOn(_ reading: RowReading, _ line: ScanLine) -> Bool {
        guard addOns != .ignore, reading.addOn == nil, reading.format == .ean13 || reading.format == .upcE,
              reading.nextElement + 4 < line.elementCount
        else { return false }
        let x = (reading.end - reading.start) / (reading.format == .ean13 ? 95 : 51)
        let start = line.span(reading.nextElement + 1, 3) / x
        return EANAddOnRowDecoder.gap.contains(line.width(reading.nextElement) / x) && start > 2.5 && start < 6
    }

    /// Whether the rows read so far settle everything: something was accepted, and no accepted
    /// EAN/UPC symbol has add-on readings too few or too divided to decide on.
    private func isComplete(_ tally: ReadingTally) -> Bool {
        let accepted = tally.accepted()
        return !accepted.isEmpty
            && !accepted.contains { !$0.addOns.isEmpty && acceptedAddOn($0) == nil && addOns != .ignore }
    }

    /// `reading` with the add-on that follows it on `line`, if one does.
    private func withAddOn(_ reading: RowReading, _ line: ScanLine) -> RowReading {
        guard addOns != .ignore else { return reading }
        let modules: Double
        switch reading.format {
        case .ean13: modules = 95
        case .upcE: modules = 51
        default: return reading
        }
        let x = (reading.end - reading.start) / modules
        guard let addOn = EANAddOnRowDecoder.decode(line, gapElement: reading.nextElement, module: x, quietZone: quietZone)
        else { return reading }
        var result = reading
        result.addOn = addOn.digits
        return result
    }

    /// Maps the reading's ends back to the original image and adds it to the tally.
    private func record(_ reading: RowReading, line: ScanLine, y: Int, mirrored: Bool, quarterTurns: Int,
                        original: GrayImage, required: Int, into tally: inout ReadingTally) {
        let last = Double(line.length - 1)
        // Positions along the unmirrored row.
        let start = mirrored ? last - reading.start : reading.start
        let end = mirrored ? last - reading.end : reading.end
        func point(_ x: Double) -> ImagePoint {
            // Pixel (x, y) of the turned image is (y, height − 1 − x) of the original.
            quarterTurns == 0 ? ImagePoint(x: x, y: Double(y)) : ImagePoint(x: Double(y), y: Double(original.height - 1) - x)
        }
        // A symbol read right to left is upside down: its own top is the image's bottom row.
        let order = mirrored ? -Double(y) : Double(y)
        tally.add(reading, rowKey: quarterTurns * 1_000_000 + y, order: order, start: point(start), end: point(end),
                  required: required, scanExtent: Double(quarterTurns == 0 ? original.height : original.width))
    }

    // MARK: Results

    /// The reported result, in the conventions of ``DecodedBarcode`` (nil when the caller did
    /// not ask for the format).
    private func result(_ candidate: ReadingTally.Candidate) -> DecodedBarcode? {
        var format = candidate.format
        var text = candidate.text
        switch candidate.format {
        case .ean13:
            if text.hasPrefix("0"), formats.contains(.upcA) {
                format = .upcA
            } else if !formats.contains(.ean13) {
                return nil
            }
        case .upcE:
            guard let upcA = try? UPCE.expand(text) else { return nil }
            text = "0" + upcA
        default: break
        }
        var identifier = candidate.symbologyIdentifier
        var details = DecodedBarcode.Details()
        if let addOn = acceptedAddOn(candidate) {
            text += addOn
            details.addOn = addOn
            identifier = "]E3"
        } else if addOns == .require, format != .ean8, format != .code128 {
            return nil
        }
        let position = [candidate.first.start, candidate.first.end, candidate.last.end, candidate.last.start]
        let rawBytes = text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
        return DecodedBarcode(format: format, text: text, rawBytes: rawBytes, position: position,
                              symbologyIdentifier: identifier, details: details)
    }

    /// The add-on most rows read, when enough rows read it and no other add-on as often.
    private func acceptedAddOn(_ candidate: ReadingTally.Candidate) -> String? {
        let ranked = candidate.addOns.sorted { $0.value > $1.value }
        guard let best = ranked.first, best.value >= candidate.required else { return nil }
        if ranked.count > 1, ranked[1].value * 2 > best.value { return nil }
        return best.key
    }
}
