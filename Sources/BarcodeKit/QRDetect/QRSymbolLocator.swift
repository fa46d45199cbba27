/// From three ordered finder patterns to sampled module grids (ISO/IEC 18004:2015 §12
/// steps 4–8): estimate the size, find the alignment patterns, build the module → image
/// mapping and sample.
struct QRSymbolLocator {
    let image: BinaryImage
    let triple: FinderTriple

    /// A sampled grid and how well its function patterns match (0…1).
    struct Candidate {
        var detection: QRDetection
        var score: Double
        var mapping: ModuleMapping
    }

    /// Grids for the most likely sizes, best first (usually one). Sizes near the estimate
    /// are first screened by their timing patterns (cheap, and a wrong size or a false
    /// triple reads them at chance level); the promising ones are sampled in full and
    /// judged by all their function patterns.
    func candidates(tryHarder: Bool) -> [Candidate] {
        let estimate = estimatedDimension()
        guard estimate > 14, estimate < 190 else { return [] }
        let nearest = min(40, max(1, ((estimate - 17) / 4).rounded().clampedInt))
        let spread = tryHarder ? 2 : 1
        var screened: [(version: Int, timing: Double)] = []
        for version in max(1, nearest - spread)...min(40, nearest + spread) {
            let dimension = 17 + 4 * version
            let base = mapping(dimension: dimension, alignment: nil)
            let timing = QRFunctionPatternCheck.timingScore(dimension) { x, y in
                let p = base.map(Double(x) + 0.5, Double(y) + 0.5)
                return image.isDark(at: p.x, p.y)
            }
            screened.append((version, timing - 0.01 * Double(abs(version - nearest))))
        }
        screened.sort { $0.timing > $1.timing }
        var tried = Set<Int>()
        var results: [Candidate] = []
        for (version, timing) in screened.prefix(3) where timing > 0.6 || version == nearest {
            guard tried.insert(version).inserted, var candidate = sample(version: version) else { continue }
            // The version information (versions ≥ 7) overrides a size guess that was off.
            if let read = QRFunctionPatternCheck.version(of: candidate.detection.modules), read != version,
               tried.insert(read).inserted, let corrected = sample(version: read), corrected.score > candidate.score {
                candidate = corrected
            }
            results.append(candidate)
            if candidate.score > 0.95 { break }
        }
        results.sort { $0.score > $1.score }
        guard let best = results.first?.score else { return [] }
        return Array(results.filter { $0.score > best - 0.1 }.prefix(2))
    }

    /// Modules per side from the finder spacing: centres are `dimension − 7` modules apart,
    /// measured with the module size along each axis.
    func estimatedDimension() -> Double {
        let top = triple.topLeft.centre.distance(to: triple.topRight.centre) / (widths.topLeftAcross + widths.topRight) * 14
        let left = triple.topLeft.centre.distance(to: triple.bottomLeft.centre) / (widths.topLeftDown + widths.bottomLeft) * 14
        return (top + left) / 2 + 7
    }

    /// Each finder's width (7 modules) along the symbol axes through it.
    struct FinderWidths {
        var topLeftAcross, topRight, topLeftDown, bottomLeft: Double
    }

    let widths: FinderWidths

    init(image: BinaryImage, triple: FinderTriple) {
        self.image = image
        self.triple = triple
        let (tl, tr, bl) = (triple.topLeft, triple.topRight, triple.bottomLeft)
        func width(_ a: FinderPattern, _ b: FinderPattern) -> Double {
            image.finderWidth(at: a.centre, toward: b.centre, moduleSize: a.moduleSize) ?? 7 * a.moduleSize
        }
        widths = FinderWidths(topLeftAcross: width(tl, tr), topRight: width(tr, tl),
                              topLeftDown: width(tl, bl), bottomLeft: width(bl, tl))
    }

