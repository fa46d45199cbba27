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
        var detections: [QRDetection] = []
        for (rank, candidate) in locate(image, tryHarder: tryHarder).enumerated() {
            for modules in grids(of: candidate, rank: rank, image: image, grey: grey)
            where !detections.contains(where: { $0.modules == modules }) {
                detections.append(QRDetection(modules: modules, corners: candidate.detection.corners,
                                              moduleSize: candidate.detection.moduleSize))
            }
        }
        return detections
    }

    /// The sampled symbols, best first, each with the mapping it was sampled through.
    static func locate(_ image: BinaryImage, tryHarder: Bool) -> [QRSymbolLocator.Candidate] {
        var rows = FinderRowHits(image)
        return locate(&rows, tryHarder: tryHarder)
    }

    /// As ``locate(_:tryHarder:)``, sharing the scanned rows with a later Micro QR search.
    static func locate(_ rows: inout FinderRowHits, tryHarder: Bool, budget: DecodeBudget? = nil) -> [QRSymbolLocator.Candidate] {
        let image = rows.image
        guard image.width >= 21, image.height >= 21 else { return [] }
        // Every row finds finders of one-pixel modules; in large photos such tiny symbols are
        // unreadable anyway, and every second or third row still crosses each finder's centre
        // square several times.
        let rowStep = max(tryHarder ? 1 : 2, image.height / (tryHarder ? 1000 : 500))
        var patterns = FinderPatternScanner.scan(&rows, rowStep: rowStep, budget: budget)
        // Patterns seen on one scan line only are noise unless nothing better is there.
        let confirmed = patterns.filter { $0.count >= 2 }
        if confirmed.count >= 3 { patterns = confirmed }
        let triples = FinderTriple.select(from: patterns, limit: tryHarder ? 15 : 8)
        var candidates: [QRSymbolLocator.Candidate] = []
        // Patterns of a symbol already sampled almost perfectly belong to no other symbol.
        var settled = Set<Int>()
        for triple in triples.prefix(tryHarder ? 24 : 8) where settled.isDisjoint(with: triple.members) {
            if budget?.isSpent == true { break }
            let locator = QRSymbolLocator(image: image, triple: triple)
            let found = locator.candidates(tryHarder: tryHarder).filter { $0.score > 0.7 }
            if let best = found.first?.score, best > 0.95 { settled.formUnion(triple.members) }
            candidates += found
        }
        // No symbol sampled well: perhaps a finder lost its quiet zone. Complete the
        // strongest pairs with a third pattern found under relaxed rules.
        if tryHarder, budget?.isSpent != true, !candidates.contains(where: { $0.score > 0.8 }) {
            candidates += completedCandidates(image, patterns: Array(patterns.prefix(4)))
        }
        return candidates.sorted { $0.score > $1.score }
    }

    /// A candidate's grids in the order worth decoding: as sampled on the binary image; on
    /// the grey image; and for the likeliest few (`rank` < 3) that did not sample perfectly,
    /// both again through the mapping refined on the grey image, which may be a fraction of
    /// a module better.
    static func grids(of candidate: QRSymbolLocator.Candidate, rank: Int, image: BinaryImage,
                      grey: GrayImage?) -> LazyGrids {
        LazyGrids(candidate: candidate, rank: rank, image: image, grey: grey)
    }

    /// The grids of `grids(of:rank:image:grey:)`, each made only when asked for, so that a
    /// reader which decodes the first never pays for the others.
    struct LazyGrids: Sequence, IteratorProtocol {
        let candidate: QRSymbolLocator.Candidate
        let rank: Int
        let image: BinaryImage
        let grey: GrayImage?
        private var stage = 0
        private var refined: ModuleMapping?

        init(candidate: QRSymbolLocator.Candidate, rank: Int, image: BinaryImage, grey: GrayImage?) {
            self.candidate = candidate
            self.rank = rank
            self.image = image
            self.grey = grey.flatMap { $0.width == image.width && $0.height == image.height ? $0 : nil }
        }

        mutating func next() -> BitMatrix? {
            stage += 1
            switch stage {
            case 1: return candidate.detection.modules
            case 2: return grey.map { candidate.mapping.sampleGrey($0) } ?? next()
            case 3, 4:
                guard let grey, candidate.score < 0.99, rank < 3 else { return nil }
                if refined == nil {
                    let size = candidate.detection.moduleSize
                    refined = candidate.mapping.cells.isEmpty
                        ? MappingRefinement.refine(candidate.mapping, grey: grey, moduleSize: size)
                        : MappingRefinement.refineGrid(candidate.mapping, grey: grey, moduleSize: size)
                }
                guard let refined else { return nil }
                return stage == 3 ? refined.sampleGrey(grey) : refined.sample(image)
            default: return nil
            }
        }
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
