import Foundation
import Markup

/// dblp's XML: a person's page (`dblp.org/pid/….xml`, root `<dblpperson>`, each record in an
/// `<r>`) or records of the `dblp.xml` dump (root `<dblp>`), as dblp.dtd defines them. Each
/// record is one publication; dblp counts no citations, so each counts 0 and the import says so.
enum DBLPXMLReader {
    /// The record elements of dblp.dtd that are publications (`www` is a person's homepage record).
    static let recordNames: Set<String> = ["article", "inproceedings", "proceedings", "book", "incollection", "phdthesis", "mastersthesis", "data"]

    /// Whether the text's first 4 KB open a dblp document.
    static func recognises(_ head: some StringProtocol) -> Bool {
        head.contains("<dblpperson") || head.contains("<dblp>") || head.contains("<dblp ") || head.contains("dblp.dtd")
    }

    static func read(_ source: SourceText, options: ImportOptions) throws -> ImportResult {
        // The dump declares its entities (&ouml;) in dblp.dtd, which the parser never fetches.
        let text = MarkupText.resolvingHTMLEntities(String(decoding: source.bytes, as: UTF8.self))
        let document: MarkupDocument
        do {
            document = try MarkupDocument.xml(Self.declaringUTF8(text))
        } catch {
            throw ImportProblem(file: source.file, line: nil, message: "not well-formed XML: \(error)")
        }
        guard let root = document.root, ["dblpperson", "dblp"].contains(root.name) else {
            throw ImportProblem(file: source.file, line: nil, message: "an XML file that is not dblp's: its root element is <\(document.root?.name ?? "none")>, not <dblpperson> or <dblp>")
        }
        let containers = root.name == "dblpperson" ? root.children.filter { $0.name == "r" }.flatMap(\.children) : root.children
        let records = containers.filter { $0.isElement && recordNames.contains($0.name) }
        var collector = ImportCollector(file: source.file, options: options)
        for (index, record) in records.enumerated() {
            let line = record.line > 0 ? record.line : nil
            if let publication = publication(of: record) {
                collector.add(publication, line: line)
            } else {
                try collector.reject(line: line, "record \(index + 1) (\(record.attribute("key") ?? record.name)) has no title")
            }
        }
        var result = collector.result
        let who = root.name == "dblpperson" ? "dblp's list of \(root.attribute("name") ?? "a person") (\(root.attribute("pid") ?? "no pid"))" : "dblp records"
        result.notices = ["\(who): \(records.count) publications", ScholarService.dblp.citationNotice ?? ""]
        return result
    }

    /// The text is UTF-8 by now (`SourceText` decoded it), whatever its declaration said.
    static func declaringUTF8(_ text: String) -> String {
        guard text.hasPrefix("<?xml"), let end = text.range(of: "?>") else { return text }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>" + text[end.upperBound...]
    }

    static func publication(of record: MarkupNode) -> Publication? {
        func values(_ name: String) -> [String] {
            record.children.filter { $0.name == name }.map(\.normalizedText).filter { !$0.isEmpty }
        }
        guard var title = values("title").first else { return nil }
        // dblp ends every title with a full stop ("DBLP - Some Lessons Learned.").
        if title.hasSuffix("."), !title.hasSuffix("..") { title.removeLast() }
        let people = values("author").isEmpty ? values("editor") : values("author")
        let links = values("ee")
        let doi = links.lazy.compactMap(Self.doi(in:)).first
        let venue = values("journal").first ?? values("booktitle").first ?? values("school").first ?? values("series").first
        return Publication(
            title: title, authors: people.map(Self.withoutHomonymNumber), year: values("year").first.flatMap { Int($0) }, citations: 0,
            venue: venue, publisher: values("publisher").first, articleURL: links.first ?? values("url").first.map { "https://dblp.org/" + $0 },
            doi: doi, type: record.name,
            details: PublicationDetails(volume: values("volume").first, issue: values("number").first, pages: values("pages").first).orNilWhenEmpty)
    }

    /// dblp tells namesakes apart by a number after the name ("Wei Wang 0001"); it is not part of the name.
    static func withoutHomonymNumber(_ name: String) -> String {
        let parts = name.split(separator: " ")
        guard parts.count > 1, let last = parts.last, last.count == 4, last.allSatisfy(\.isNumber) else { return name }
        return parts.dropLast().joined(separator: " ")
    }

    static func doi(in link: String) -> String? {
        for prefix in ["https://doi.org/", "http://doi.org/", "https://dx.doi.org/", "http://dx.doi.org/"] where link.lowercased().hasPrefix(prefix) {
            return FieldText.bareDOI(String(link.dropFirst(prefix.count)))
        }
        return nil
    }
}
