/// Finds and decodes every supported barcode in an image: the one entry point the CLI, the
/// web app and an iOS app call.
///
/// Linear codes and QR Codes are looked for independently (a photo may hold both); each reader
/// does its own binarisation, because what suits bars read along a row (a per-row threshold)
/// is not what suits a two-dimensional symbol (local blocks).
public struct BarcodeReader: Sendable {
    /// The symbologies to look for; fewer is faster and rules out confusions.
    public var formats: Set<BarcodeFormat>
    /// Spend more time on hard images: more rows, rotations, the inverted image.
    public var tryHarder: Bool
    /// EAN-2/EAN-5 add-ons after EAN-13, UPC-A and UPC-E: ignored, read when present (the
    /// default), or required, as zxing-cpp's `Eanaddonsymbol` offers.
    public var addOns: LinearReader.AddOnPolicy

    public init(formats: Set<BarcodeFormat> = Set(BarcodeFormat.allCases), tryHarder: Bool = true, addOns: LinearReader.AddOnPolicy = .read) {
        self.formats = formats
        self.tryHarder = tryHarder
        self.addOns = addOns
    }

    /// Every symbol found, linear ones first; empty when there is none.
    ///
    /// Quick passes first (linear: sharp edges on a coarse set of rows; QR: one local
    /// binarisation); the costly fallbacks — faint-edge detectors, every row, the global and
    /// the inverted binarisation — run only for the symbologies when the quick passes found
    /// nothing at all, and the linear ones not when a QR Code was located but could not be
    /// decoded (the photo is of that symbol). A photo of a QR Code then costs one QR pass, not every linear fallback
    /// (20 ms per 240 × 240 image before), and a photo of a bar code not every QR fallback.
    public func decode(_ image: GrayImage) -> [DecodedBarcode] {
        decode(image, budget: nil)
    }

    /// Like ``decode(_:)``, but gives up once `deadline` has passed: every pass checks the clock
    /// before it starts, the local binarisation before each row of blocks, the finder search
    /// before each row and each triple, the QR readers before each grid and finder, and the
    /// linear reader after each row, so the time spent past the deadline is at most one such
    /// step (the global binarisation, a turn or an inversion of the image, a few milliseconds).
    /// Symbols found in time are returned; when the deadline passed before anything was found,
    /// ``DecodeTimeout`` is thrown, since "nothing found" would be a guess. `now` reads the
    /// clock (a test moves its own).
    public func decode(
        _ image: GrayImage, deadline: ContinuousClock.Instant, now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) throws(DecodeTimeout) -> [DecodedBarcode] {
        let budget = DecodeBudget(deadline: deadline, now: now)
        let found = decode(image, budget: budget)
        if found.isEmpty, budget.isSpent { throw DecodeTimeout() }
        return found
    }

    func decode(_ image: GrayImage, budget: DecodeBudget?) -> [DecodedBarcode] {
        let matrixFormats: Set<BarcodeFormat> = [.qrCode, .microQRCode]
        let linearFormats = formats.subtracting(matrixFormats)
        let readsQR = !formats.isDisjoint(with: matrixFormats)
        func linear(tryHarder: Bool) -> [DecodedBarcode] {
            guard !linearFormats.isEmpty, budget?.isSpent != true else { return [] }
            return LinearReader(formats: linearFormats, tryHarder: tryHarder, addOns: addOns).decode(image, budget: budget)
        }
        var bars = linear(tryHarder: false)
        var qr = readsQR && budget?.isSpent != true ? QRReader.quickPass(image, budget: budget) : QRReader.Outcome()
        if tryHarder, bars.isEmpty, qr.results.isEmpty {
            if readsQR, budget?.isSpent != true { qr = QRReader.harderPasses(image, after: qr, budget: budget) }
            // A QR Code located but not decoded makes this a photo of that symbol: the slow
            // linear fallback (every row, five edge detectors, turned too) would only spend
            // 5–25 ms finding nothing in its modules.
            if qr.results.isEmpty, !qr.locatedSymbol { bars = linear(tryHarder: true) }
        }
        // One detector reads both QR symbologies; a caller that asked for one gets that one.
        let matrix = qr.results.filter { formats.contains($0.format) }
        // Rows across a QR Code's modules can pass a linear symbology's checks; a "linear
        // symbol" lying wholly inside a QR Code that decoded is such a ghost.
        bars.removeAll { barcode in
            matrix.contains { symbol in barcode.position.allSatisfy { Self.point($0, isInside: symbol.position) } }
        }
        return bars + matrix
    }

    /// Whether `point` lies inside the convex quadrilateral `corners` (clockwise or not).
    static func point(_ point: ImagePoint, isInside corners: [ImagePoint]) -> Bool {
        guard corners.count >= 3 else { return false }
        var sign = 0.0
        for (index, a) in corners.enumerated() {
            let b = corners[(index + 1) % corners.count]
            let cross = (b.x - a.x) * (point.y - a.y) - (b.y - a.y) * (point.x - a.x)
            if cross == 0 { continue }
            if sign == 0 { sign = cross } else if (cross > 0) != (sign > 0) { return false }
        }
        return true
    }

    /// Loads a PNG, JPEG or PGM file's bytes and decodes them.
    public func decode(imageFile bytes: [UInt8]) throws(ImageError) -> [DecodedBarcode] {
        decode(try ImageLoader.load(bytes))
    }
}
