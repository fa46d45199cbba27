import ArgumentParser
import Foundation
import ScholarKit

/// `bottega scholar duplicates ID [--accept N] [--reject N]`.
struct DuplicatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "duplicates",
        abstract: "Suggest groups of publications that are one work listed twice; accept (merge) or reject each by its number.",
        discussion: "Suggestions: the same DOI, the same title once accents, punctuation and case are set aside, or a title at least --threshold alike, with years at most one apart and an author surname in common."
    )
    @OptionGroup var workspace: WorkspaceOptions
    @OptionGroup var conventions: MetricsConventions
    @Argument(help: "The search's id.") var search: SearchID
    @Option(help: "Merge the suggestion with this number (as listed).") var accept: [Int] = []
    @Option(help: "Never suggest the group with this number again.") var reject: [Int] = []
    @Option(help: "How alike two titles must be (0–1) to be suggested.") var threshold = 0.90
    @Option(help: "text or json.") var format: OutputFormat = .text

    func validate() throws {
        if !(threshold > 0 && threshold <= 1) { throw ValidationError("--threshold \(threshold) is not between 0 and 1: use a value such as 0.9.") }
        if !Set(accept).isDisjoint(with: reject) { throw ValidationError("A suggestion cannot be both accepted and rejected.") }
    }

    func run() throws {
        let store = try workspace.open()
        let finder = DuplicateFinder(titleThreshold: threshold)
        let suggestions = try WorkspaceFailure.report { try store.duplicateSuggestions(in: search.value, finder: finder, options: conventions.options) }
        for number in accept + reject where !suggestions.indices.contains(number - 1) {
            throw CommandFailure("there is no suggestion \(number): search #\(search.value) has \(suggestions.count) (run `bottega scholar duplicates \(search.value)` to list them).")
        }
        for number in accept {
            let merged = try WorkspaceFailure.report { try store.merge(suggestions[number - 1].publicationIDs, in: search.value) }
            if format == .text { print("suggestion \(number) merged into #\(merged)") }
        }
        for number in reject {
            try WorkspaceFailure.report { try store.rejectDuplicates(suggestions[number - 1].publicationIDs, in: search.value) }
            if format == .text { print("suggestion \(number) rejected") }
        }
        let remaining = accept.isEmpty && reject.isEmpty ? suggestions
            : try WorkspaceFailure.report { try store.duplicateSuggestions(in: search.value, finder: finder, options: conventions.options) }
        switch format {
        case .json: try JSONOutput.print(["suggestions": remaining])
        case .text:
            if remaining.isEmpty { print("no duplicate suggestions for search #\(search.value)") }
            for (index, suggestion) in remaining.enumerated() {
                print("\(index + 1). \(suggestion.reason.rawValue), similarity \(String(format: "%.2f", suggestion.similarity)):")
                for (id, title) in zip(suggestion.publicationIDs, suggestion.titles) { print("     #\(id) \(title)") }
            }
        }
    }
}
