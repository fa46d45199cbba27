extension BinaryImage {
    /// The width of a finder pattern measured along the line from its centre towards
    /// `target` (another finder's centre, so the line runs along a symbol axis and crosses
    /// exactly 7 modules): from the centre out to the end of the outer dark ring on each side.
    /// Unlike the row and column cross sections this is not inflated by rotation.
    func finderWidth(at centre: ImagePoint, toward target: ImagePoint, moduleSize: Double) -> Double? {
        let length = centre.distance(to: target)
        guard length > 0 else { return nil }
        let ux = (target.x - centre.x) / length, uy = (target.y - centre.y) / length
        let limit = moduleSize * 7
        guard let forward = edgeDistance(from: centre, ux, uy, limit: limit),
              let backward = edgeDistance(from: centre, -ux, -uy, limit: limit)
        else { return nil }
        return forward + backward
    }

    /// Distance from a finder centre to where its outer dark ring ends (dark, light, dark,
    /// then light), sampled every half pixel.
    private func edgeDistance(from p: ImagePoint, _ ux: Double, _ uy: Double, limit: Double) -> Double? {
        var changes = 0
        var dark = true
        var t = 0.0
        while t <= limit {
            if isDark(at: p.x + ux * t, p.y + uy * t) != dark {
                changes += 1
                dark.toggle()
                if changes == 3 { return t - 0.25 }
            }
            t += 0.5
        }
        return nil
    }
}
