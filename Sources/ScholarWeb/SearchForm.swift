import Foundation
import ScholarKit
import WebCore

/// The search form (screen 1) as posted, or the same fields as JSON (`POST /api/scholar/searches`).
/// Every field is text, as forms send it; `parameters()` checks them and says what is wrong.
struct SearchForm: Codable, Sendable {
    var author: String?
    var source: String?
    var profile: String?
    var words: String?
    var exact: String?
    var any: String?
    var without: String?
    var occur: String?
    var publication: String?
    var from: String?
    var to: String?
    var max: String?
    /// Checkboxes: present ("on") when ticked. The JSON API may send true/false as text.
    var nameFilter: String?
    var remember: String?
    /// Complete from OpenAlex the author lists Scholar cut before the name (off unless asked).
    var fetchAuthors: String?
    /// For OpenAlex: the author record chosen among the name's matches (A…).
    var openalexAuthor: String?
    /// For OpenAlex, Semantic Scholar and dblp: the author record chosen among the name's matches.
    var authorRecord: String?
    /// Set by the HTML form, where a checkbox left unticked is simply absent.
    var form: String?

    struct Invalid: Error {
        let message: String
    }

    var fetchesAuthors: Bool { Self.isOn(fetchAuthors) }

    var remembers: Bool { form == nil ? remember.map(Self.isOn) ?? true : Self.isOn(remember) }

    func parameters() throws(Invalid) -> SearchParameters {
        let source = SearchParameters.Source(rawValue: text(self.source) ?? "scholar")
        guard let source, source != .file else {
            throw Invalid(message: "source must be scholar, profile, openalex, crossref, semantic-scholar, pubmed, orcid or dblp")
        }
        let fromYear = try year(from, "from"), toYear = try year(to, "to")
        if let fromYear, let toYear, fromYear > toYear { throw Invalid(message: "the first year \(fromYear) is after the last year \(toYear)") }
        var maxResults = GoogleScholarQuery.googleResultCap
        if let max = text(max) {
            guard let value = Int(max), value >= 1 else { throw Invalid(message: "max must be a whole number of at least 1, not \(max)") }
            maxResults = value
        }
        let occurs = GoogleScholarQuery.WordsOccur(rawValue: text(occur) ?? "any") ?? .any
        let query = GoogleScholarQuery(
            author: text(author), allWords: text(words), exactPhrase: text(exact), anyWords: text(any), withoutWords: text(without),
            wordsOccur: occurs, publication: text(publication), fromYear: fromYear, toYear: toYear, maxResults: maxResults
        )
        switch source {
        case .profile where text(profile) == nil: throw Invalid(message: "a Scholar profile search needs the profile's id (the user= part of its address)")
        case .openalex, .crossref, .semanticScholar, .pubmed:
            if text(author) == nil { throw Invalid(message: "a\(source == .openalex ? "n" : "") \(SearchParameters(source: source).sourceName) search needs the author's name") }
        case .orcid:
            // The check digit is ORCID's to judge in the search, which then says what is wrong.
            guard let profile = text(profile), Self.hasORCIDShape(profile) else {
                throw Invalid(message: "an ORCID search needs the researcher's ORCID iD in the profile field (four groups of four digits, the last a check digit: 0000-0002-1825-0097)")
            }
        case .dblp where text(author) == nil && text(profile) == nil:
            throw Invalid(message: "a dblp search needs the author's name, or the person's dblp pid in the profile field")
        case .scholar where query.isEmpty: throw Invalid(message: "give an author, or words to search for")
        default: break
        }
        // The API may leave a switch out to mean its default (on); the form leaves it out for off.
        let filter = form == nil ? nameFilter.map(Self.isOn) ?? true : Self.isOn(nameFilter)
        if let chosen = text(openalexAuthor), !(chosen.first == "A" && chosen.dropFirst().allSatisfy(\.isNumber) && chosen.count > 1) {
            throw Invalid(message: "openalexAuthor must be an OpenAlex author id such as A5017898742, not \(chosen.prefix(40))")
        }
        // Which record a service knows is its to say: the search then fails naming it.
        let chosen = text(authorRecord) ?? text(openalexAuthor)
        if let raw = authorRecord, raw.unicodeScalars.count > 100 {
            throw Invalid(message: "the author record is \(raw.unicodeScalars.count) characters long; a record id has at most 100")
        }
        if let chosen, chosen.count > 100 || chosen.contains(where: { !($0.isASCII && ($0.isLetter || $0.isNumber || "/-_".contains($0))) }) {
            throw Invalid(message: "the author record must be a record id (letters, digits, / - _), such as A5017898742, 1741101 or l/MichaelLey, not \(chosen.prefix(40))")
        }
        let profileID = source == .orcid ? text(profile)?.uppercased() : text(profile)
        return SearchParameters(
            source: source, query: query, profileID: profileID, filterByAuthorName: filter,
            authorID: [.openalex, .semanticScholar, .dblp].contains(source) ? chosen : nil)
    }

    /// `0000-0002-1825-0097`: four groups of four digits, the last character a digit or X.
    static func hasORCIDShape(_ text: String) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        guard groups.count == 4, groups.allSatisfy({ $0.count == 4 }) else { return false }
        let characters = Array(groups.joined())
        return characters.dropLast().allSatisfy { $0.isASCII && $0.isNumber } && (characters.last.map { ($0.isASCII && $0.isNumber) || $0 == "X" || $0 == "x" } ?? false)
    }


    private func text(_ value: String?) -> String? {
        guard let trimmed = value?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return trimmed
    }

    private func year(_ value: String?, _ name: String) throws(Invalid) -> Int? {
        guard let value = text(value) else { return nil }
        guard let year = Int(value), (1000...9999).contains(year) else { throw Invalid(message: "\(name) must be a four-digit year, not \(value)") }
        return year
    }

    private static func isOn(_ value: String?) -> Bool {
        guard let value = value?.lowercased() else { return false }
        return ["on", "true", "1", "yes"].contains(value)
    }
}
