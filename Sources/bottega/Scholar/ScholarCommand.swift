import ArgumentParser

/// `bottega scholar …`: a researcher's impact from publication lists.
struct ScholarCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scholar",
        abstract: "Compute a researcher's impact metrics, convert publication lists and read saved Google Scholar pages.",
        subcommands: [MetricsCommand.self, ExportCommand.self, ParseCommand.self, SearchCommand.self]
    )
}
