import ArgumentParser
import Foundation
import OrderCompany
import OrderKit

/// `bottega orders business company add CODE NAME`.
struct OrdersCompanyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "company",
        abstract: "Companies whose agents send orders.",
        subcommands: [Add.self, List.self]
    )

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a company (its code is what agents type to sync).")
        @OptionGroup var workspace: WorkspaceOptions
        @OptionGroup var companyDatabase: CompanyDatabaseOptions
        @Argument(help: "The company's code: 2–20 letters, digits or “-”.") var code: String
        @Argument(help: "The company's name.") var name: String

        func run() async throws {
            do {
                let company = try await companyDatabase.withCompany(sqlitePath: workspace.path) { [code, name] store, _ in
                    try await store.addCompany(code: code, name: name)
                }
                print("added company \(company.code) (\(company.name))")
            } catch let error as CompanyError {
                throw CommandFailure(error.localizedDescription)
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the companies.")
        @OptionGroup var workspace: WorkspaceOptions
        @OptionGroup var companyDatabase: CompanyDatabaseOptions

        func run() async throws {
            let companies = try await companyDatabase.withCompany(sqlitePath: workspace.path) { store, _ in try await store.companies() }
            for company in companies { print("\(company.code)\t\(company.name)") }
        }
    }
}

/// `bottega orders business agent add COMPANY USERNAME --password-stdin`.
struct OrdersAgentCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "agent",
        abstract: "A company's sales agents and their subscriptions.",
        subcommands: [Add.self, End.self, Renew.self, Password.self]
    )

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add an agent; the password is read from standard input and stored only as a slow salted hash.",
            discussion: "Example: printf '%s' \"$PASSWORD\" | bottega orders business agent add ACME mario.rossi --password-stdin"
        )
        @OptionGroup var workspace: WorkspaceOptions
        @OptionGroup var companyDatabase: CompanyDatabaseOptions
        @Argument(help: "The company's code.") var company: String
        @Argument(help: "The agent's username: 3–32 letters, digits, “.”, “-” or “_”.") var username: String
        @Flag(help: "Read the password from standard input (so it never appears in the shell's history or `ps`).") var passwordStdin = false

        func validate() throws {
            guard passwordStdin else { throw ValidationError("give the password on standard input with --password-stdin") }
        }

        func run() async throws {
            let password = readPasswordFromStandardInput()
            do {
                try await companyDatabase.withCompany(sqlitePath: workspace.path) { [company, username] store, _ in
                    try await store.addAgent(company: company, username: username, password: password)
                }
                print("added agent \(username) to \(company)")
            } catch let error as CompanyError {
                throw CommandFailure(error.localizedDescription)
            }
        }
    }

    struct End: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "end", abstract: "End an agent's subscription: their next sync answers `deleted` and removes the company's data."
        )
        @OptionGroup var workspace: WorkspaceOptions
        @OptionGroup var companyDatabase: CompanyDatabaseOptions
        @Argument(help: "The company's code.") var company: String
        @Argument(help: "The agent's username.") var username: String

        func run() async throws {
            do {
                try await companyDatabase.withCompany(sqlitePath: workspace.path) { [company, username] store, _ in
                    try await store.endSubscription(company: company, username: username)
                }
                print("ended the subscription of \(username) at \(company)")
            } catch let error as CompanyError {
                throw CommandFailure(error.localizedDescription)
            }
        }
    }

    struct Renew: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "renew", abstract: "Renew an ended subscription: the agent syncs again.")
        @OptionGroup var workspace: WorkspaceOptions
        @OptionGroup var companyDatabase: CompanyDatabaseOptions
        @Argument(help: "The company's code.") var company: String
        @Argument(help: "The agent's username.") var username: String

        func run() async throws {
            do {
                try await companyDatabase.withCompany(sqlitePath: workspace.path) { [company, username] store, _ in
                    try await store.renewSubscription(company: company, username: username)
                }
                print("renewed the subscription of \(username) at \(company)")
            } catch let error as CompanyError {
                throw CommandFailure(error.localizedDescription)
            }
        }
    }

    struct Password: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "password", abstract: "Give an agent a new password, read from standard input; the old one stops working at once.")
        @OptionGroup var workspace: WorkspaceOptions
        @OptionGroup var companyDatabase: CompanyDatabaseOptions
        @Argument(help: "The company's code.") var company: String
        @Argument(help: "The agent's username.") var username: String
        @Flag(help: "Read the new password from standard input.") var passwordStdin = false

        func validate() throws {
            guard passwordStdin else { throw ValidationError("give the new password on standard input with --password-stdin") }
        }

        func run() async throws {
            let password = readPasswordFromStandardInput()
            do {
                try await companyDatabase.withCompany(sqlitePath: workspace.path) { [company, username] store, _ in
                    try await store.resetPassword(company: company, username: username, newPassword: password)
                }
                print("reset the password of \(username) at \(company)")
            } catch let error as CompanyError {
                throw CommandFailure(error.localizedDescription)
            }
        }
    }
}

/// Standard input, less the one trailing line break that is the shell's, not the password's.
private func readPasswordFromStandardInput() -> String {
    let input = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    if input.hasSuffix("\r\n") { return String(input.dropLast(2)) }
    if input.hasSuffix("\n") { return String(input.dropLast()) }
    return input
}
