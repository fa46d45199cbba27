extension Array where Element == ImagePoint {
    /// Whether `p` lies inside this convex quadrilateral (either winding): how a finder
    /// pattern of a symbol already read is recognised.
    func encloses(_ p: ImagePoint) -> Bool {
        guard count >= 3 else { return false }
        var sign = 0.0
        for k in 0..<count {
            let a = self[k], b = self[(k + 1) % count]
            let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
            if cross != 0 {
                if sign == 0 { sign = cross } else if (cross > 0) != (sign > 0) { return false }
            }
        }
        return true
    }
}
