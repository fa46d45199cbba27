/// The third finder pattern of a symbol whose other two were found, looked for where the
/// two say it must be, with the quiet zone no longer required: a finder whose outer ring
/// touches a dark background (a symbol cut close, a shadow at the paper's edge) fails the
/// strict 1:1:3:1:1 test of the row scan, but its light ring and centre square still show
/// as light, dark, light in the ratio 1:3:1.
enum FinderPatternCompletion {
    /// Candidate third patterns for the pair `a`, `b`: at the corner of the right angle
    /// either way round when the pair is a side of the symbol, and across the diagonal
    /// when it is the hypotenuse.
    static func complete(_ a: FinderPattern, _ b: FinderPattern, in image: BinaryImage) -> [FinderPattern] {
        let module = (a.moduleSize + b.moduleSize) / 2
        let dx = b.centre.x - a.centre.x, dy = b.centre.y - a.centre.y
        let mid = ImagePoint(x: (a.centre.x + b.centre.x) / 2, y: (a.centre.y + b.centre.y) / 2)
        var guesses: [ImagePoint] = []
        for sign in [1.0, -1.0] {
            let (px, py) = (-dy * sign, dx * sign)  // the side turned a quarter
            guesses.append(ImagePoint(x: a.centre.x + px, y: a.centre.y + py))
            guesses.append(ImagePoint(x: b.centre.x + px, y: b.centre.y + py))
            guesses.append(ImagePoint(x: mid.x + px / 2, y: mid.y + py / 2))
        }
        let side = (dx * dx + dy * dy).squareRoot()
        var found: [FinderPattern] = []
        for guess in guesses {
            guard guess.x > -module, guess.y > -module,
                  guess.x < Double(image.width) + module, guess.y < Double(image.height) + module,
                  let pattern = locate(in: image, near: guess, moduleSize: module, radius: 0.2 * side + 3 * module),
                  pattern.centre.distance(to: a.centre) > 5 * module, pattern.centre.distance(to: b.centre) > 5 * module,
                  !found.contains(where: { $0.isSame(as: pattern) })
            else { continue }
            found.append(pattern)
        }
        return found
    }

    /// The relaxed pattern nearest `predicted` within `radius`.
    static func locate(in image: BinaryImage, near predicted: ImagePoint, moduleSize: Double, radius: Double) -> FinderPattern? {
        let top = max(0, (predicted.y - radius).clampedInt), bottom = min(image.height - 1, (predicted.y + radius).clampedInt)
        let left = max(0, (predicted.x - radius).clampedInt), right = min(image.width - 1, (predicted.x + radius).clampedInt)
        guard top < bottom, left < right else { return nil }
        var best: (pattern: FinderPattern, distance: Double)?
        for y in top...bottom {
            // light, dark, light runs between dark ones: (previous light, dark, light)
            var light1 = 0, centre = 0
            var dark = image.isDark(left, y)
            var length = 0
            var sawDarkBefore = false
            for x in left...(right + 1) {
                let bit = x <= right ? image.isDark(x, y) : !dark
                if bit == dark { length += 1; continue }
                if dark {
                    centre = light1 > 0 ? length : 0
                    sawDarkBefore = true
                } else {
                    if x <= right, light1 > 0, centre > 0, isOneThreeOne(light1, centre, length, moduleSize) {
                        let centreX = Double(x - length) - Double(centre) / 2
                        if let pattern = confirm(image, centreX: centreX, row: y, moduleSize: moduleSize) {
                            let d = pattern.centre.distance(to: predicted)
                            if d < best?.distance ?? .infinity { best = (pattern, d) }
                        }
                    }
                    light1 = sawDarkBefore ? length : 0
                    centre = 0
                }
                dark = bit
                length = 1
            }
        }
        return best?.pattern
    }

    private static func isOneThreeOne(_ a: Int, _ b: Int, _ c: Int, _ moduleSize: Double) -> Bool {
        let module = Double(a + b + c) / 5
        guard module > 0.6 * moduleSize, module < 1.6 * moduleSize else { return false }
        let slack = module * 0.5 + 0.5
        return abs(Double(a) - module) < slack && abs(Double(c) - module) < slack && abs(Double(b) - 3 * module) < 3 * slack
    }

    /// The same light–dark–light test vertically and again horizontally through the
    /// refined centre, each bounded by dark of any length.
    private static func confirm(_ image: BinaryImage, centreX: Double, row: Int, moduleSize: Double) -> FinderPattern? {
        let maxRun = (moduleSize * 30).clampedInt + 2
        let column = centreX.clampedInt
        guard let vertical = image.crossSection(x: column, y: row, dx: 0, dy: 1, maxRun: maxRun),
              isOneThreeOne(vertical.runs.r1, vertical.runs.r2, vertical.runs.r3, moduleSize)
        else { return nil }
        let centreY = Double(row) + vertical.centre
        guard let horizontal = image.crossSection(x: column, y: centreY.clampedInt, dx: 1, dy: 0, maxRun: maxRun),
              isOneThreeOne(horizontal.runs.r1, horizontal.runs.r2, horizontal.runs.r3, moduleSize)
        else { return nil }
        let inner = Double(vertical.runs.r1 + vertical.runs.r2 + vertical.runs.r3
            + horizontal.runs.r1 + horizontal.runs.r2 + horizontal.runs.r3)
        return FinderPattern(centre: ImagePoint(x: Double(column) + horizontal.centre, y: centreY),
                             moduleSize: inner / 10, count: 1)
    }
}
