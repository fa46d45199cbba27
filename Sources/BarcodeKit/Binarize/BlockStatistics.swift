/// Per-block brightness of an image, and the threshold each block gets from it (the rules are
/// in ``HybridBinarizer``).
struct BlockStatistics {
    let grid: HybridBinarizer.BlockGrid
    /// Mean brightness of each block, row by row. Both tables hold values 0...255 as Int16, so
    /// that the neighbourhood passes below take eight blocks per vector instruction (x86-64's
    /// baseline has lane-wise minimum and maximum for 16-bit lanes, none for 64-bit ones).
    private let means: [Int16]
    /// The largest step in brightness within each block (lightest minus darkest pixel) or to
    /// the block on its right or below (difference of means; an edge can fall exactly on a
    /// block boundary when modules are as large as blocks): large at an edge between ink and
    /// paper, small under a smooth shading of light.
    private let edgeStrengths: [Int16]

    /// `nil` once `budget` is spent: the clock is read before each row of blocks, since on a
    /// 25-megapixel photo this pass takes 2.5 s in a debug build (about 40 ms in release).
    init?(grid: HybridBinarizer.BlockGrid, pixels: UnsafeBufferPointer<UInt8>, budget: DecodeBudget?) {
        self.grid = grid
        let count = grid.columns * grid.rows
        let size = HybridBinarizer.blockSize
        var means = [Int16](repeating: 0, count: count)
        var ranges = [Int16](repeating: 0, count: count)
        // A block row at a time: each is one vector, so a block is eight loads and lane-wise
        // minimum, maximum and sum (about five times faster than a scalar loop over its 64
        // pixels, which was most of the binariser's time).
        let bytes = UnsafeRawBufferPointer(pixels)
        for row in 0..<grid.rows {
            if budget?.isSpent == true { return nil }
            for column in 0..<grid.columns {
                let left = grid.left(column), top = grid.top(row)
                var low = HybridBinarizer.BlockRow(repeating: 255), high = HybridBinarizer.BlockRow(repeating: 0)
                var sums = SIMD8<UInt16>(repeating: 0)
                for y in top..<(top + size) {
                    let lane = bytes.loadUnaligned(fromByteOffset: y * grid.width + left, as: HybridBinarizer.BlockRow.self)
                    low = pointwiseMin(low, lane)
                    high = pointwiseMax(high, lane)
                    sums &+= SIMD8<UInt16>(truncatingIfNeeded: lane)
                }
                let block = row * grid.columns + column
                means[block] = Int16(Int(sums.wrappedSum()) / (size * size))
                ranges[block] = Int16(Int(high.max()) - Int(low.min()))
            }
        }
        for row in 0..<grid.rows {
            for column in 0..<grid.columns {
                let block = row * grid.columns + column
                if column + 1 < grid.columns { ranges[block] = max(ranges[block], abs(means[block] - means[block + 1])) }
                if row + 1 < grid.rows { ranges[block] = max(ranges[block], abs(means[block] - means[block + grid.columns])) }
            }
        }
        self.means = means
        self.edgeStrengths = ranges
    }

    /// One threshold per block: its pixels at or below it are dark. Blocks in a neighbourhood
    /// without contrast get 255 (all dark) or -1 (all light), as ``HybridBinarizer`` describes.
    func thresholds() -> [Int] {
        let radius = HybridBinarizer.neighbourhoodRadius
        // One block wider than the search for edges, so an edge found on the boundary of the
        // outermost block (against the block beyond it) has both its sides in the threshold.
        let (lowestMean, highestMean) = neighbourhoodExtremes(means, radius: radius + 1)
        // Contrast means an edge within some block of the neighbourhood, not merely a range
        // over the whole window, which a smooth shading of light also spans.
        let strongestEdge = neighbourhoodExtremes(edgeStrengths, radius: radius).greatest
        let hasContrast = strongestEdge.map { Int($0) >= HybridBinarizer.minimumContrast }
        let local = means.indices.map { (Int(lowestMean[$0]) + Int(highestMean[$0])) / 2 }
        guard let inherited = nearest(local, where: hasContrast) else {
            return [Int](repeating: -1, count: means.count)
        }
        return means.indices.map { block in
            if hasContrast[block] { return local[block] }
            return Int(means[block]) <= inherited[block] ? 255 : -1
        }
    }