    /// Where the centre of a fourth finder would be, at module (size − 3.5, size − 3.5).
    /// A finder nearer the camera looks larger: the ratio of the widths of two finders along
    /// the edge joining them gives that edge's vanishing point, and the fourth corner is
    /// where the lines from the top-right and bottom-left finders towards the vanishing
    /// points meet. Without measurable foreshortening this is the parallelogram's corner.
    func fourthCorner() -> ImagePoint {
        let (tl, tr, bl) = (triple.topLeft.centre, triple.topRight.centre, triple.bottomLeft.centre)
        /// The vanishing point of the edge p0 → p1 in homogeneous coordinates, from the local
        /// scales at its ends: a 1-D projective map w ↦ k·w / (1 + (k − 1)·w) has slopes k and
        /// 1/k at its ends, so k = √(scale₀ / scale₁), and w → ∞ lands at (k·p1 − p0)/(k − 1).
        func vanishing(_ p0: ImagePoint, _ p1: ImagePoint, _ scale0: Double, _ scale1: Double) -> (Double, Double, Double) {
            var k = (scale0 / scale1).squareRoot()
            // Widths are measured to about a pixel: within that error keep the edges parallel.
            if abs(k - 1) < max(0.04, 1.5 / min(scale0, scale1)) { k = 1 }
            return (k * p1.x - p0.x, k * p1.y - p0.y, k - 1)
        }
        func cross(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> (Double, Double, Double) {
            (a.1 * b.2 - a.2 * b.1, a.2 * b.0 - a.0 * b.2, a.0 * b.1 - a.1 * b.0)
        }
        let parallelogram = ImagePoint(x: tr.x + bl.x - tl.x, y: tr.y + bl.y - tl.y)
        let vanishingAcross = vanishing(tl, tr, widths.topLeftAcross, widths.topRight)
        let vanishingDown = vanishing(tl, bl, widths.topLeftDown, widths.bottomLeft)
        let rightEdge = cross((tr.x, tr.y, 1), vanishingDown)
        let bottomEdge = cross((bl.x, bl.y, 1), vanishingAcross)
        let corner = cross(rightEdge, bottomEdge)
        guard abs(corner.2) > 1e-9 else { return parallelogram }
        let point = ImagePoint(x: corner.0 / corner.2, y: corner.1 / corner.2)
        // A wild estimate (from a mismeasured width) is worse than none.
        let span = tl.distance(to: tr) + tl.distance(to: bl)
        return point.distance(to: parallelogram) < 0.5 * span ? point : parallelogram
    }

    /// The grid of one version, with the mapping refined by the alignment patterns.
    func sample(version: Int) -> Candidate? {
        let dimension = 17 + 4 * version
        let moduleSize = (triple.topLeft.moduleSize + triple.topRight.moduleSize + triple.bottomLeft.moduleSize) / 3
        let base = mapping(dimension: dimension, alignment: nil)
        var mappings = [base]
        let plain = mapping(dimension: dimension, alignment: nil, parallelogram: true)
        let d = Double(dimension)
        if plain.map(d, d).distance(to: base.map(d, d)) > moduleSize / 2 {
            mappings.append(plain)
        }
        if version >= 7 {
            // Refine from each starting guess: a foreshortening estimate from mismeasured
            // finder widths can be worse than none.
            mappings += mappings.map { AlignmentGrid.refine($0, version: version, image: image, moduleSize: moduleSize) }
        } else if version >= 2 {
            let predicted = base.map(d - 6.5, d - 6.5)
            for radius in [5.0, 12.0, 20.0] {
                if let found = AlignmentPatternFinder.locate(
                    in: image, near: predicted, moduleSize: moduleSize, radius: radius * moduleSize) {
                    mappings.append(self.mapping(dimension: dimension, alignment: found))
                    break
                }
            }
        }
        // A false alignment pattern can spoil the mapping: keep whichever samples better.
        var best: (mapping: ModuleMapping, score: Double)?
        for mapping in mappings.reversed() {
            let score = QRFunctionPatternCheck.score(size: dimension) { x, y in
                let p = mapping.map(Double(x) + 0.5, Double(y) + 0.5)
                return image.isDark(at: p.x, p.y)
            }
            if score > best?.score ?? -1 { best = (mapping, score) }
        }
        guard let (mapping, score) = best else { return nil }
        let modules = mapping.sample(image)
        let detection = QRDetection(modules: modules, corners: mapping.corners, moduleSize: moduleSize)
        return Candidate(detection: detection, score: score, mapping: mapping)
    }

    /// The finder centres (and the bottom-right alignment pattern's, when found; otherwise
    /// the fourth corner of the parallelogram) paired with their module coordinates.
    func mapping(dimension: Int, alignment: ImagePoint?, parallelogram: Bool = false) -> ModuleMapping {
        let d = Double(dimension)
        let (tl, tr, bl) = (triple.topLeft.centre, triple.topRight.centre, triple.bottomLeft.centre)
        var from = [ImagePoint(x: 3.5, y: 3.5), ImagePoint(x: d - 3.5, y: 3.5), ImagePoint(x: 3.5, y: d - 3.5)]
        var to = [tl, tr, bl]
        if let alignment {
            from.insert(ImagePoint(x: d - 6.5, y: d - 6.5), at: 2)
            to.insert(alignment, at: 2)
        } else {
            from.insert(ImagePoint(x: d - 3.5, y: d - 3.5), at: 2)
            to.insert(parallelogram ? ImagePoint(x: tr.x + bl.x - tl.x, y: tr.y + bl.y - tl.y) : fourthCorner(), at: 2)
        }
        return ModuleMapping(dimension: dimension, modules: from, image: to)
    }
}
