/// Fine adjustment of a four-point mapping on the grey image: the image points of the four
/// anchors are nudged, a fraction of a module at a time, while that makes the function
/// patterns (finders, timing, alignment patterns: the modules whose colour is known without
/// decoding) read darker where they must be dark and lighter where light. Finder centres
/// measured on a blurred or turned photo are often half a module off, which is enough to
/// misread a band of modules between them.
enum MappingRefinement {
    /// Where each function module is read, in module units from its corner: the centre and
    /// four points near its edges. Centres alone sit on a plateau while the mapping is off
    /// by less than half a module; the edge points feel every fraction of a module.
    static let probes: [(Double, Double)] = [(0.5, 0.5), (0.15, 0.5), (0.85, 0.5), (0.5, 0.15), (0.5, 0.85)]

    static func refine(_ mapping: ModuleMapping, grey: GrayImage, moduleSize: Double) -> ModuleMapping {
        guard let anchors = mapping.anchors, mapping.cells.isEmpty else { return mapping }
        let targets = functionModules(size: mapping.dimension)
        let dimension = mapping.dimension
        func agreement(_ points: [ImagePoint]) -> Double {
            let transform = PerspectiveTransform(from: anchors.modules, to: points)
            var total = 0.0
            grey.pixels.withUnsafeBufferPointer { pixels in
                for target in targets {
                    for (du, dv) in probes {
                        let p = transform.apply(Double(target.x) + du, Double(target.y) + dv)
                        let g = ModuleMapping.bilinear(pixels, grey.width, grey.height, p.x - 0.5, p.y - 0.5)
                        total += target.dark ? 255 - g : g
                    }
                }
            }
            return total
        }
        // A sweep after an improvement tries again every trial that came after the improvement
        // in the sweep before, around the same points: those agreements are remembered.
        var known = AgreementMemo()
        var points = anchors.image
        var best = known.value(for: points) { agreement(points) }
        var step = moduleSize / 3
        while step > moduleSize / 16 {
            var improved = false
            for k in 0..<4 {
                for (dx, dy) in [(step, 0.0), (-step, 0.0), (0.0, step), (0.0, -step)] {
                    var trial = points
                    trial[k] = ImagePoint(x: points[k].x + dx, y: points[k].y + dy)
                    let value = known.value(for: trial) { agreement(trial) }
                    if value > best {
                        best = value
                        points = trial
                        improved = true
                    }
                }
            }
            if !improved { step /= 2 }
        }
        return ModuleMapping(dimension: dimension, modules: anchors.modules, image: points)
    }

    /// The same for a mapping with one transform per alignment-grid cell: each node (cell
    /// corner) in turn is nudged while the function modules of the cells around it read
    /// better. Nodes a pattern search put slightly off, and the three under the finders
    /// (placed from the finder centres alone), settle where the patterns really are.
    static func refineGrid(_ mapping: ModuleMapping, grey: GrayImage, moduleSize: Double) -> ModuleMapping {
        let n = mapping.boundaries.count
        guard n >= 3 else { return mapping }
        var byCell = [[(x: Int, y: Int, dark: Bool)]](repeating: [], count: (n - 1) * (n - 1))
        for target in functionModules(size: mapping.dimension) {
            let (ci, cj) = mapping.cellIndex(Double(target.x) + 0.5, Double(target.y) + 0.5)
            byCell[cj * (n - 1) + ci].append(target)
        }
        var current = mapping
        func agreement(around i: Int, _ j: Int) -> Double {
            var total = 0.0
            grey.pixels.withUnsafeBufferPointer { pixels in
                for cj in max(0, j - 1)...min(n - 2, j) {
                    for ci in max(0, i - 1)...min(n - 2, i) {
                        let transform = current.cells[cj * (n - 1) + ci]
                        for target in byCell[cj * (n - 1) + ci] {
                            for (du, dv) in probes {
                                let p = transform.apply(Double(target.x) + du, Double(target.y) + dv)
                                let g = ModuleMapping.bilinear(pixels, grey.width, grey.height, p.x - 0.5, p.y - 0.5)
                                total += target.dark ? 255 - g : g
                            }
                        }
                    }
                }
            }
            return total
        }
        // The agreement around a node depends only on the nodes of the cells around it; a sweep
        // repeats most of the sweep before wherever those did not move, so it is remembered.
        var known = AgreementMemo()
        func knownAgreement(around i: Int, _ j: Int) -> Double {
            var neighbourhood = [ImagePoint(x: Double(i), y: Double(j))]
            for nj in max(0, j - 1)...min(n - 1, j + 1) {
                for ni in max(0, i - 1)...min(n - 1, i + 1) { neighbourhood.append(current.nodes[nj * n + ni]) }
            }
            return known.value(for: neighbourhood) { agreement(around: i, j) }
        }
        var step = moduleSize / 3
        var sweeps = 0
        while step > moduleSize / 16, sweeps < 12 {
            sweeps += 1
            var improved = false
            for j in 0..<n {
                for i in 0..<n {
                    var best = knownAgreement(around: i, j)
                    var position = current.nodes[j * n + i]
                    for (dx, dy) in [(step, 0.0), (-step, 0.0), (0.0, step), (0.0, -step)] {
                        let trial = ImagePoint(x: position.x + dx, y: position.y + dy)
                        current.moveNode(i, j, to: trial)
                        let value = knownAgreement(around: i, j)
                        if value > best {
                            best = value
                            position = trial
                            improved = true
                        } else {
                            current.moveNode(i, j, to: position)
                        }
                    }
                    current.moveNode(i, j, to: position)
                }
            }
            if !improved { step /= 2 }
        }
        return current
    }

    /// Agreements already measured, by the exact image points they were measured at: the
    /// agreement is a pure function of them, so a remembered value is the value.
    struct AgreementMemo {
        private var values: [[UInt64]: Double] = [:]

        mutating func value(for points: [ImagePoint], measure: () -> Double) -> Double {
            let key = points.flatMap { [$0.x.bitPattern, $0.y.bitPattern] }
            if let value = values[key] { return value }
            let value = measure()
            values[key] = value
            return value
        }
    }

    /// The finder patterns with their separators, the timing patterns and the alignment
    /// patterns of a symbol of `size` modules, with their colours.
    static func functionModules(size: Int) -> [(x: Int, y: Int, dark: Bool)] {
        var modules: [(x: Int, y: Int, dark: Bool)] = []
        for (ox, oy) in [(0, 0), (size - 7, 0), (0, size - 7)] {
            for y in -1...7 {
                for x in -1...7 {
                    let (mx, my) = (ox + x, oy + y)
                    guard mx >= 0, my >= 0, mx < size, my < size else { continue }
                    let ring = max(abs(x - 3), abs(y - 3))
                    modules.append((mx, my, ring != 2 && ring != 4))
                }
            }
        }
        for i in 8..<max(8, size - 8) {
            modules.append((i, 6, i % 2 == 0))
            modules.append((6, i, i % 2 == 0))
        }
        let version = (size - 17) / 4
        if version >= 2 {
            let positions = QRMatrixLayout.alignmentPositions(version: version)
            for cy in positions {
                for cx in positions {
                    if (cx == 6 && cy == 6) || (cx == 6 && cy == size - 7) || (cx == size - 7 && cy == 6) { continue }
                    for y in -2...2 {
                        for x in -2...2 { modules.append((cx + x, cy + y, max(abs(x), abs(y)) != 1)) }
                    }
                }
            }
        }
        return modules
    }
}