    /// The least and greatest of `values` over the (2·radius + 1)² blocks around each block,
    /// clipped at the grid's edges: a pass along the rows, then one along the columns. Each
    /// pass takes one neighbour offset at a time over a whole row, element by element, so
    /// that the loops run over contiguous memory and vectorise; minimum and maximum do not
    /// depend on the order they are taken in.
    private func neighbourhoodExtremes(_ values: [Int16], radius: Int) -> (least: [Int16], greatest: [Int16]) {
        let columns = grid.columns, rows = grid.rows
        var acrossLeast = values, acrossGreatest = values
        values.withUnsafeBufferPointer { values in
            acrossLeast.withUnsafeMutableBufferPointer { least in
                acrossGreatest.withUnsafeMutableBufferPointer { greatest in
                    guard let values = values.baseAddress, let least = least.baseAddress, let greatest = greatest.baseAddress else { return }
                    for row in 0..<rows {
                        let start = row * columns
                        for offset in -radius...radius where offset != 0 && abs(offset) < columns {
                            // Columns whose neighbour at `offset` lies inside the row.
                            let first = max(0, -offset), last = min(columns, columns - offset)
                            Self.merge(least + start + first, greatest + start + first,
                                       values + start + first + offset, values + start + first + offset, count: last - first)
                        }
                    }
                }
            }
        }
        var least = acrossLeast, greatest = acrossGreatest
        acrossLeast.withUnsafeBufferPointer { acrossLeast in
            acrossGreatest.withUnsafeBufferPointer { acrossGreatest in
                least.withUnsafeMutableBufferPointer { least in
                    greatest.withUnsafeMutableBufferPointer { greatest in
                        guard let acrossLeast = acrossLeast.baseAddress, let acrossGreatest = acrossGreatest.baseAddress,
                              let least = least.baseAddress, let greatest = greatest.baseAddress else { return }
                        for row in 0..<rows {
                            for other in max(0, row - radius)...min(rows - 1, row + radius) where other != row {
                                let target = row * columns, source = other * columns
                                Self.merge(least + target, greatest + target, acrossLeast + source, acrossGreatest + source, count: columns)
                            }
                        }
                    }
                }
            }
        }
        return (least, greatest)
    }

    /// `least[i] = min(least[i], low[i])` and `greatest[i] = max(greatest[i], high[i])` for
    /// `count` elements, eight at a time in explicit vectors: the compiler left the plain loop
    /// scalar (it cannot tell that the buffers do not overlap), about a hundred instructions a
    /// block per pass.
    @inline(__always)
    private static func merge(_ least: UnsafeMutablePointer<Int16>, _ greatest: UnsafeMutablePointer<Int16>,
                              _ low: UnsafePointer<Int16>, _ high: UnsafePointer<Int16>, count: Int) {
        var i = 0
        while i + 8 <= count {
            let leastLanes = UnsafeRawPointer(least + i).loadUnaligned(as: SIMD8<Int16>.self)
            let lowLanes = UnsafeRawPointer(low + i).loadUnaligned(as: SIMD8<Int16>.self)
            UnsafeMutableRawPointer(least + i).storeBytes(of: pointwiseMin(leastLanes, lowLanes), as: SIMD8<Int16>.self)
            let greatestLanes = UnsafeRawPointer(greatest + i).loadUnaligned(as: SIMD8<Int16>.self)
            let highLanes = UnsafeRawPointer(high + i).loadUnaligned(as: SIMD8<Int16>.self)
            UnsafeMutableRawPointer(greatest + i).storeBytes(of: pointwiseMax(greatestLanes, highLanes), as: SIMD8<Int16>.self)
            i += 8
        }
        while i < count {
            least[i] = min(least[i], low[i])
            greatest[i] = max(greatest[i], high[i])
            i += 1
        }
    }

    /// For every block, `values` at the nearest block where `selected` holds (chessboard
    /// distance on the block grid, by the two sweeps of a distance transform); `nil` when it
    /// holds nowhere.
    private func nearest(_ values: [Int], where selected: [Bool]) -> [Int]? {
        let columns = grid.columns, rows = grid.rows
        var distance = selected.map { $0 ? 0 : Int.max / 2 }
        guard distance.contains(0) else { return nil }
        var source = values
        // Through pointers: a closure capturing both arrays paid for exclusivity and bounds
        // checks on each of the eight relaxations per block.
        distance.withUnsafeMutableBufferPointer { distance in
            source.withUnsafeMutableBufferPointer { source in
                @inline(__always)
                func relax(_ block: Int, from neighbour: Int) {
                    if distance[neighbour] + 1 < distance[block] {
                        distance[block] = distance[neighbour] + 1
                        source[block] = source[neighbour]
                    }
                }
                for row in 0..<rows {
                    for column in 0..<columns {
                        let block = row * columns + column
                        if column > 0 { relax(block, from: block - 1) }
                        if row > 0 {
                            relax(block, from: block - columns)
                            if column > 0 { relax(block, from: block - columns - 1) }
                            if column < columns - 1 { relax(block, from: block - columns + 1) }
                        }
                    }
                }
                for row in stride(from: rows - 1, through: 0, by: -1) {
                    for column in stride(from: columns - 1, through: 0, by: -1) {
                        let block = row * columns + column
                        if column < columns - 1 { relax(block, from: block + 1) }
                        if row < rows - 1 {
                            relax(block, from: block + columns)
                            if column < columns - 1 { relax(block, from: block + columns + 1) }
                            if column > 0 { relax(block, from: block + columns - 1) }
                        }
                    }
                }
            }
        }
        return source
    }
}
