/// The eight data mask patterns (ISO/IEC 18004:2015 §7.8.2, Table 10); `x` is the column,
/// `y` the row. A module is inverted where the condition holds.
enum QRMask {
    static let patterns = 0..<8

    @inline(__always)
    static func inverts(_ mask: Int, x: Int, y: Int) -> Bool {
        switch mask {
        case 0: (y + x) % 2 == 0
        case 1: y % 2 == 0
        case 2: x % 3 == 0
        case 3: (y + x) % 3 == 0
        case 4: (y / 2 + x / 3) % 2 == 0
        case 5: (y * x) % 2 + (y * x) % 3 == 0
        case 6: ((y * x) % 2 + (y * x) % 3) % 2 == 0
        default: ((y + x) % 2 + (y * x) % 3) % 2 == 0
        }
    }

    /// XORs the mask into every module that is not a function module. Applying it twice
    /// restores the original.
    static func apply(_ mask: Int, to modules: inout [Bool], isFunction: [Bool], size: Int) {
        for y in 0..<size {
            let row = y * size
            for x in 0..<size where !isFunction[row + x] && inverts(mask, x: x, y: y) {
                modules[row + x].toggle()
            }
        }
    }
}
