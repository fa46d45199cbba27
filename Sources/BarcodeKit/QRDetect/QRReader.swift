/// Reads every QR Code symbol in a photo: binarise, detect, decode.
///
/// The local (hybrid) binariser suits photos with uneven light; when it yields nothing the
/// global one is tried (it keeps large, evenly lit modules whole), and when that fails too
/// the image is read inverted, for light symbols on a dark ground (§6.2 allows reflectance
/// reversal) — unless a dark-on-light symbol was located already: its finder patterns,
/// timing and alignment patterns read right, so the symbol is there, just not decodable,
/// and its inverse cannot be. Without `tryHarder` only the first, local pass is made.
public enum QRReader {
    /// What the passes so far found: the symbols decoded, and whether a symbol was located at
    /// all (a candidate grid whose function patterns read as a QR Code's, decoded or not).
    struct Outcome {
        var results: [DecodedBarcode] = []
        var locatedSymbol = false

        /// Function patterns this close to a QR Code's are no accident: no photo of the
        /// linear fixture sets yields a candidate above 0.7 (the locator's own floor).
        static let locatedScore = 0.75
    }

    public static func decode(_ image: GrayImage, tryHarder: Bool = true) -> [DecodedBarcode] {
        decode(image, tryHarder: tryHarder, budget: nil)
    }

    static func decode(_ image: GrayImage, tryHarder: Bool, budget: DecodeBudget?) -> [DecodedBarcode] {
        let quick = quickPass(image, budget: budget)
        guard tryHarder, quick.results.isEmpty else { return quick.results }
        return harderPasses(image, after: quick, budget: budget).results
    }

    /// The local binarisation alone.
    static func quickPass(_ image: GrayImage, budget: DecodeBudget?) -> Outcome {
        guard let binary = HybridBinarizer.binarize(image, budget: budget) else { return Outcome() }
        return read(binary, grey: image, budget: budget)
    }

    /// The fallbacks alone (global, then inverted binarisation), for a caller that has made
    /// the local pass already.
    public static func decodeHarder(_ image: GrayImage) -> [DecodedBarcode] {
        harderPasses(image, after: Outcome(), budget: nil).results
    }

    static func harderPasses(_ image: GrayImage, after quick: Outcome, budget: DecodeBudget?) -> Outcome {
        var outcome = Outcome(locatedSymbol: quick.locatedSymbol)
        if budget?.isSpent != true, let global = Binarizer.globalHistogram(image) {
            let pass = read(global, grey: image, budget: budget)
            outcome = Outcome(results: pass.results, locatedSymbol: outcome.locatedSymbol || pass.locatedSymbol)
        }
        if outcome.results.isEmpty, !outcome.locatedSymbol, budget?.isSpent != true {
            // Binarised afresh: a local threshold treats dark and light grounds differently.
            let inverted = image.inverted()
            if let binary = HybridBinarizer.binarize(inverted, budget: budget) { outcome = read(binary, grey: inverted, budget: budget) }
        }
        return outcome
    }

    /// Decodes each detection in turn; a detection inside a symbol already read, with about
    /// the same module size, is skipped (it is another grid guess for the same symbol; a
    /// small symbol printed inside a large one is not).
    static func read(_ image: BinaryImage, grey: GrayImage, budget: DecodeBudget? = nil) -> Outcome {
        var results: [DecodedBarcode] = []
        var moduleSizes: [Double] = []
        guard budget?.isSpent != true else { return Outcome() }
        // Both searches below scan the image's rows for finder patterns; each row once.
        var finderRows = FinderRowHits(image)
        let candidates = QRDetector.locate(&finderRows, tryHarder: true, budget: budget)
        let located = candidates.contains { $0.score >= Outcome.locatedScore }
        for (rank, candidate) in candidates.enumerated() {
            if budget?.isSpent == true { return Outcome(results: results, locatedSymbol: located) }
            let detection = candidate.detection
            let centre = centroid(detection.corners)
            if zip(results, moduleSizes).contains(where: { result, size in
                contains(result.position, centre) && abs(size - detection.moduleSize) < 0.3 * size
            }) { continue }
            var tried: [BitMatrix] = []
            for modules in QRDetector.grids(of: candidate, rank: rank, image: image, grey: grey)
            where !tried.contains(modules) {
                if budget?.isSpent == true { return Outcome(results: results, locatedSymbol: located) }
                tried.append(modules)
                guard let content = try? QRSymbolDecoder.decode(modules) else { continue }
                moduleSizes.append(detection.moduleSize)
                // A mirror image was read transposed: its own top-right is the grid's bottom-left.
                let corners = detection.corners
                let position = content.isMirrored && corners.count == 4
                    ? [corners[0], corners[3], corners[2], corners[1]] : corners
                results.append(content.decodedBarcode(position: position))
                break
            }
        }
        // Micro QR Code symbols at finder patterns no symbol above covers.
        if budget?.isSpent == true { return Outcome(results: results, locatedSymbol: located) }
        results += MicroQRDetector.read(&finderRows, grey: grey, excluding: results, budget: budget)
        return Outcome(results: results, locatedSymbol: located)
    }

    private static func centroid(_ points: [ImagePoint]) -> ImagePoint {
        let n = Double(max(points.count, 1))
        return ImagePoint(x: points.map(\.x).reduce(0, +) / n, y: points.map(\.y).reduce(0, +) / n)
    }

    /// Whether `p` lies inside the convex quadrilateral `quad` (either winding).
    private static func contains(_ quad: [ImagePoint], _ p: ImagePoint) -> Bool {
        guard quad.count >= 3 else { return false }
        var sign = 0.0
        for k in 0..<quad.count {
            let a = quad[k], b = quad[(k + 1) % quad.count]
            let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
            if cross != 0 {
                if sign == 0 { sign = cross } else if (cross > 0) != (sign > 0) { return false }
            }
        }
        return true
    }
}
