import ArgumentParser
import Foundation
import OrderKit

/// `bottega orders …`: the sales agent's orders and the company's server.
struct OrdersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "orders",
        abstract: "A sales agent's orders and the company server that receives them.",
        subcommands: [OrdersBusinessCommand.self]
    )
}

/// `bottega orders business …`: set a company up from a shell.
struct OrdersBusinessCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "business",
        abstract: "The company's side: companies, their agents, and their master data.",
        subcommands: [OrdersCompanyCommand.self, OrdersAgentCommand.self, OrdersImportCommand.self]
    )
}

extension WorkspaceOptions {
    /// The company tables of the database.
    func openCompany() throws -> CompanyStore {
        do {
            return try CompanyStore.open(path: path)
        } catch {
            throw CommandFailure("cannot open the company tables in \(path): \(error.localizedDescription)")
        }
    }
}
