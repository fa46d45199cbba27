import ArgumentParser
import Foundation
import ScholarKit

/// `bottega scholar history`: the stored searches, saved and cached.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List the stored searches: saved ones, and cached ones with the time left before they are deleted."
    )
    @OptionGroup var workspace: WorkspaceOptions
    @Option(help: "text or json.") var format: OutputFormat = .text

    func run() throws {
        let searches = try workspace.open().history()
        switch format {
        case .json: try JSONOutput.print(searches)
        case .text:
            if searches.isEmpty { print("no stored searches: run `bottega scholar search` or `bottega scholar import FILE`") }
            for search in searches { print(Self.line(search)) }
        }
    }

    static func line(_ search: SearchSummary) -> String {
        let state: String
        if search.isSaved {
            state = "saved "
        } else {
            let left = max(0, (search.expiresAt ?? Date()).timeIntervalSinceNow)
            state = String(format: "cached, %.1f h left", left / 3_600)
        }
        return String(format: "#%-5lld ", search.id) + "[\(state)] \(search.label) (\(search.parameters.qualifiers)) — \(search.publicationCount) publications, \(search.ranAt.formatted(.iso8601))"
    }
}

/// `bottega scholar save ID`.
struct SaveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "save", abstract: "Keep a cached search beyond the cache age.")
    @OptionGroup var workspace: WorkspaceOptions
    @Argument(help: "The search's id.") var search: SearchID
    @Option(help: "text or json.") var format: OutputFormat = .text

    func run() throws {
        let store = try workspace.open()
        try WorkspaceFailure.report { try store.save(search.value) }
        switch format {
        case .json: try JSONOutput.print(["id": search.value])
        case .text: print("search #\(search.value) saved")
        }
    }
}

/// `bottega scholar delete ID`.
struct DeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a stored search and its edits.")
    @OptionGroup var workspace: WorkspaceOptions
    @Argument(help: "The search's id.") var search: SearchID
    @Option(help: "text or json.") var format: OutputFormat = .text

    func run() throws {
        let store = try workspace.open()
        try WorkspaceFailure.report { try store.delete(search.value) }
        switch format {
        case .json: try JSONOutput.print(["deleted": search.value])
        case .text: print("search #\(search.value) deleted")
        }
    }
}

/// Workspace refusals as the CLI shows them: the message on standard error, exit status 1.
enum WorkspaceFailure {
    static func report<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ScholarWorkspaceError {
            StandardError.write("error: \(error.localizedDescription)")
            throw ExitCode.failure
        }
    }
}
