import OrderKit
import Markup

/// What a cell's number format says about how to show its number, from `xl/styles.xml`
/// (ECMA-376 Part 1, §18.8.30 `numFmt`, §18.8.10 `cellXfs`; the built-in formats are listed in
/// §18.8.30: 9 "0%", 10 "0.00%", 14–22 and 45–47 dates and times).
enum XLSXNumberStyle: Equatable {
    case plain
    /// Shown ×100 with "%": a stored 0.1 reads "10%".
    case percent
    /// A date or time: left as the serial number, with a note.
    case date
    /// A whole number shown with at least `width` digits ("00000" keeps a postcode's zeros).
    case zeroPadded(width: Int)
}

/// The number style of every cell style index (`c@s`) in a workbook.
struct XLSXStyles {
    private var styles: [XLSXNumberStyle] = []

    static let none = XLSXStyles()

    func style(ofCellStyle index: Int) -> XLSXNumberStyle {
        styles.indices.contains(index) ? styles[index] : .plain
    }

    init() {}

    init(_ document: MarkupDocument) {
        guard let root = document.root else { return }
        var custom: [Int: String] = [:]
        for format in root.childElements("numFmts").flatMap({ $0.childElements("numFmt") }) {
            if let id = format.attribute("numFmtId").flatMap(Int.init), let code = format.attribute("formatCode") {
                custom[id] = code
            }
        }
        for xf in root.childElements("cellXfs").flatMap({ $0.childElements("xf") }) {
            let id = xf.attribute("numFmtId").flatMap(Int.init) ?? 0
            styles.append(custom[id].map(Self.style(ofFormatCode:)) ?? Self.builtIn(id))
        }
    }

    static func builtIn(_ id: Int) -> XLSXNumberStyle {
        switch id {
        case 9, 10: .percent
        case 14...22, 45...47: .date
        default: .plain
        }
    }

    /// Classifies a custom format code such as `0.00%`, `dd/mm/yyyy`, `00000` or
    /// `[$€-410] #,##0.00`. Only the first section (positive numbers) matters here; quoted
    /// text, `\`-escaped characters and `[...]` colours, conditions and locales are ignored.
    static func style(ofFormatCode code: String) -> XLSXNumberStyle {
        var significant = ""
        var inQuotes = false
        var inBrackets = false
        var escaped = false
        scan: for character in code {
            if escaped { escaped = false; continue }
            if inQuotes { inQuotes = character != "\""; continue }
            if inBrackets { inBrackets = character != "]"; continue }
            switch character {
            case "\"": inQuotes = true
            case "[": inBrackets = true
            case "\\", "_", "*": escaped = true
            case ";": break scan
            default: significant.append(character)
            }
        }
        let lowered = significant.lowercased()
        if lowered == "general" || lowered.isEmpty { return .plain }
        if lowered.contains("%") { return .percent }
        if lowered.contains(where: { "dmyhs".contains($0) }) { return .date }
        if lowered.allSatisfy({ $0 == "0" }) && lowered.count > 1 { return .zeroPadded(width: lowered.count) }
        return .plain
    }
}
