/// A plane projective transform (homography), the model of ISO/IEC 18004:2015 §12 step 5
/// generalised from the affine case: a photographed symbol is a flat square seen in
/// perspective, so module centres map to image points through one 3×3 matrix.
///
/// Built from four point pairs through the unit square (Heckbert, "Fundamentals of Texture
/// Mapping and Image Warping", 1989, §2.2.3): square → quad has a closed form, quad → square
/// is its adjoint, and quad → quad is the product of the two.
struct PerspectiveTransform: Sendable {
    // Row-major 3×3: x' = (a·x + b·y + c) / (g·x + h·y + i), y' = (d·x + e·y + f) / (…).
    var a, b, c, d, e, f, g, h, i: Double

    /// Maps `from[k]` onto `to[k]` for k = 0…3 (any four points, no three collinear).
    init(from: [ImagePoint], to: [ImagePoint]) {
        let toSquare = Self.squareToQuad(from).adjoint
        self = Self.squareToQuad(to).times(toSquare)
    }

    private init(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double,
                 _ g: Double, _ h: Double, _ i: Double) {
        (self.a, self.b, self.c, self.d, self.e, self.f, self.g, self.h, self.i) = (a, b, c, d, e, f, g, h, i)
    }

    /// The transform taking (0,0), (1,0), (1,1), (0,1) to the quad's corners in that order.
    private static func squareToQuad(_ q: [ImagePoint]) -> PerspectiveTransform {
        let (x0, y0, x1, y1) = (q[0].x, q[0].y, q[1].x, q[1].y)
        let (x2, y2, x3, y3) = (q[2].x, q[2].y, q[3].x, q[3].y)
        let sx = x0 - x1 + x2 - x3
        let sy = y0 - y1 + y2 - y3
        if abs(sx) < 1e-12, abs(sy) < 1e-12 {  // a parallelogram: affine
            return PerspectiveTransform(x1 - x0, x2 - x1, x0, y1 - y0, y2 - y1, y0, 0, 0, 1)
        }
        let dx1 = x1 - x2, dx2 = x3 - x2, dy1 = y1 - y2, dy2 = y3 - y2
        let denominator = dx1 * dy2 - dx2 * dy1
        let g = (sx * dy2 - dx2 * sy) / denominator
        let h = (dx1 * sy - sx * dy1) / denominator
        return PerspectiveTransform(
            x1 - x0 + g * x1, x3 - x0 + h * x3, x0,
            y1 - y0 + g * y1, y3 - y0 + h * y3, y0,
            g, h, 1)
    }

    /// The adjoint (inverse up to scale, which a homography ignores).
    private var adjoint: PerspectiveTransform {
        PerspectiveTransform(
            e * i - f * h, c * h - b * i, b * f - c * e,
            f * g - d * i, a * i - c * g, c * d - a * f,
            d * h - e * g, b * g - a * h, a * e - b * d)
    }

    /// `self ∘ other`: apply `other` first.
    private func times(_ o: PerspectiveTransform) -> PerspectiveTransform {
        PerspectiveTransform(
            a * o.a + b * o.d + c * o.g, a * o.b + b * o.e + c * o.h, a * o.c + b * o.f + c * o.i,
            d * o.a + e * o.d + f * o.g, d * o.b + e * o.e + f * o.h, d * o.c + e * o.f + f * o.i,
            g * o.a + h * o.d + i * o.g, g * o.b + h * o.e + i * o.h, g * o.c + h * o.f + i * o.i)
    }

    /// The inverse transform.
    var inverse: PerspectiveTransform { adjoint }

    @inline(__always)
    func apply(_ x: Double, _ y: Double) -> ImagePoint {
        let w = g * x + h * y + i
        return ImagePoint(x: (a * x + b * y + c) / w, y: (d * x + e * y + f) / w)
    }

    func apply(_ p: ImagePoint) -> ImagePoint { apply(p.x, p.y) }
}
