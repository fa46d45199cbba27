/// Finds Micro QR Code symbols in a binary image and samples each into a module grid.
///
/// A Micro QR Code (ISO/IEC 18004:2015 §6.3.3, Figure 2) has one finder pattern, in its
/// top-left corner, with timing patterns along the top row and the left column starting
/// at the separator. For each finder pattern the detector measures the finder's rotation
/// (`FinderOrientation`), then for each of its four quarter turns follows the two timing
/// patterns that would leave it (`MicroQRTimingTrace`): where both are found with the same
/// count, the count gives the size and their far ends, with the finder centre, the mapping.
/// A mirror image shows its timing patterns the other way round and is sampled transposed,
/// which `QRSymbolDecoder` undoes. The decoder, reading format information and checking
/// Reed–Solomon, rejects a wrong guess.
enum MicroQRDetector {
    /// A sampled candidate with the mapping it came from.
    struct Candidate: Sendable {
        var detection: QRDetection
        var mapping: ModuleMapping
        /// The image points of the finder centre and of the last module of each timing
        /// pattern, from which other guesses at the unmarked corner are made.
        var anchors: (centre: ImagePoint, rowEnd: ImagePoint, columnEnd: ImagePoint)

        /// The mapping with the bottom-right anchor, (size − 3.5, size − 3.5), moved by
        /// (du, dv) modules from the parallelogram's corner: under perspective the symbol
        /// is no parallelogram, and nothing in a Micro QR Code marks that corner.
        func mapping(shiftingFarCorner du: Double, _ dv: Double) -> ModuleMapping {
            Self.mapping(dimension: mapping.dimension, anchors: anchors, shiftingFarCorner: du, dv)
        }

        static func mapping(dimension: Int, anchors: (centre: ImagePoint, rowEnd: ImagePoint, columnEnd: ImagePoint),
                            shiftingFarCorner du: Double, _ dv: Double) -> ModuleMapping {
            let (c, r, l) = anchors
            let size = Double(dimension)
            let span = size - 4  // modules from the centre to either timing end
            let right = (x: (r.x - c.x) / span, y: (r.y - c.y) / span)
            let down = (x: (l.x - c.x) / span, y: (l.y - c.y) / span)
            let far = ImagePoint(x: r.x + l.x - c.x + du * right.x + dv * down.x,
                                 y: r.y + l.y - c.y + du * right.y + dv * down.y)
            return ModuleMapping(dimension: dimension,
                                 modules: [ImagePoint(x: 3.5, y: 3.5), ImagePoint(x: size - 0.5, y: 0.5),
                                           ImagePoint(x: size - 3.5, y: size - 3.5), ImagePoint(x: 0.5, y: size - 0.5)],
                                 image: [c, r, far, l])
        }
    }

    /// Candidate grids for every finder pattern, likeliest orientation first per finder.
    static func detect(_ image: BinaryImage, finders: [FinderPattern]) -> [QRDetection] {
        finders.flatMap { candidates(for: $0, in: image).map(\.detection) }
    }

    /// The finder patterns worth trying, found by `FinderPatternScanner`.
    static func finders(in image: BinaryImage) -> [FinderPattern] {
        var rows = FinderRowHits(image)
        return finders(in: &rows)
    }

    /// As ``finders(in:)-(BinaryImage)``, with rows a QR Code search scanned already taken from `rows`.
    static func finders(in rows: inout FinderRowHits, budget: DecodeBudget? = nil) -> [FinderPattern] {
        let image = rows.image
        guard image.width >= 15, image.height >= 15 else { return [] }
        // Every second row still crosses a finder's centre square three times at 2-pixel
        // modules (smaller ones are unreadable anyway) and halves the cost of this second
        // scan; a pattern crossed by one scan line only is noise.
        let patterns = FinderPatternScanner.scan(&rows, rowStep: max(2, image.height / 500), budget: budget)
        return patterns.filter { $0.count >= 2 }
    }

    /// The orientations in which both timing patterns leave the finder, sampled.
    static func candidates(for finder: FinderPattern, in image: BinaryImage) -> [Candidate] {
        guard let orientation = FinderOrientation(of: finder, in: image) else { return [] }
        let m = orientation.moduleSize
        let axes = orientation.axes
        let c = finder.centre
        var found: [Candidate] = []
        for k in 0..<4 {
            // `right` runs along the top row, `down` along the left column.
            let right = axes[k], down = axes[(k + 1) % 4]
            // The top row's centre line starts on the ring at module (6.5, 0.5), three
            // modules right of and above the centre; the left column's at (0.5, 6.5). First
            // along the fitted square's axes; then, for perspective, half a module inside the
            // finder's own top and left edges (their fits are noisier on small modules).
            let top = orientation.edges[(k + 3) % 4], left = orientation.edges[(k + 2) % 4]
            let rowEdge = FinderEdge(point: top.point.offset(0.5 * m, down), direction: top.direction)
            let columnEdge = FinderEdge(point: left.point.offset(0.5 * m, right), direction: reversed(left.direction))
            let lines = [
                (FinderEdge(point: c.offset(3 * m, right).offset(-3 * m, down), direction: right),
                 FinderEdge(point: c.offset(3 * m, down).offset(-3 * m, right), direction: down)),
                (FinderEdge(point: rowEdge.project(c.offset(3 * m, right)), direction: rowEdge.direction),
                 FinderEdge(point: columnEdge.project(c.offset(3 * m, down)), direction: columnEdge.direction)),
            ]
            for (rowLine, columnLine) in lines {
                guard let row = MicroQRTimingTrace(image, from: rowLine.point, direction: rowLine.direction, moduleSize: m),
                      let column = MicroQRTimingTrace(image, from: columnLine.point, direction: columnLine.direction, moduleSize: m),
                      row.dimension == column.dimension
                else { continue }
                let anchors = (centre: c, rowEnd: row.end, columnEnd: column.end)
                let mapping = Candidate.mapping(dimension: row.dimension, anchors: anchors, shiftingFarCorner: 0, 0)
                let modules = mapping.sample(image)
                if found.contains(where: { $0.detection.modules == modules }) { continue }
                let candidate = Candidate(
                    detection: QRDetection(modules: modules, corners: mapping.corners, moduleSize: m),
                    mapping: mapping, anchors: anchors)
                found.append(candidate)
            }
        }
        return found
    }

    private static func reversed(_ v: (x: Double, y: Double)) -> (x: Double, y: Double) { (-v.x, -v.y) }
}

extension ImagePoint {
    /// This point moved `distance` along the unit vector `direction`.
    func offset(_ distance: Double, _ direction: (x: Double, y: Double)) -> ImagePoint {
        ImagePoint(x: x + distance * direction.x, y: y + distance * direction.y)
    }
}
