/// A fallback for alignment patterns too small or too broken for run-length checks
/// (modules of about two pixels): slide the 5×5-module pattern of §6.3.6, laid out along
/// the local module axes, over the neighbourhood of the predicted centre and take the
/// centre of the offsets where the most of its 25 modules match.
enum AlignmentTemplate {
    static func match(in image: BinaryImage, near predicted: ImagePoint, across: ImagePoint, down: ImagePoint,
                      radius: Double) -> ImagePoint? {
        let module = max((across.x * across.x + across.y * across.y).squareRoot(),
                         (down.x * down.x + down.y * down.y).squareRoot())
        let step = max(0.5, module / 4)  // a quarter module is fine enough for the centre
        let steps = (radius / step).clampedInt
        guard steps > 0 else { return nil }
        var bestScore = -1
        var sumX = 0.0, sumY = 0.0, ties = 0.0
        var low = predicted, high = predicted  // bounding box of the best offsets
        for oy in -steps...steps {
            for ox in -steps...steps {
                let cx = predicted.x + Double(ox) * step, cy = predicted.y + Double(oy) * step
                var score = 0, misses = 0
                // An offset that misses two modules can score at most 23, which the guard
                // below refuses whatever else scores; it is left as soon as it does.
                modules: for my in -2...2 {
                    for mx in -2...2 {
                        let x = cx + Double(mx) * across.x + Double(my) * down.x
                        let y = cy + Double(mx) * across.y + Double(my) * down.y
                        if image.isDark(at: x, y) == (max(abs(mx), abs(my)) != 1) {
                            score += 1
                        } else {
                            misses += 1
                            if misses == 2 { break modules }
                        }
                    }
                }
                if score > bestScore {
                    bestScore = score
                    (sumX, sumY, ties) = (cx, cy, 1)
                    low = ImagePoint(x: cx, y: cy)
                    high = low
                } else if score == bestScore {
                    sumX += cx; sumY += cy; ties += 1
                    low = ImagePoint(x: min(low.x, cx), y: min(low.y, cy))
                    high = ImagePoint(x: max(high.x, cx), y: max(high.y, cy))
                }
            }
        }
        // All 25 modules, or all but one: data rarely forms the pattern by chance.
        // The best offsets must form one cluster, not two look-alikes.
        guard bestScore >= 24, high.x - low.x <= module * 1.5, high.y - low.y <= module * 1.5 else { return nil }
        return ImagePoint(x: sumX / ties, y: sumY / ties)
    }
}
