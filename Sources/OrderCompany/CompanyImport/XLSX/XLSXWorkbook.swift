import OrderKit
import Foundation
import Markup

/// Where a workbook's parts are, found as ECMA-376 prescribes rather than assumed: the package
/// relationships (`_rels/.rels`) name the workbook, the workbook's relationships name its
/// sheets, shared strings and styles (Part 2 §9.3; Part 1 §12.3). Relationship types are
/// matched by their last path segment, so strict OOXML (purl.oclc.org namespaces) reads too.
struct XLSXWorkbook {
    struct Sheet {
        var name: String
        var part: String
        var isHidden: Bool
    }

    var sheets: [Sheet]
    var sharedStringsPart: String?
    var stylesPart: String?

    init(_ package: XLSXPackage) throws(SpreadsheetError) {
        let workbookPart = try Self.workbookPart(package)
        let workbook = try package.requiredXML(workbookPart)
        let relationshipsPart = Self.relationshipsPart(of: workbookPart)
        let relationships = try Self.relationships(package.requiredXML(relationshipsPart), source: workbookPart)

        var sheets: [Sheet] = []
        let sheetNodes = workbook.root?.childElements("sheets").flatMap { $0.childElements("sheet") } ?? []
        for node in sheetNodes {
            // `r:id`: libxml2's attribute look-up ignores the namespace prefix.
            guard let id = node.attribute("id"), let target = relationships[id]?.target else {
                throw .damagedPart(relationshipsPart, reason: "the sheet “\(node.attribute("name") ?? "?")” has no relationship")
            }
            let state = node.attribute("state") ?? "visible"
            sheets.append(Sheet(name: node.attribute("name") ?? "", part: target, isHidden: state != "visible"))
        }
        guard !sheets.isEmpty else { throw .damagedPart(workbookPart, reason: "it lists no sheets") }
        self.sheets = sheets
        sharedStringsPart = relationships.values.first { $0.type.hasSuffix("/sharedStrings") }?.target
        stylesPart = relationships.values.first { $0.type.hasSuffix("/styles") }?.target
    }

    /// The sheet a user sees first: the first one not hidden (all hidden: the first).
    var firstSheet: Sheet {
        sheets.first { !$0.isHidden } ?? sheets[0]
    }

    private static func workbookPart(_ package: XLSXPackage) throws(SpreadsheetError) -> String {
        if let rels = try package.xml("_rels/.rels") {
            let targets = relationships(rels, source: "")
            if let office = targets.values.first(where: { $0.type.hasSuffix("/officeDocument") }) {
                return office.target
            }
        }
        // Without package relationships, the conventional name; a ZIP with neither is no workbook.
        if package.contains("xl/workbook.xml") { return "xl/workbook.xml" }
        let names = package.partNames
        if names.contains(where: { $0.lowercased() == "mimetype" || $0.lowercased() == "content.xml" }) {
            throw .notASpreadsheet(looksLike: "an OpenDocument file (LibreOffice .ods)")
        }
        if names.contains(where: { $0.lowercased().hasPrefix("word/") }) {
            throw .notASpreadsheet(looksLike: "a Word document")
        }
        if names.contains(where: { $0.lowercased() == "[content_types].xml" }) {
            throw .missingPart("xl/workbook.xml")
        }
        throw .notASpreadsheet(looksLike: "a ZIP archive")
    }

    /// "xl/workbook.xml" → "xl/_rels/workbook.xml.rels" (Part 2 §9.3.3).
    static func relationshipsPart(of part: String) -> String {
        let slash = part.lastIndex(of: "/")
        let folder = slash.map { String(part[...$0]) } ?? ""
        let name = slash.map { String(part[part.index(after: $0)...]) } ?? part
        return folder + "_rels/" + name + ".rels"
    }

    /// Relationship id → (type, target part name resolved against `source`'s folder).
    private static func relationships(_ document: MarkupDocument, source: String) -> [String: (type: String, target: String)] {
        var result: [String: (type: String, target: String)] = [:]
        for node in document.root?.childElements("Relationship") ?? [] {
            guard node.attribute("TargetMode") != "External", let id = node.attribute("Id"),
                  let target = node.attribute("Target") else { continue }
            result[id] = (node.attribute("Type") ?? "", resolve(target, against: source))
        }
        return result
    }

    /// A relationship target as a part name: "/xl/x.xml" is from the root, "worksheets/s.xml"
    /// and "../x.xml" from the source part's folder; percent-escapes decoded.
    static func resolve(_ target: String, against source: String) -> String {
        let decoded = target.removingPercentEncoding ?? target
        var segments: [Substring] = []
        if !decoded.hasPrefix("/"), let slash = source.lastIndex(of: "/") {
            segments = source[..<slash].split(separator: "/")
        }
        for segment in decoded.split(separator: "/") {
            switch segment {
            case ".": continue
            case "..": _ = segments.popLast()
            default: segments.append(segment)
            }
        }
        return segments.joined(separator: "/")
    }
}
