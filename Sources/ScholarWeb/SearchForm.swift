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
            throw Invalid(message: "source must be scholar, profile or openalex")
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
        case .openalex where text(author) == nil: throw Invalid(message: "an OpenAlex search needs the author's name")
        case .scholar where query.isEmpty: throw Invalid(message: "give an author, or words to search for")
        default: break
        }
        // The API may leave a switch out to mean its default (on); the form leaves it out for off.
        let filter = form == nil ? nameFilter.map(Self.isOn) ?? true : Self.isOn(nameFilter)
        if let chosen = text(openalexAuthor), !(chosen.first == "A" && chosen.dropFirst().allSatisfy(\.isNumber) && chosen.count > 1) {
            throw Invalid(message: "openalexAuthor must be an OpenAlex author id such as A5017898742, not \(chosen.prefix(40))")
        }
        return SearchParameters(
            source: source, query: query, profileID: text(profile), filterByAuthorName: filter,
            openAlexAuthorID: source == .openalex ? text(openalexAuthor) : nil)
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
