/// A black-and-white image, as a binariser leaves it: `true` is dark.
public struct BinaryImage: Sendable, Hashable {
    public let width: Int
    public let height: Int
    public var bits: [Bool]

    public init(width: Int, height: Int, bits: [Bool]) {
        precondition(bits.count == width * height, "a binary image needs width × height bits")
        self.width = width
        self.height = height
        self.bits = bits
    }

    public init(width: Int, height: Int) {
        self.init(width: width, height: height, bits: [Bool](repeating: false, count: width * height))
    }

    public subscript(x: Int, y: Int) -> Bool {
        get { bits[y * width + x] }
        set { bits[y * width + x] = newValue }
    }
}
