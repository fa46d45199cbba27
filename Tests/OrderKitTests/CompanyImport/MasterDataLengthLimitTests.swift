import Foundation
import Testing
@testable import OrderCompany

/// Issue 36, item 3: a master-data cell longer than its column's `maximumLength` refuses its
/// row, naming the row and column as the importer's other problems do, and the message quotes
/// only the cell's start (a 10 MB customer name used to be accepted and synced to every agent).
struct MasterDataLengthLimitTests {
    @Test func aTenMegabyteCustomerNameRefusesItsRowWithRowAndColumn() throws {
        let name = String(repeating: "N", count: 10_000_000)
        let table = try SpreadsheetReader.read(Array("Codice;Ragione sociale;Città\nC1;Bar Roma;Forlì\nC2;\(name);Cesena\n".utf8))
        let problem = MasterDataProblem(
            row: 3, column: "B", heading: "Ragione sociale", value: String(repeating: "N", count: 40),
            reason: .tooLong(limit: 300, length: 10_000_000))
        #expect(throws: MasterDataImportError.invalidCells([problem])) { try MasterDataImport.records(from: table, kind: .customer) }
        #expect(problem.description == "row 3, column B (“Ragione sociale”): “\(String(repeating: "N", count: 40))…” is 10000000 characters long, more than the 300 this column may hold: shorten it")
    }

    /// 300 characters of "à" (600 bytes) are within a name's limit; notes may hold 2,000.
    @Test func cellsWithinTheirLimitsAreKept() throws {
        let name = String(repeating: "à", count: 300), notes = String(repeating: "n", count: 2_000)
        let table = try SpreadsheetReader.read(Array("Codice;Ragione sociale;Note\nC1;\(name);\(notes)\n".utf8))
        let records = try MasterDataImport.records(from: table, kind: .customer)
        guard case .customer(let customer) = records.first?.record else {
            Issue.record("not a customer: \(records)")
            return
        }
        #expect(customer.companyName == name)
        #expect(customer.notes == notes)
    }

    @Test func aNoteOverItsLimitIsRefusedToo() throws {
        let table = try SpreadsheetReader.read(Array("Codice;Ragione sociale;Note\nC1;Bar;\(String(repeating: "n", count: 2_001))\n".utf8))
        #expect(throws: MasterDataImportError.self) { try MasterDataImport.records(from: table, kind: .customer) }
    }
}
