import Foundation

/// The rotation and module size of one finder pattern, measured on the pattern itself.
///
/// A Micro QR Code has a single finder pattern (ISO/IEC 18004:2015 §6.3.3, Figure 2), so
/// the symbol's rotation cannot come from the line between two finders as for QR Code; it
/// comes from the finder's own square outline instead. Rays from the centre end at the
/// outer edge of the 7 × 7 dark ring, at a distance h / max(|cos(θ − φ)|, |sin(θ − φ)|) for a
/// square of half side h turned φ; the φ that makes those distances most consistent is the
/// rotation (modulo a quarter turn), and h / 3.5 the module size.
struct FinderOrientation: Sendable {
    /// The angle of one edge normal in radians, in [0, π/2); the other three are quarter
    /// turns of it.
    var angle: Double
    /// The module size in pixels along the edges.
    var moduleSize: Double
    /// The four outer edges, one per axis (outward normal near `axes[k]`), each fitted to
    /// its own ray ends: under perspective the sides of the square are neither parallel nor
    /// at right angles, and a timing pattern continues the finder's own edge.
    var edges: [FinderEdge]

    /// Unit vectors along the four edge normals, each a quarter turn clockwise (y down)
    /// of the one before.
    var axes: [(x: Double, y: Double)] {
        (0..<4).map { k in
            let t = angle + Double(k) * Double.pi / 2
            return (cos(t), sin(t))
        }
    }

    private static let rayCount = 120
    private static let angleSteps = 180

    /// Nil when too few rays find the ring's outer edge or the outline is no square.
    init?(of finder: FinderPattern, in image: BinaryImage) {
        let limit = 8 * finder.moduleSize
        let step = min(0.5, finder.moduleSize / 4)
        var rays: [(angle: Double, distance: Double)] = []
        var rayIndices: [Int] = []
        for k in 0..<Self.rayCount {
            let theta = Double(k) * 2 * Double.pi / Double(Self.rayCount)
            if let r = Self.outerEdge(image, finder.centre, cos(theta), sin(theta), step: step, limit: limit) {
                rays.append((theta, r))
                rayIndices.append(k)
            }
        }
        guard rays.count >= Self.rayCount * 2 / 3 else { return nil }
        var best = (error: Double.infinity, angle: 0.0, half: 0.0)
        var normalised = [Double](repeating: 0, count: rays.count)
        var scratch = normalised
        let squareness = Self.squareness
        var previousHalf: Double?
        for s in 0..<Self.angleSteps {
            let phi = Self.angle(ofStep: s)
            for (i, ray) in rays.enumerated() {
                normalised[i] = ray.distance * squareness[s * Self.rayCount + rayIndices[i]]
            }
            let half = Self.median(of: normalised, near: previousHalf, scratch: &scratch)
            previousHalf = half
            // Outliers (a ray that ran through a broken ring) count only so much.
            let error = normalised.reduce(0) { $0 + min(abs($1 / half - 1), 0.25) }
            if error < best.error { best = (error, phi, half) }
        }
        // A square's outline fits to within the pixel grid; a blob or a circle does not.
        guard best.error / Double(rays.count) < 0.08, best.half > 1 else { return nil }
        angle = best.angle
        moduleSize = best.half / 3.5
        edges = (0..<4).map { k in
            let normal = best.angle + Double(k) * Double.pi / 2
            // Rays near a corner could belong to either side.
            let side = rays.filter { abs(remainder($0.angle - normal, 2 * Double.pi)) < 0.5 }.map {
                ImagePoint(x: finder.centre.x + $0.distance * cos($0.angle), y: finder.centre.y + $0.distance * sin($0.angle))
            }
            return FinderEdge(fitting: side, normal: (cos(normal), sin(normal)))
        }
    }

    private static func angle(ofStep s: Int) -> Double {
        Double(s) * (Double.pi / 2) / Double(angleSteps)
    }

    /// max(|cos d|, |sin d|) for d = ray angle − square's angle, by angle step then ray: a
    /// ray's distance times it is the half side it measures. The angles are the same few
    /// every time, and computing them per finder was most of its cost (two calls to the maths
    /// library for each of 120 rays at each of 180 steps).
    private static let squareness: [Double] = (0..<angleSteps).flatMap { s in
        let phi = angle(ofStep: s)
        return (0..<rayCount).map { k in
            let d = Double(k) * 2 * Double.pi / Double(rayCount) - phi
            return max(abs(cos(d)), abs(sin(d)))
        }
    }

