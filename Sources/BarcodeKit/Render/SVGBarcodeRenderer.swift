import Foundation
import XMLText

/// Barcodes as SVG: one user unit per module, so the drawing scales without blurring.
public enum SVGBarcodeRenderer {
    /// A linear symbol with its quiet zones and, for EAN/UPC, the digits under the bars in
    /// GS1's layout (guard bars drawn longer).
    public static func svg(_ symbol: LinearSymbol) -> String {
        let left = symbol.quietZone.left, width = left + symbol.modules.count + symbol.quietZone.right
        let barHeight = BarcodeLayout.barHeight(of: symbol)
        let height = barHeight + BarcodeLayout.textBand
        var body = ""
        for bar in BarcodeLayout.bars(of: symbol.modules) {
            let isGuard = symbol.guardRanges.contains { $0.contains(bar.start) }
            let barLength = isGuard ? barHeight + BarcodeLayout.guardExtension : barHeight
            body += "<rect x=\"\(left + bar.start)\" y=\"0\" width=\"\(bar.width)\" height=\"\(format(barLength))\"/>"
        }
        let characters = symbol.humanReadable.isEmpty
            ? centredText(symbol.text, width: Double(symbol.modules.count))
            : symbol.humanReadable
        for (character, centre) in characters {
            body += "<text x=\"\(format(Double(left) + centre))\" y=\"\(format(barHeight + 8))\" text-anchor=\"middle\" font-size=\"9\" font-family=\"monospace\">\(XMLText.escaped(String(character)))</text>"
        }
        return svgDocument(width: Double(width), height: height, title: "\(symbol.format.rawValue) \(symbol.text)", body: body)
    }

    /// A QR Code with a quiet zone of `quietZone` modules (the standard asks for 4).
    public static func svg(_ matrix: BitMatrix, quietZone: Int = 4, title: String = "QR Code") -> String {
        var path = ""
        for y in 0..<matrix.size {
            var x = 0
            while x < matrix.size {
                guard matrix[x, y] else { x += 1; continue }
                let start = x
                while x < matrix.size, matrix[x, y] { x += 1 }
                path += "M\(start + quietZone) \(y + quietZone)h\(x - start)v1h-\(x - start)z"
            }
        }
        let size = Double(matrix.size + 2 * quietZone)
        return svgDocument(width: size, height: size, title: title, body: "<path d=\"\(path)\"/>")
    }

    private static func svgDocument(width: Double, height: Double, title: String, body: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(format(width)) \(format(height))\" width=\"\(format(width * 3))\" height=\"\(format(height * 3))\" role=\"img\" aria-label=\"\(XMLText.escaped(title))\" shape-rendering=\"crispEdges\">"
            + "<title>\(XMLText.escaped(title))</title><rect width=\"100%\" height=\"100%\" fill=\"#fff\"/><g fill=\"#000\">\(body)</g></svg>\n"
    }

    static func centredText(_ text: String, width: Double) -> [(character: Character, centre: Double)] {
        let step = 7.0
        let start = width / 2 - step * Double(text.count - 1) / 2
        return text.enumerated().map { ($1, start + step * Double($0)) }
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
    }

}
