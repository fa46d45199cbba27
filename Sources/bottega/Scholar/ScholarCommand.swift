import ArgumentParser

/// `bottega scholar …`: a researcher's impact from publication lists.
struct ScholarCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scholar",
        abstract: "Compute a researcher's impact metrics and convert publication lists.",
        subcommands: [MetricsCommand.self, ExportCommand.self]
    )
}