    /// The value that would stand at `values.count / 2` in `values` sorted ascending: the
    /// median without sorting 180 times per finder. The previous angle's median (`hint`) is
    /// nearly this one, so the values within 3 % of it are picked out first, without
    /// branches; when the median is among them it is selected from those few, and otherwise
    /// from all. Either way the value is the same.
    private static func median(of values: [Double], near hint: Double?, scratch: inout [Double]) -> Double {
        let rank = values.count / 2
        return values.withUnsafeBufferPointer { values in
            scratch.withUnsafeMutableBufferPointer { scratch in
                if let hint {
                    let low = hint * 0.97, high = hint * 1.03
                    var below = 0, band = 0
                    for value in values {
                        below &+= value < low ? 1 : 0
                        scratch[band] = value
                        band &+= (value >= low ? 1 : 0) & (value <= high ? 1 : 0)
                    }
                    if below <= rank, rank < below + band {
                        return select(rank - below, in: UnsafeMutableBufferPointer(rebasing: scratch[0..<band]))
                    }
                }
                for index in values.indices { scratch[index] = values[index] }
                return select(rank, in: UnsafeMutableBufferPointer(rebasing: scratch[0..<values.count]))
            }
        }
    }

    /// The value that would stand at `rank` in `v` sorted ascending (quickselect; `v` is left
    /// reordered).
    private static func select(_ rank: Int, in v: UnsafeMutableBufferPointer<Double>) -> Double {
        var low = 0, high = v.count - 1
        while low < high {
            let pivot = v[(low + high) / 2]
            var i = low, j = high
            while i <= j {
                while v[i] < pivot { i += 1 }
                while pivot < v[j] { j -= 1 }
                if i <= j {
                    v.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if rank <= j {
                high = j
            } else if rank >= i {
                low = i
            } else {
                break
            }
        }
        return v[rank]
    }

    /// The distance from the centre to the outer edge of the dark ring along (dx, dy): the
    /// third change of colour (dark centre → light ring → dark ring → light separator).
    private static func outerEdge(_ image: BinaryImage, _ centre: ImagePoint, _ dx: Double, _ dy: Double,
                                  step: Double, limit: Double) -> Double? {
        guard image.isDark(at: centre.x, centre.y) else { return nil }
        var dark = true
        var changes = 0
        var t = step
        while t < limit {
            let isDark = image.isDark(at: centre.x + t * dx, centre.y + t * dy)
            if isDark != dark {
                changes += 1
                dark = isDark
                if changes == 3 { return t - step / 2 }
            }
            t += step
        }
        return nil
    }
}

/// A straight outer edge of a finder pattern: a point on it and its unit direction, turned
/// a quarter clockwise from the outward normal (y down).
struct FinderEdge: Sendable {
    var point: ImagePoint
    var direction: (x: Double, y: Double)

    init(point: ImagePoint, direction: (x: Double, y: Double)) {
        self.point = point
        self.direction = direction
    }

    /// The principal axis of `points`, or the side of the ideal square when they are too few.
    init(fitting points: [ImagePoint], normal: (x: Double, y: Double)) {
        let along = (x: -normal.y, y: normal.x)
        let n = Double(points.count)
        guard points.count >= 4 else {
            point = points.first ?? ImagePoint(x: 0, y: 0)
            direction = along
            return
        }
        let mx = points.map(\.x).reduce(0, +) / n, my = points.map(\.y).reduce(0, +) / n
        var sxx = 0.0, sxy = 0.0, syy = 0.0
        for p in points {
            sxx += (p.x - mx) * (p.x - mx); sxy += (p.x - mx) * (p.y - my); syy += (p.y - my) * (p.y - my)
        }
        let theta = atan2(2 * sxy, sxx - syy) / 2
        var d = (x: cos(theta), y: sin(theta))
        if d.x * along.x + d.y * along.y < 0 { d = (-d.x, -d.y) }
        point = ImagePoint(x: mx, y: my)
        // A fit far from the square's side is a broken ring; keep the square's direction.
        direction = d.x * along.x + d.y * along.y > cos(0.2) ? d : along
    }

    /// The point of the line through `point` along `direction` nearest to `p`.
    func project(_ p: ImagePoint) -> ImagePoint {
        let t = (p.x - point.x) * direction.x + (p.y - point.y) * direction.y
        return ImagePoint(x: point.x + t * direction.x, y: point.y + t * direction.y)
    }
}
