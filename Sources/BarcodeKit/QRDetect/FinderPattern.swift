/// A finder pattern candidate (ISO/IEC 18004:2015 §6.3.3): the centre of the 3×3 dark
/// square and the module size estimated from its cross sections.
struct FinderPattern: Sendable, Hashable {
    var centre: ImagePoint
    var moduleSize: Double
    /// How many scan lines confirmed it: real finders are hit on several rows, noise rarely.
    var count: Int

    /// Whether `other` is the same pattern seen again (centres within a module, sizes close).
    func isSame(as other: FinderPattern) -> Bool {
        let limit = max(moduleSize, other.moduleSize)
        return abs(centre.x - other.centre.x) <= limit && abs(centre.y - other.centre.y) <= limit
            && abs(moduleSize - other.moduleSize) <= max(1, 0.4 * limit)
    }

    /// The count-weighted average of two sightings.
    mutating func merge(_ other: FinderPattern) {
        let total = Double(count + other.count)
        let w1 = Double(count) / total, w2 = Double(other.count) / total
        centre = ImagePoint(x: centre.x * w1 + other.centre.x * w2, y: centre.y * w1 + other.centre.y * w2)
        moduleSize = moduleSize * w1 + other.moduleSize * w2
        count += other.count
    }
}

extension ImagePoint {
    /// Euclidean distance in pixels.
    func distance(to other: ImagePoint) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }
}
