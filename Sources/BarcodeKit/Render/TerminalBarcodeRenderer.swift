/// Barcodes for a terminal, two module rows per text line with Unicode half blocks.
///
/// Terminals are usually light text on a dark background, so by default the light modules
/// are printed (as blocks) and the dark ones left blank, which a phone scans as a normal code;
/// `lightBackground: true` prints dark modules instead.
public enum TerminalBarcodeRenderer {
    public static func render(_ matrix: BitMatrix, quietZone: Int = 2, lightBackground: Bool = false) -> String {
        let size = matrix.size + 2 * quietZone
        func dark(_ x: Int, _ y: Int) -> Bool {
            let mx = x - quietZone, my = y - quietZone
            guard mx >= 0, my >= 0, mx < matrix.size, my < matrix.size else { return false }
            return matrix[mx, my]
        }
        var lines: [String] = []
        for top in stride(from: 0, to: size, by: 2) {
            var line = ""
            for x in 0..<size {
                let upper = dark(x, top) != !lightBackground
                let lower = (top + 1 < size ? dark(x, top + 1) : false) != !lightBackground
                let block: String = switch (upper, lower) {
                case (true, true): "█"
                case (true, false): "▀"
                case (false, true): "▄"
                case (false, false): " "
                }
                line += block
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A linear symbol as `height` lines of full and blank blocks, the text underneath.
    public static func render(_ symbol: LinearSymbol, height: Int = 6, lightBackground: Bool = false) -> String {
        let row = (Array(repeating: false, count: symbol.quietZone.left) + symbol.modules + Array(repeating: false, count: symbol.quietZone.right))
            .map { $0 == lightBackground ? "█" : " " }.joined()
        return Array(repeating: row, count: height).joined(separator: "\n") + "\n" + symbol.text + "\n"
    }
}
