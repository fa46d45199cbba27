import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Markup
@testable import ScholarKit

/// Helpers for reading charts back the way a browser or a screen reader would.
enum ChartSVG {
    /// Anne Kietzig's Scholar profile histogram, 2009–2019, as saved in 2019
    /// (fixtures/scholar/SOURCES.md, gs-profile-2019-anne-kietzig-8daWuo4AAAAJ.html).
    static let kietzig: [Int: Int] = [
        2009: 6, 2010: 25, 2011: 44, 2012: 54, 2013: 56, 2014: 99,
        2015: 128, 2016: 243, 2017: 248, 2018: 348, 2019: 83,
    ]

    /// Whether Foundation's XMLParser accepts the text. Markup runs libxml2 in recovery mode,
    /// which would quietly repair an unescaped `&` or `<`; XMLParser stops at them.
    static func isWellFormed(_ svg: String) -> Bool {
        XMLParser(data: Data(svg.utf8)).parse()
    }

    static func document(_ drawing: ChartDrawing) throws -> MarkupDocument {
        try MarkupDocument.xml(SVGChartRenderer.render(drawing))
    }

    /// SVG elements are in the SVG namespace, which plain XPath names do not match.
    static func elements(_ name: String, class role: ChartRole? = nil, in document: MarkupDocument) throws -> [MarkupNode] {
        let test = role.map { " and @class='\($0.rawValue)'" } ?? ""
        return try document.select("//*[local-name()='\(name)'\(test)]")
    }
}

extension ChartDrawing {
    /// The text of every text element of a role, in painting order.
    func strings(_ role: ChartRole) -> [String] {
        texts(role).map(\.text)
    }
}
