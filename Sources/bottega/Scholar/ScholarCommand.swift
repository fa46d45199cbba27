import ArgumentParser

/// `bottega scholar …`: a researcher's impact from publication lists.
struct ScholarCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scholar",
        abstract: "A researcher's impact: search sources, curate and compare stored searches, compute metrics, convert publication lists.",
        subcommands: [
            MetricsCommand.self, ExportCommand.self, ParseCommand.self, SearchCommand.self,
            HistoryCommand.self, ShowCommand.self, SaveCommand.self, DeleteCommand.self, ImportCommand.self,
            ExcludeCommand.self, IncludeCommand.self, MergeCommand.self, DissolveCommand.self, DuplicatesCommand.self,
            CompareCommand.self, HomepageFilterCommand.self, ReconcileCommand.self, GraphCommand.self,
        ]
    )
}
