/// Places codewords in the symbol (ISO/IEC 18004:2015 §7.7.3): two-module-wide columns
/// from the right edge, upwards then downwards alternately, skipping function modules and
/// jumping over the vertical timing pattern; most significant bit first. Modules left after
/// the last codeword are the remainder bits and stay light.
enum QRPlacement {
    static func place(_ codewords: [UInt8], in layout: inout QRMatrixLayout) {
        let totalBits = codewords.count * 8
        for (bitIndex, index) in dataModuleOrder(isFunction: layout.isFunction, size: layout.size).enumerated()
        where bitIndex < totalBits {
            layout.modules[index] = codewords[bitIndex >> 3] >> (7 - bitIndex & 7) & 1 == 1
        }
    }

    /// Every module that is not a function module (index `y * size + x`), in the order the
    /// bits of the codeword sequence go into them; the decoder reads them in the same order.
    static func dataModuleOrder(isFunction: [Bool], size: Int) -> [Int] {
        var order: [Int] = []
        order.reserveCapacity(size * size)
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }  // column 6 is the timing pattern
            let upward = (right + 1) & 2 == 0
            for step in 0..<size {
                let y = upward ? size - 1 - step : step
                for column in 0..<2 {
                    let index = y * size + right - column
                    if !isFunction[index] { order.append(index) }
                }
            }
            right -= 2
        }
        return order
    }
}
