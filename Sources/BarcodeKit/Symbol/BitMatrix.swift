/// A square grid of modules (a QR Code symbol), row by row; `true` is dark.
public struct BitMatrix: Sendable, Hashable {
    public let size: Int
    public private(set) var modules: [Bool]

    public init(size: Int) {
        self.size = size
        modules = [Bool](repeating: false, count: size * size)
    }

    public subscript(x: Int, y: Int) -> Bool {
        get { modules[y * size + x] }
        set { modules[y * size + x] = newValue }
    }
}
