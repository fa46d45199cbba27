/// Writes publications as RIS that Zotero, EndNote, Mendeley and `RISReader` all read back.
///
/// Lines end with CRLF, as the RIS specification asks: Zotero and EndNote accept LF too,
/// but older importers (Reference Manager, some library catalogues) split on CRLF only.
/// Every record carries "N1  - Cited by: N", because RIS has no citation tag and a note
/// is the one place every reader keeps.
enum RISWriter {
    static let lineEnd = "\r\n"

    /// Written as a last AU line when the author list was cut short. "et al." reads as
    /// intended in any reference manager's list, where BibTeX's "others" would look like a name.
    static let truncationMarker = "et al."

    /// A user-defined tag's value that marks an excluded paper with why: "U1  - Bottega excluded: name".
    static let exclusionPrefix = "Bottega excluded: "
    /// The same tag's values that give a merged record its number ("U1  - Bottega merge: 3") and
    /// each record it stands for the number of its merge ("U1  - Bottega merged into: 3").
    static let mergePrefix = "Bottega merge: "
    static let mergedIntoPrefix = "Bottega merged into: "

    static func write(_ publications: [Publication]) -> String {
        var output = ""
        output.reserveCapacity(publications.count * 400)
        for publication in publications {
            var lines: [(tag: String, value: String)] = [("TY", risType(of: publication))]
            for author in publication.authors {
                let name = RISNames.writing(oneLine(author))
                if !name.isEmpty { lines.append(("AU", name)) }
            }
            if publication.authorsTruncated { lines.append(("AU", truncationMarker)) }
            lines.append(("TI", publication.title))
            if let year = publication.year { lines.append(("PY", String(year))) }
            // T2 rather than JO: T2 is where Scopus, Zotero and EndNote write the journal,
            // proceedings or book of every type, while Zotero reads JO as an abbreviation.
            if let venue = publication.venue, !venue.isEmpty { lines.append(("T2", venue)) }
            if let details = publication.details {
                for (tag, value) in [("VL", details.volume), ("IS", details.issue)] {
                    if let value, !value.isEmpty { lines.append((tag, value)) }
                }
                if let range = details.pageRange {
                    lines.append(("SP", range.start))
                    if let end = range.end { lines.append(("EP", end)) }
                }
                if let issn = details.issn, !issn.isEmpty { lines.append(("SN", issn)) }
                if let abstract = details.abstract, !abstract.isEmpty { lines.append(("AB", abstract)) }
                for keyword in details.keywords where !keyword.isEmpty { lines.append(("KW", keyword)) }
                if let date = details.queryDate, !date.isEmpty { lines.append(("Y2", date)) }
            }
            if let publisher = publication.publisher, !publisher.isEmpty { lines.append(("PB", publisher)) }
            if let doi = publication.doi, !doi.isEmpty { lines.append(("DO", doi)) }
            if let url = publication.articleURL, !url.isEmpty { lines.append(("UR", url)) }
            lines.append(("N1", "Cited by: \(publication.citations)"))
            if publication.isExcluded { lines.append(("U1", exclusionPrefix + (publication.exclusionReason ?? "user"))) }
            if let mark = publication.details?.mergeMark {
                if let number = mark.number { lines.append(("U1", mergePrefix + String(number))) }
                if let merge = mark.memberOf { lines.append(("U1", mergedIntoPrefix + String(merge))) }
            }
            for line in lines {
                output += "\(line.tag)  - \(oneLine(line.value))\(lineEnd)"
            }
            output += "ER  - \(lineEnd)\(lineEnd)"
        }
        return output
    }

    /// Reference types of the RIS specification (2012), which `TY` must hold.
    static let knownTypes: Set<String> = [
        "ABST", "ADVS", "AGGR", "ANCIENT", "ART", "BILL", "BLOG", "BOOK", "CASE", "CHAP", "CHART", "CLSWK", "COMP",
        "CONF", "CPAPER", "CTLG", "DATA", "DBASE", "DICT", "EBOOK", "ECHAP", "EDBOOK", "EJOUR", "ELEC", "ENCYC",
        "EQUA", "FIGURE", "GEN", "GOVDOC", "GRANT", "HEAR", "ICOMM", "INPR", "JFULL", "JOUR", "LEGAL", "MANSCPT",
        "MAP", "MGZN", "MPCT", "MULTI", "MUSIC", "NEWS", "PAMP", "PAT", "PCOMM", "RPRT", "SER", "SLIDE", "SOUND",
        "STAND", "STAT", "THES", "UNBILL", "UNPB", "VIDEO",
    ]

    /// BibTeX and biblatex entry types, the inverse of `BibTeXWriter.risTypes`.
    static let bibTeXTypes: [String: String] = [
        "article": "JOUR", "book": "BOOK", "mvbook": "BOOK", "inbook": "CHAP", "incollection": "CHAP",
        "inproceedings": "CPAPER", "conference": "CPAPER", "proceedings": "CONF", "phdthesis": "THES",
        "mastersthesis": "THES", "thesis": "THES", "techreport": "RPRT", "report": "RPRT", "unpublished": "UNPB",
        "online": "ELEC", "patent": "PAT", "dataset": "DATA", "software": "COMP", "misc": "GEN",
    ]

    /// The type as given when it is an RIS type, the RIS counterpart of a BibTeX type, else
    /// GEN (generic), which every reader accepts. RIS types are upper case by definition, so
    /// "book" is taken as BibTeX's and Google Scholar's "CITATION" falls to GEN.
    static func risType(of publication: Publication) -> String {
        guard let given = publication.type?.trimmingWhitespace(), !given.isEmpty else { return "GEN" }
        if knownTypes.contains(given) { return given }
        return bibTeXTypes[given.lowercased()] ?? "GEN"
    }

    /// A value on one line: RIS has no escape for a line break, and a wrapped line would be
    /// read as a continuation at best, or as a tag line of its own at worst.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }.joined(separator: " ")
    }
}
