import ArgumentParser
import Foundation
import OrderCompany
import OrderKit

/// `bottega orders business import COMPANY FILE --type customers|suppliers|products|discounts`.
struct OrdersImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Load a CSV or XLSX file of master data for a company and print the 6-letter code an agent redeems once.",
        discussion: "Headings may be Italian or English (ragione sociale / company name, codice / code, prezzo / price, …). Nothing is stored unless every row is good; each bad cell is named by row and column."
    )

    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case customers, suppliers, products, discounts

        var masterData: MasterDataKind {
            switch self {
            case .customers: .customer
            case .suppliers: .supplier
            case .products: .product
            case .discounts: .discount
            }
        }
    }

    @OptionGroup var workspace: WorkspaceOptions
    @OptionGroup var companyDatabase: CompanyDatabaseOptions
    @Argument(help: "The company's code.") var company: String
    @Argument(help: "The file: .csv or .xlsx (the content decides, not the name).") var file: String
    @Option(help: "What the file holds.") var type: Kind
    @Flag(help: "The file is the whole list: the company's records of this type missing from it are deleted, with what depends on them.") var wholeList = false
    @Flag(help: "Show what the file would change (new, changed, unchanged, removed) and change nothing.") var dryRun = false
    @Option(help: "For a price list without a supplier column: the supplier (its code or name) of every product.") var supplier: String?

    func run() async throws {
        let bytes: [UInt8]
        do {
            bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        } catch {
            throw CommandFailure("cannot read \(file): \(error.localizedDescription)")
        }
        do {
            if dryRun {
                let preview = try await companyDatabase.withCompany(sqlitePath: workspace.path) { [type, company, wholeList, supplier] store, _ in
                    try await store.previewUpload(bytes, kind: type.masterData, company: company, isWholeList: wholeList, supplier: supplier)
                }
                for note in preview.notes { StandardError.write("note: \(note)") }
                print("\(preview.newCount) new, \(preview.changedCount) changed, \(preview.unchanged) unchanged, \(preview.removedCount) removed (nothing changed)")
                return
            }
            let result = try await companyDatabase.withCompany(sqlitePath: workspace.path) { [type, company, wholeList, supplier] store, _ in
                try await store.importSpreadsheet(bytes, kind: type.masterData, company: company, isWholeList: wholeList, supplier: supplier)
            }
            for note in result.notes { StandardError.write("note: \(note)") }
            StandardError.write("\(result.recordCount) \(type.rawValue) for \(company): \(result.inserted) new, \(result.updated) changed, \(result.unchanged) unchanged, \(result.deleted) removed")
            print(result.code)
        } catch let error as LocalizedError {
            throw CommandFailure("\(file): \(error.errorDescription ?? String(describing: error))")
        }
    }
}
