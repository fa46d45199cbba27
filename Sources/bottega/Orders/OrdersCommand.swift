import ArgumentParser
import Foundation
import OrderCompany
import OrderKit

/// `bottega orders …`: the sales agent's orders and the company's server.
struct OrdersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "orders",
        abstract: "A sales agent's orders and the company server that receives them.",
        subcommands: [OrdersBusinessCommand.self]
    )
}

/// `bottega orders business …`: set a company up from a shell.
struct OrdersBusinessCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "business",
        abstract: "The company's side: companies, their agents, and their master data.",
        subcommands: [OrdersCompanyCommand.self, OrdersAgentCommand.self, OrdersImportCommand.self]
    )
}
