import ArgumentParser
import Foundation
import Storage
import TicketKit

/// `bottega tickets …`: the public-transport catalogue, issuing signed tickets, and the
/// inspector's offline check.
struct TicketsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tickets",
        abstract: "List the tickets catalogue, issue signed QR tickets and verify them offline.",
        subcommands: [
            TicketsCatalogueCommand.self, TicketsIssueCommand.self, TicketsActivateCommand.self, TicketsVerifyCommand.self, TicketsKeysCommand.self,
        ]
    )
}

extension WorkspaceOptions {
    /// The tickets tables of the database, with the seed catalogue loaded on first use.
    func openTickets() throws -> TicketStore {
        let keys = try openKeys()
        do {
            let store = try TicketStore(database: try SQLiteFile.open(path: path), keys: keys)
            _ = try store.seedIfEmpty()
            return store
        } catch {
            throw CommandFailure("cannot open the tickets catalogue in \(path): \(error.localizedDescription)")
        }
    }
}

/// `bottega tickets catalogue`.
struct TicketsCatalogueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalogue",
        abstract: "List the provinces, their operators and the products with their codes and prices."
    )
    @OptionGroup var workspace: WorkspaceOptions
    @Option(help: "text or json.") var format: OutputFormat = .text

    struct Document: Encodable {
        let provinces: [Province]
        let operators: [TransportOperator]
        let products: [TicketProduct]
    }

    func run() throws {
        let catalogue = try workspace.openTickets().catalogue()
        switch format {
        case .json:
            try JSONOutput.print(Document(provinces: catalogue.provinces, operators: catalogue.operators, products: catalogue.products))
        case .text:
            print(TicketsCatalogueText.render(catalogue))
        }
    }
}

/// The catalogue as a person reads it: operator by operator, each with its provinces and its
/// products (code, name, validity or period, price), then the count of provinces.
enum TicketsCatalogueText {
    static func render(_ catalogue: TicketCatalogue) -> String {
        var lines: [String] = []
        // Whole codes, in one column: a code cut short cannot be copied into `tickets issue`.
        let codeWidth = catalogue.products.map(\.code.count).max() ?? 0
        let priceWidth = catalogue.products.map(\.price.formatted.count).max() ?? 0
        for op in catalogue.operators.sorted(by: { $0.code < $1.code }) {
            let provinces = op.provinceCodes.compactMap { catalogue.province(code: $0).map { "\($0.name) (\($0.code))" } }.joined(separator: ", ")
            let sms = op.smsNumber.map { "SMS \($0)" } ?? "no SMS number"
            lines.append("\(op.code)  \(op.name) — \(provinces) — \(sms)\(op.isSample ? " [sample]" : "")")
            for product in catalogue.products(operatorCode: op.code) {
                let kind = product.kind
                let detail = validity(of: kind)
                let code = product.code.padding(toLength: codeWidth, withPad: " ", startingAt: 0)
                let price = String(repeating: " ", count: max(0, priceWidth - product.price.formatted.count)) + product.price.formatted
                // A name that already says its minutes ("Bus ticket (110 min)") is not told them twice.
                let said = rideMinutes(of: kind).map { product.name.contains("\($0) min") } ?? false
                lines.append("  \(code)  \(price)  \(product.name)\(said ? "" : " (\(detail))")\(product.isSample ? " [sample]" : "")")
            }
        }
        lines.append("\(catalogue.provinces.count) provinces, \(catalogue.operators.count) operators, \(catalogue.products.count) products")
        return lines.joined(separator: "\n")
    }

    // Functions kept out of `render`: inlined there, a switch over the product's kind stops
    // Swift 6.3's release build with an ownership error ("Found outside of lifetime use").
    @inline(never)
    private static func rideMinutes(of kind: ProductKind) -> Int? {
        if case .ride(let minutes) = kind { return minutes }
        return nil
    }

    @inline(never)
    private static func validity(of kind: ProductKind) -> String {
        switch kind {
        case .ride(let minutes): return ValidityText.minutes(minutes)
        case .subscription(let type, let period): return "\(type), \(period.rawValue)"
        }
    }
}
