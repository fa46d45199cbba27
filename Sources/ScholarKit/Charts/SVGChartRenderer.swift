import Raster
import XMLText

/// Writes a ``ChartDrawing`` as a standalone SVG document that also works inlined in HTML.
///
/// The SVG scales to its container (`viewBox`, `width="100%"`, no fixed height), announces
/// itself as one image with the chart's title and summary (`role="img"`, `aria-label`,
/// `<title>`, `<desc>`), and names each shape's role in `class` so a stylesheet can restyle it.
public enum SVGChartRenderer {
    public static func render(_ drawing: ChartDrawing, palette: ChartPalette = .standard) -> String {
        let label = drawing.summary.isEmpty ? drawing.title : "\(drawing.title). \(drawing.summary)"
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(number(drawing.width)) \(number(drawing.height))\""
        svg += " width=\"100%\" preserveAspectRatio=\"xMidYMid meet\" role=\"img\" aria-label=\"\(XMLText.escaped(label))\""
        svg += " font-family=\"system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif\">\n"
        svg += "<title>\(XMLText.escaped(drawing.title))</title>\n"
        svg += "<desc>\(XMLText.escaped(drawing.summary))</desc>\n"
        for element in drawing.elements {
            svg += self.element(element, palette: palette) + "\n"
        }
        svg += "</svg>\n"
        return svg
    }

    private static func element(_ element: ChartElement, palette: ChartPalette) -> String {
        switch element {
        case .rectangle(let rectangle):
            let color = palette.color(for: rectangle.role)
            let attributes = "class=\"\(rectangle.role.rawValue)\" x=\"\(number(rectangle.x))\" y=\"\(number(rectangle.y))\""
                + " width=\"\(number(max(0, rectangle.width)))\" height=\"\(number(max(0, rectangle.height)))\" fill=\"\(color.hexString)\"\(opacity(color, "fill-opacity"))"
            guard let label = rectangle.label else { return "<rect \(attributes)/>" }
            return "<rect \(attributes)><title>\(XMLText.escaped(label))</title></rect>"
        case .line(let line):
            let color = palette.color(for: line.role)
            return "<line class=\"\(line.role.rawValue)\" x1=\"\(number(line.x1))\" y1=\"\(number(line.y1))\" x2=\"\(number(line.x2))\" y2=\"\(number(line.y2))\""
                + " stroke=\"\(color.hexString)\"\(opacity(color, "stroke-opacity")) stroke-width=\"\(number(line.width))\"/>"
        case .text(let text):
            let color = palette.color(for: text.role)
            var attributes = "class=\"\(text.role.rawValue)\" x=\"\(number(text.x))\" y=\"\(number(text.y))\""
            if text.anchor != .start { attributes += " text-anchor=\"\(text.anchor.rawValue)\"" }
            attributes += " font-size=\"\(number(text.fontSize))\""
            if text.bold { attributes += " font-weight=\"bold\"" }
            attributes += " fill=\"\(color.hexString)\"\(opacity(color, "fill-opacity"))"
            return "<text \(attributes)>\(XMLText.escaped(text.text))</text>"
        }
    }

    private static func opacity(_ color: RGBAColor, _ attribute: String) -> String {
        color.alpha == 255 ? "" : " \(attribute)=\"\(number(Double(color.alpha) / 255))\""
    }

    /// Coordinates to 2 decimals, without a trailing `.0`: hundredths of a unit are below a
    /// pixel at any size the chart is shown, and shorter numbers keep the SVG small.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 100).rounded() / 100
        if rounded == 0 { return "0" }
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        return String(rounded)
    }

}
