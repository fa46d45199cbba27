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
    /// `timingColumn` is skipped as a whole (column 6 in QR Code; Micro QR's timing column 0
    /// lies outside the column pairs anyway).
    static func dataModuleOrder(isFunction: [Bool], size: Int, timingColumn: Int? = 6) -> [Int] {
        var order: [Int] = []
        order.reserveCapacity(size * size)
        var right = size - 1
        var upward = true
        while right >= 1 {
            if right == timingColumn { right -= 1 }
            for step in 0..<size {
                let y = upward ? size - 1 - step : step
                for column in 0..<2 {
                    let index = y * size + right - column
                    if !isFunction[index] { order.append(index) }
                }
            }
            upward.toggle()
            right -= 2
        }
        return order
    }
}
