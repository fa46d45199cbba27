/// Locates an alignment pattern (ISO/IEC 18004:2015 §6.3.6: a dark module inside a light
/// 3×3 ring inside a dark 5×5 ring) near a predicted centre, as §12 step 6 describes: its
/// cross section through the centre is light, dark, light in the ratio 1:1:1 between the two
/// sides of the outer dark ring, horizontally and vertically.
enum AlignmentPatternFinder {
    /// The confirmed centre closest to `predicted` within `radius` pixels, or nil.
    static func locate(in image: BinaryImage, near predicted: ImagePoint, moduleSize: Double,
                       radius: Double) -> ImagePoint? {
        let left = max(0, (predicted.x - radius).clampedInt), right = min(image.width - 1, (predicted.x + radius).clampedInt)
        let top = max(0, (predicted.y - radius).clampedInt), bottom = min(image.height - 1, (predicted.y + radius).clampedInt)
        guard left < right, top < bottom else { return nil }
        let maxRun = (moduleSize * 2.5).clampedInt + 2
        var best: (point: ImagePoint, score: Double)?
        for y in top...bottom {
            // Along the row: a light run (after a dark one), a dark run, then a light run
            // that ends in dark is a candidate light–centre–light section.
            var lastLight = 0, lastDark = 0
            var dark = image.isDark(left, y)
            var isFirstRun = true
            var length = 0
            for x in left...(right + 1) {
                let bit = x <= right ? image.isDark(x, y) : !dark
                if bit == dark {
                    length += 1
                    continue
                }
                if dark {
                    lastDark = length
                } else {
                    if x <= right, lastLight > 0, lastDark > 0,
                       isOneToOne(lastLight, lastDark, length, moduleSize) {
                        let centreX = Double(x - length) - Double(lastDark) / 2
                        if let centre = confirm(image, centreX: centreX, row: y, moduleSize: moduleSize, maxRun: maxRun) {
                            let score = centre.distance(to: predicted)
                            if score < best?.score ?? .infinity { best = (centre, score) }
                        }
                    }
                    lastLight = isFirstRun ? 0 : length
                    lastDark = 0
                }
                isFirstRun = false
                dark = bit
                length = 1
            }
        }
        return best?.point
    }

    private static func isOneToOne(_ a: Int, _ b: Int, _ c: Int, _ moduleSize: Double) -> Bool {
        let slack = moduleSize * 0.6 + 0.5
        let mean = Double(a + b + c) / 3
        guard abs(mean - moduleSize) < slack else { return false }
        return abs(Double(a) - mean) < slack && abs(Double(b) - mean) < slack && abs(Double(c) - mean) < slack
    }

    /// Vertical then horizontal cross section through the candidate: light above and below
    /// the centre module, each bounded by dark.
    private static func confirm(_ image: BinaryImage, centreX: Double, row: Int, moduleSize: Double,
                                maxRun: Int) -> ImagePoint? {
        let column = centreX.clampedInt
        guard let vertical = section(image, x: column, y: row, dx: 0, dy: 1, maxRun: maxRun),
              isOneToOne(vertical.light1, vertical.centre, vertical.light2, moduleSize)
        else { return nil }
        let centreY = Double(row) + vertical.offset
        guard let horizontal = section(image, x: column, y: centreY.clampedInt, dx: 1, dy: 0, maxRun: maxRun),
              isOneToOne(horizontal.light1, horizontal.centre, horizontal.light2, moduleSize)
        else { return nil }
        return ImagePoint(x: Double(column) + horizontal.offset, y: centreY)
    }

    /// Light, dark (through the start), light run lengths along a line, each light run ended
    /// by dark; `offset` is the centre of the dark run from the start pixel's edge.
    private static func section(_ image: BinaryImage, x: Int, y: Int, dx: Int, dy: Int, maxRun: Int)
        -> (light1: Int, centre: Int, light2: Int, offset: Double)? {
        guard image.isDark(x, y) else { return nil }
        func walk(_ sx: Int, _ sy: Int, from px0: Int, _ py0: Int) -> (dark: Int, light: Int)? {
            var px = px0, py = py0, darkCount = 0, lightCount = 0
            while image.isDark(px, py) {
                darkCount += 1
                if darkCount > maxRun { return nil }
                px += sx; py += sy
            }
            while px >= 0, py >= 0, px < image.width, py < image.height, !image.isDark(px, py) {
                lightCount += 1
                if lightCount > maxRun { return nil }
                px += sx; py += sy
            }
            guard lightCount > 0, image.isDark(px, py) else { return nil }
            return (darkCount, lightCount)
        }
        guard let back = walk(-dx, -dy, from: x, y), let forward = walk(dx, dy, from: x + dx, y + dy) else { return nil }
        return (back.light, back.dark + forward.dark, forward.light, Double(forward.dark - back.dark + 2) / 2)
    }
}
