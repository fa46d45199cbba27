/// Finds QR Code symbols in a binary image and samples each into a module grid
/// (ISO/IEC 18004:2015 §12, the reference decode algorithm, steps 1–8).
public enum QRDetector {
    /// Candidate grids, best first: one or more per plausible finder-pattern triple, several
    /// symbols in one image each with its own triple. A caller decodes each in turn and
    /// keeps what decodes. `tryHarder` scans every row and tries more triples and sizes.
    public static func detect(_ image: BinaryImage, tryHarder: Bool = true) -> [QRDetection] {
        guard image.width >= 21, image.height >= 21 else { return [] }
        var patterns = FinderPatternScanner.scan(image, rowStep: tryHarder ? 1 : 2)
        // Patterns seen on one scan line only are noise unless nothing better is there.
        let confirmed = patterns.filter { $0.count >= 2 }
        if confirmed.count >= 3 { patterns = confirmed }
        let triples = FinderTriple.select(from: patterns, limit: tryHarder ? 15 : 8)
        var candidates: [QRSymbolLocator.Candidate] = []
        for triple in triples.prefix(tryHarder ? 24 : 8) {
            let locator = QRSymbolLocator(image: image, triple: triple)
            candidates += locator.candidates(tryHarder: tryHarder).filter { $0.score > 0.7 }
        }
        return candidates.sorted { $0.score > $1.score }.map(\.detection)
    }
}
