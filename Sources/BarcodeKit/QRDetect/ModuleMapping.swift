/// Where each module centre of a symbol lies in the image: one perspective transform, or
/// for symbols with several alignment patterns one transform per cell of the alignment grid
/// (ISO/IEC 18004:2015 §12 step 7 maps modules between alignment patterns from the nearest
/// ones, which follows a bent or badly estimated symbol far better than a single transform).
struct ModuleMapping: Sendable {
    let dimension: Int
    let global: PerspectiveTransform
    /// Cell boundaries in module coordinates (alignment pattern centres), and the row-major
    /// transforms of the cells between them; empty when `global` is used everywhere.
    private(set) var boundaries: [Double] = []
    private(set) var cells: [PerspectiveTransform] = []
    /// The image points of the cell corners (row-major over `boundaries` × `boundaries`).
    private(set) var nodes: [ImagePoint] = []

    /// The four module-space points and their image points `global` was made from.
    var anchors: (modules: [ImagePoint], image: [ImagePoint])?

    init(dimension: Int, global: PerspectiveTransform) {
        self.dimension = dimension
        self.global = global
    }

    init(dimension: Int, modules: [ImagePoint], image: [ImagePoint]) {
        self.init(dimension: dimension, global: PerspectiveTransform(from: modules, to: image))
        anchors = (modules, image)
    }

    /// The image point of module-space point (u, v) (module (x, y)'s centre is (x+½, y+½)).
    @inline(__always)
    func map(_ u: Double, _ v: Double) -> ImagePoint {
        guard boundaries.count >= 2 else { return global.apply(u, v) }
        let n = boundaries.count - 1
        return cells[cell(v, n) * n + cell(u, n)].apply(u, v)
    }

    @inline(__always)
    private func cell(_ coordinate: Double, _ n: Int) -> Int {
        var index = 0
        while index < n - 1, coordinate >= boundaries[index + 1] { index += 1 }
        return index
    }

    /// Switches to one transform per cell between the given corner points.
    mutating func setGrid(boundaries: [Double], nodes: [ImagePoint]) {
        let n = boundaries.count
        precondition(nodes.count == n * n, "one node per pair of boundaries")
        self.boundaries = boundaries
        self.nodes = nodes
        cells = []
        cells.reserveCapacity((n - 1) * (n - 1))
        for j in 0..<(n - 1) {
            for i in 0..<(n - 1) { cells.append(cellTransform(i, j)) }
        }
    }

    /// Moves one node, recomputing only the (up to four) cells it is a corner of.
    mutating func moveNode(_ i: Int, _ j: Int, to point: ImagePoint) {
        let n = boundaries.count
        nodes[j * n + i] = point
        for cj in max(0, j - 1)...min(n - 2, j) {
            for ci in max(0, i - 1)...min(n - 2, i) { cells[cj * (n - 1) + ci] = cellTransform(ci, cj) }
        }
    }

    private func cellTransform(_ i: Int, _ j: Int) -> PerspectiveTransform {
        let n = boundaries.count, b = boundaries
        let from = [ImagePoint(x: b[i], y: b[j]), ImagePoint(x: b[i + 1], y: b[j]),
                    ImagePoint(x: b[i + 1], y: b[j + 1]), ImagePoint(x: b[i], y: b[j + 1])]
        let to = [nodes[j * n + i], nodes[j * n + i + 1], nodes[(j + 1) * n + i + 1], nodes[(j + 1) * n + i]]
        return PerspectiveTransform(from: from, to: to)
    }

    /// The cell (column, row) a module-space point falls in, for grid mappings.
    func cellIndex(_ u: Double, _ v: Double) -> (Int, Int) {
        let n = boundaries.count - 1
        return (cell(u, n), cell(v, n))
    }

    /// Samples every module centre on the binary image.
    func sample(_ image: BinaryImage) -> BitMatrix {
        var matrix = BitMatrix(size: dimension)
        for y in 0..<dimension {
            for x in 0..<dimension {
                let p = map(Double(x) + 0.5, Double(y) + 0.5)
                if image.isDark(at: p.x, p.y) { matrix[x, y] = true }
            }
        }
        return matrix
    }

    /// The symbol's outer corners clockwise from its top-left.
    var corners: [ImagePoint] {
        let d = Double(dimension)
        return [map(0, 0), map(d, 0), map(d, d), map(0, d)]
    }
}
