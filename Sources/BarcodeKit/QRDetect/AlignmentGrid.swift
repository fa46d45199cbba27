/// The piecewise mapping of symbols with several alignment patterns (versions ≥ 7,
/// Table E.1). The patterns are found one by one outwards from the top-left finder, each
/// looked for where its already placed neighbours say it must be, so that the search
/// follows perspective and bending step by step instead of trusting one global estimate;
/// each cell between four neighbouring pattern centres then gets its own perspective
/// transform (ISO/IEC 18004:2015 §12 step 7).
enum AlignmentGrid {
    static func refine(_ mapping: ModuleMapping, version: Int, image: BinaryImage, moduleSize: Double) -> ModuleMapping {
        let positions = QRMatrixLayout.alignmentPositions(version: version).map { Double($0) + 0.5 }
        let n = positions.count
        guard n >= 3 else { return mapping }
        var nodes = [ImagePoint](repeating: ImagePoint(x: 0, y: 0), count: n * n)
        var shifts = [ImagePoint?](repeating: nil, count: n * n)  // found − predicted by `mapping`
        var foundCount = 0
        for j in 0..<n {
            for i in 0..<n {
                let base = mapping.map(positions[i], positions[j])
                // The three positions under the finder patterns: the finder centres anchor them.
                if (i == 0 || j == 0) && (i == 0 || i == n - 1) && (j == 0 || j == n - 1) {
                    nodes[j * n + i] = base
                    shifts[j * n + i] = ImagePoint(x: 0, y: 0)
                    continue
                }
                // Neighbours already placed say how far the mapping drifts here.
                var dx = 0.0, dy = 0.0, k = 0.0
                for (ni, nj) in [(i - 1, j), (i, j - 1), (i - 1, j - 1), (i + 1, j - 1)]
                where ni >= 0 && nj >= 0 && ni < n {
                    if let s = shifts[nj * n + ni] { dx += s.x; dy += s.y; k += 1 }
                }
                let predicted = k > 0 ? ImagePoint(x: base.x + dx / k, y: base.y + dy / k) : base
                let nextDoor = mapping.map(positions[i] + 1, positions[j])
                let below = mapping.map(positions[i], positions[j] + 1)
                let localModule = max(1, base.distance(to: nextDoor))
                let across = ImagePoint(x: nextDoor.x - base.x, y: nextDoor.y - base.y)
                let down = ImagePoint(x: below.x - base.x, y: below.y - base.y)
                let located = AlignmentPatternFinder.locate(
                    in: image, near: predicted, moduleSize: localModule, radius: 3.5 * localModule)
                    .flatMap { $0.distance(to: predicted) < 2.5 * localModule ? $0 : nil }
                    ?? (localModule < 4 ? AlignmentTemplate.match(in: image, near: predicted, across: across, down: down,
                                                                  radius: 2 * localModule) : nil)
                if let found = located {
                    nodes[j * n + i] = found
                    shifts[j * n + i] = ImagePoint(x: found.x - base.x, y: found.y - base.y)
                    foundCount += 1
                } else {
                    nodes[j * n + i] = predicted
                }
            }
        }
        guard foundCount > 0 else { return mapping }
        var refined = mapping
        refined.setGrid(boundaries: positions, nodes: nodes)
        return refined
    }
}
