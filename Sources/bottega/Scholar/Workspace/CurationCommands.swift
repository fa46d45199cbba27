import ArgumentParser
import Foundation
import ScholarKit

/// The publications a curation command acts on: `#12` or `12`.
struct PublicationIDs: ParsableArguments {
    @Argument(help: "The search's id.") var search: SearchID
    @Argument(help: "Publication ids, as `show` lists them.") var publications: [SearchID] = []

    func validate() throws {
        if publications.isEmpty { throw ValidationError("Name at least one publication id (see `bottega scholar show \(search.value)`).") }
    }
    var ids: [Int64] { publications.map(\.value) }
}

/// `bottega scholar exclude ID PUB…`: tick publications out.
struct ExcludeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "exclude", abstract: "Tick publications out of a search: they leave every metric.")
    @OptionGroup var workspace: WorkspaceOptions
    @OptionGroup var target: PublicationIDs
    @OptionGroup var conventions: MetricsConventions
    @Option(help: "text or json.") var format: OutputFormat = .text

    func run() throws {
        try CurationOutput.apply(workspace: workspace, search: target.search.value, options: conventions.options, format: format) { store in
            try store.setExcluded(target.ids, excluded: true, in: target.search.value)
            return "excluded \(target.ids.map { "#\($0)" }.joined(separator: ", "))"
        }
    }
}

/// `bottega scholar include ID PUB…`: tick publications back in.
struct IncludeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "include", abstract: "Tick excluded publications back into a search.")
    @OptionGroup var workspace: WorkspaceOptions
    @OptionGroup var target: PublicationIDs
    @OptionGroup var conventions: MetricsConventions
    @Option(help: "text or json.") var format: OutputFormat = .text

    func run() throws {
        try CurationOutput.apply(workspace: workspace, search: target.search.value, options: conventions.options, format: format) { store in
            try store.setExcluded(target.ids, excluded: false, in: target.search.value)
            return "included \(target.ids.map { "#\($0)" }.joined(separator: ", "))"
        }
    }
}

/// `bottega scholar merge ID PUB…`: several records of one work become one.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge duplicate publications: the most cited is the master, citations are summed; `dissolve` undoes it."
    )
    @OptionGroup var workspace: WorkspaceOptions
    @OptionGroup var target: PublicationIDs
    @OptionGroup var conventions: MetricsConventions
    @Option(help: "text or json.") var format: OutputFormat = .text

    func run() throws {
        try CurationOutput.apply(workspace: workspace, search: target.search.value, options: conventions.options, format: format) { store in
            let merged = try store.merge(target.ids, in: target.search.value)
            return "merged into #\(merged)"
        }
    }
}

/// `bottega scholar dissolve ID PUB [--member M]`.
struct DissolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dissolve",
        abstract: "Dissolve a merge, restoring its publications exactly; with --member, take out one member only."
    )
    @OptionGroup var workspace: WorkspaceOptions
    @Argument(help: "The search's id.") var search: SearchID
    @Argument(help: "The merged publication's id.") var merge: SearchID
    @Option(help: "Take only this member out of the merge.") var member: SearchID?
    @OptionGroup var conventions: MetricsConventions
    @Option(help: "text or json.") var format: OutputFormat = .text

    func run() throws {
        try CurationOutput.apply(workspace: workspace, search: search.value, options: conventions.options, format: format) { store in
            try store.dissolve(merge.value, member: member?.value, in: search.value)
            return member.map { "took #\($0.value) out of #\(merge.value)" } ?? "dissolved #\(merge.value)"
        }
    }
}

/// After a curation step: what was done, and the metrics as they now stand.
enum CurationOutput {
    static func apply(
        workspace: WorkspaceOptions, search: Int64, options: MetricsOptions, format: OutputFormat,
        _ change: (ScholarWorkspace) throws -> String
    ) throws {
        let store = try workspace.open()
        let done = try WorkspaceFailure.report { try change(store) }
        let stored = try WorkspaceFailure.report { try store.open(search, options: options) }
        switch format {
        case .json:
            try JSONOutput.print(ShowCommand.Document(stored, order: .citations))
        case .text:
            let metrics = stored.report.metrics
            print("\(done); search #\(search) now: \(metrics.papers) papers, \(metrics.citations) citations, h \(metrics.h), g \(metrics.g)")
        }
    }
}
