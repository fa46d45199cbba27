/// Finds QR Code symbols in a binary image and samples each into a module grid
/// (ISO/IEC 18004:2015 §12, the reference decode algorithm, steps 1–8).
public enum QRDetector {
    /// Candidate grids, best first: one or more per plausible finder-pattern triple, several
    /// symbols in one image each with its own triple. A caller decodes each in turn and
    /// keeps what decodes. `tryHarder` scans every row, tries more triples and sizes, and
    /// when no triple samples well looks for a third finder next to the strongest pairs.
    public static func detect(_ image: BinaryImage, tryHarder: Bool = true) -> [QRDetection] {
        detect(image, grey: nil, tryHarder: tryHarder)
    }

    /// As `detect(_:tryHarder:)`, and when the grey image the binary one was made from is
    /// given, each grid is followed by one sampled on the grey levels (better for modules of
    /// two or three pixels, which binarisation tends to break up) and, for the likeliest
    /// grids that did not sample perfectly, by grids from the mapping refined on the grey
    /// image (`MappingRefinement`).
    public static func detect(_ image: BinaryImage, grey: GrayImage?, tryHarder: Bool = true) -> [QRDetection] {
        guard image.width >= 21, image.height >= 21 else { return [] }
        // Every row finds finders of one-pixel modules; in large photos such tiny symbols are
        // unreadable anyway, and every second or third row still crosses each finder's centre
        // square several times.
        let rowStep = max(tryHarder ? 1 : 2, image.height / (tryHarder ? 1000 : 500))
        var patterns = FinderPatternScanner.scan(image, rowStep: rowStep)
        // Patterns seen on one scan line only are noise unless nothing better is there.
        let confirmed = patterns.filter { $0.count >= 2 }
        if confirmed.count >= 3 { patterns = confirmed }
        let triples = FinderTriple.select(from: patterns, limit: tryHarder ? 15 : 8)
        var candidates: [QRSymbolLocator.Candidate] = []
        // Patterns of a symbol already sampled almost perfectly belong to no other symbol.
        var settled = Set<Int>()
        for triple in triples.prefix(tryHarder ? 24 : 8) where settled.isDisjoint(with: triple.members) {
            let locator = QRSymbolLocator(image: image, triple: triple)
            let found = locator.candidates(tryHarder: tryHarder).filter { $0.score > 0.7 }
            if let best = found.first?.score, best > 0.95 { settled.formUnion(triple.members) }
            candidates += found
        }
        // No symbol sampled well: perhaps a finder lost its quiet zone. Complete the
        // strongest pairs with a third pattern found under relaxed rules.
        if tryHarder, !candidates.contains(where: { $0.score > 0.8 }) {
            candidates += completedCandidates(image, patterns: Array(patterns.prefix(4)))
        }
        var detections: [QRDetection] = []
        for (rank, candidate) in candidates.sorted(by: { $0.score > $1.score }).enumerated() {
            let detection = candidate.detection
            detections.append(detection)
            guard let grey, grey.width == image.width, grey.height == image.height else { continue }
            var grids = [candidate.mapping.sampleGrey(grey)]
            // A grid that did not sample perfectly may be a fraction of a module off (worth
            // the search for the likeliest few).
            if candidate.score < 0.99, rank < 3 {
                let refined = candidate.mapping.cells.isEmpty
                    ? MappingRefinement.refine(candidate.mapping, grey: grey, moduleSize: detection.moduleSize)
                    : MappingRefinement.refineGrid(candidate.mapping, grey: grey, moduleSize: detection.moduleSize)
                grids += [refined.sampleGrey(grey), refined.sample(image)]
            }
            for modules in grids where !detections.contains(where: { $0.modules == modules }) {
                detections.append(QRDetection(modules: modules, corners: detection.corners, moduleSize: detection.moduleSize))
            }
        }
        return detections
    }

    private static func completedCandidates(_ image: BinaryImage, patterns: [FinderPattern]) -> [QRSymbolLocator.Candidate] {
        var candidates: [QRSymbolLocator.Candidate] = []
        for i in 0..<patterns.count {
            for j in (i + 1)..<max(i + 1, patterns.count) {
                let (a, b) = (patterns[i], patterns[j])
                guard max(a.moduleSize, b.moduleSize) < 1.5 * min(a.moduleSize, b.moduleSize) else { continue }
                for third in FinderPatternCompletion.complete(a, b, in: image) {
                    let pool = [a, b, third]
                    for triple in FinderTriple.orderings(0, 1, 2, in: pool, strongestCount: 1).prefix(2) {
                        candidates += QRSymbolLocator(image: image, triple: triple)
                            .candidates(tryHarder: true).filter { $0.score > 0.7 }
                    }
                }
            }
        }
        return candidates
    }
}
