import Foundation

/// Writes publications as BibTeX that BibTeX, biber and `BibTeXReader` all read back.
///
/// Text stays UTF-8 (biber and BibTeX 0.99d+ read it); only characters BibTeX would misread
/// are escaped. Every entry carries `citations = {N}` so counts survive a round trip.
enum BibTeXWriter {
    /// Marks an excluded paper with why ("user", "name", …); BibTeX and biber ignore a field they do not know.
    static let exclusionField = "bottega-excluded"
    /// A merged record's number, and each record it stands for the number of its merge (`MergeMark`).
    static let mergeField = "bottega-merge"
    static let mergedIntoField = "bottega-merged-into"

    static func write(_ publications: [Publication]) -> String {
        var output = ""
        output.reserveCapacity(publications.count * 300)
        var keys = CitationKeys()
        for publication in publications {
            let type = entryType(of: publication)
            output += "@\(type){\(keys.unique(for: publication)),\n"
            var fields: [(String, String)] = [("title", LaTeXText.escape(publication.title))]
            if let author = authorField(publication) { fields.append(("author", author)) }
            if let year = publication.year { fields.append(("year", String(year))) }
            if let venue = publication.venue, !venue.isEmpty { fields.append((venueField(for: type), LaTeXText.escape(venue))) }
            if let publisher = publication.publisher, !publisher.isEmpty { fields.append(("publisher", LaTeXText.escape(publisher))) }
            if let details = publication.details {
                let texts = [
                    ("volume", details.volume), ("number", details.issue), ("pages", details.pages), ("issn", details.issn),
                    ("abstract", details.abstract), ("keywords", keywordsField(details.keywords)),
                    ("urldate", details.queryDate),
                ]
                for (name, value) in texts { if let value, !value.isEmpty { fields.append((name, LaTeXText.escape(value))) } }
            }
            if let doi = publication.doi, !doi.isEmpty { fields.append(("doi", verbatim(doi))) }
            if let url = publication.articleURL, !url.isEmpty { fields.append(("url", verbatim(url))) }
            fields.append(("citations", String(publication.citations)))
            if publication.isExcluded { fields.append((exclusionField, LaTeXText.escape(publication.exclusionReason ?? "user"))) }
            if let mark = publication.details?.mergeMark {
                if let number = mark.number { fields.append((mergeField, String(number))) }
                if let merge = mark.memberOf { fields.append((mergedIntoField, String(merge))) }
            }
            output += fields.map { "  \($0.0) = {\($0.1)}" }.joined(separator: ",\n")
            output += "\n}\n\n"
        }
        return output
    }

    /// Keywords parted by semicolons; a lone keyword with a comma gets a closing one, or it
    /// would be read back as two (`BibTeXReader.keywords`).
    static func keywordsField(_ keywords: [String]) -> String? {
        guard !keywords.isEmpty else { return nil }
        let joined = keywords.joined(separator: "; ")
        return keywords.count == 1 && joined.contains(",") ? joined + ";" : joined
    }

    /// Entry types of BibTeX's standard styles and of biblatex.
    static let knownTypes: Set<String> = [
        "article", "book", "booklet", "conference", "inbook", "incollection", "inproceedings", "manual",
        "mastersthesis", "misc", "phdthesis", "proceedings", "techreport", "unpublished",
        "online", "report", "thesis", "collection", "dataset", "software", "patent", "periodical", "mvbook",
    ]

    /// RIS types (Scopus, Zotero, EndNote) for which BibTeX has a counterpart.
    static let risTypes: [String: String] = [
        "jour": "article", "book": "book", "chap": "incollection", "conf": "inproceedings", "cpaper": "inproceedings",
        "thes": "phdthesis", "rprt": "techreport", "unpb": "unpublished", "elec": "online", "gen": "misc",
    ]

    static func entryType(of publication: Publication) -> String {
        let given = publication.type?.lowercased() ?? ""
        if knownTypes.contains(given) { return given }
        if let mapped = risTypes[given] { return mapped }
        return publication.venue?.isEmpty == false ? "article" : "misc"
    }

    /// Where a style looks for the venue: the proceedings or book a part appears in, a
    /// book's series, otherwise the journal.
    private static func venueField(for type: String) -> String {
        switch type {
        case "inproceedings", "incollection", "conference", "inbook": "booktitle"
        case "book", "proceedings", "collection", "mvbook": "series"
        default: "journal"
        }
    }

    /// Names as given, joined by "and". A name that BibTeX would take apart (one containing
    /// "and" or a comma, or the word "others") is braced so it reads back whole. A blank name
    /// is left out: it would write an empty name ("A and  and B"), which BibTeX rejects.
    private static func authorField(_ publication: Publication) -> String? {
        let given = publication.authors.filter { !$0.allSatisfy(\.isWhitespace) }
        var names = given.map { name -> String in
            let escaped = LaTeXText.escape(name)
            let lowered = name.lowercased()
            let needsBraces = name.contains(",") || lowered == "others"
                || lowered.split(whereSeparator: \.isWhitespace).contains("and")
            return needsBraces ? "{\(escaped)}" : escaped
        }
        if publication.authorsTruncated { names.append("others") }
        return names.isEmpty ? nil : names.joined(separator: " and ")
    }

    /// URLs and DOIs are verbatim in biblatex, so they are not escaped; only characters that
    /// would end the value or be dropped as grouping are percent-encoded.
    private static func verbatim(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "{": output += "%7B"
            case "}": output += "%7D"
            case " ": output += "%20"
            case "\\": output += "%5C"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
