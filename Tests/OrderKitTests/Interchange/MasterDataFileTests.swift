import Amounts
import Foundation
import OrderCompany
import OrderKit
import Testing
import TestSupport

/// The agent's `||` import/export files: records in the thesis's field order, products naming
/// their supplier, all-or-nothing import with every bad line numbered.
@Suite struct MasterDataFileTests {
    let sample = """
        fornitore||Caffè Rossi S.r.l.||Anna Bianchi||051 123456||||||ordini@cafferossi.it||Via Emilia 1||
        prodotto||CAF-01||Miscela bar 1 kg||6||12,50
        prodotto||CAF-02||Decaffeinato||||9.9
        cliente||Caffè Società Cooperativa||Niccolò||IT01234567890||||||||||Città di Castello||||consegna il lunedì||||06012||PG||

        """

    @Test func readsSuppliersTheirProductsAndCustomers() throws {
        let records = try MasterDataFile.parse(sample).get()
        #expect(records == [
            .supplier(Supplier(name: "Caffè Rossi S.r.l.", email: "ordini@cafferossi.it", contact: "Anna Bianchi", phone: "051 123456",
                               address: "Via Emilia 1")),
            .product(Product(code: "CAF-01", supplierID: 0, description: "Miscela bar 1 kg", price: try #require(Money("12.50")),
                             minimumQuantity: 6), supplierName: "Caffè Rossi S.r.l."),
            .product(Product(code: "CAF-02", supplierID: 0, description: "Decaffeinato", price: try #require(Money("9.90"))),
                     supplierName: "Caffè Rossi S.r.l."),
            .customer(Customer(companyName: "Caffè Società Cooperativa", contact: "Niccolò", vatNumber: "IT01234567890",
                               city: "Città di Castello", province: "PG", postcode: "06012", notes: "consegna il lunedì")),
        ])
        #expect(records.allSatisfy { record in
            switch record {
            case .supplier(let s): s.origin == .local
            case .customer(let c): c.origin == .local
            case .product(let p, _): p.origin == .local
            }
        })
    }

    @Test func toleratesBOMCRLFAndBlankLinesFromBytes() throws {
        let text = "\u{FEFF}" + sample.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n   \r\n"
        let records = try MasterDataFile.parse(Data(text.utf8)).get()
        #expect(records.count == 4)
        guard case .customer(let customer) = records[3] else { Issue.record("\(records[3])"); return }
        #expect(customer.notes == "consegna il lunedì")
        #expect(customer.iban == "")
    }

    @Test func refusesTheWholeFileAndNumbersEveryBadLine() throws {
        let text = """
            fornitore||Caffè Rossi||||||||||ordini@cafferossi.it||||

            cliente||Bar Centrale||Rossi
            agente||Mario Rossi
            prodotto||CAF-01||Miscela||6||dodici euro
            sconto||1||2||||10||||
            cliente Bar Sport
            cliente||Bar Duomo||||||||||||||Forlì||||||||||||
            prodotto||CAF-02||Miscela|bar||6||12
            """
        let rejection = try #require(MasterDataFile.parse(text).rejected)
        #expect(rejection.errors.map(\.line) == [3, 4, 5, 6, 7, 9])
        #expect(rejection.errors[0].problem == .wrongFieldCount(kind: .customer, expected: 14, found: 2))
        #expect(rejection.errors[1].problem == .unknownKind("agente"))
        #expect(rejection.errors[2].problem == .invalidField(
            kind: .product, FieldProblem(field: "prezzo", position: 4, value: "dodici euro", reason: .notAPrice)))
        #expect(rejection.errors[3].problem == .discountNotInFiles)
        #expect(rejection.errors[4].problem == .missingSeparator)
        #expect(rejection.errors[5].problem == .separatorInField(position: 2, value: "Miscela|bar"))
        #expect(rejection.errorDescription?.hasPrefix("Nothing was imported: 6 lines are not valid.") == true)
        #expect(rejection.errors[2].errorDescription?.hasPrefix("Line 5: prodotto field 4 (prezzo) “dodici euro” is not a price") == true)
    }

    @Test func aProductNeedsASupplierLineAboveIt() throws {
        let rejection = try #require(MasterDataFile.parse("prodotto||CAF-01||Miscela||6||12.50\n").rejected)
        #expect(rejection.errors == [MasterDataFileLineError(line: 1, problem: .productWithoutSupplier(code: "CAF-01"))])
    }

    @Test func refusesALineThatIsNotUTF8() throws {
        let empties = String(repeating: "||", count: 13)
        var bytes = Array("cliente||Caff".utf8) + [0xE8] + Array("\(empties)\n".utf8)  // "è" in Windows-1252
        bytes = Array("cliente||Bar Duomo\(empties)\n".utf8) + bytes
        let rejection = try #require(MasterDataFile.parse(Data(bytes)).rejected)
        #expect(rejection.errors == [MasterDataFileLineError(line: 2, problem: .notUTF8)])
    }

    @Test func exportsEachSupplierWithItsProductsThenTheCustomers() throws {
        let supplier = Supplier(id: 4, name: "Caffè Rossi", email: "ordini@cafferossi.it", city: "Forlì")
        let customer = Customer(id: 9, companyName: "Caffè Società Cooperativa", city: "Città di Castello")
        let product = Product(id: 2, code: "CAF-01", supplierID: 4, description: "Miscela", price: try #require(Money("12.5")), minimumQuantity: 6)
        let text = try MasterDataFile.export(suppliers: [supplier], customers: [customer], products: [product])
        #expect(text == """
            fornitore||Caffè Rossi||||||||||ordini@cafferossi.it||||Forlì
            prodotto||CAF-01||Miscela||6||12.5
            cliente||Caffè Società Cooperativa||||||||||||||Città di Castello||||||||||||

            """)
    }

    @Test func exportRefusesAProductWithoutItsSupplierAndABarInAValue() throws {
        let product = Product(code: "CAF-01", supplierID: 4, price: UnitPrice.zero)
        #expect(throws: MasterDataFileExportError.unknownSupplier(productCode: "CAF-01", supplierID: 4)) {
            try MasterDataFile.export(suppliers: [], customers: [], products: [product])
        }
        let customer = Customer(companyName: "Bar A|B")
        #expect(throws: MasterDataFileExportError.encoding(
            InterchangeEncodingError(record: "cliente “Bar A|B”", field: "ragione sociale", problem: .separatorInValue))) {
            try MasterDataFile.export(suppliers: [], customers: [customer], products: [])
        }
    }

    @Test(arguments: [11, 12, 13] as [UInt64])
    func exportedRecordsReadBackTheSame(seed: UInt64) throws {
        var generator = RecordGenerator(random: SeededGenerator(seed: seed))
        var suppliers: [Supplier] = []
        var customers: [MasterDataRecord] = []
        var productsOf: [Int: [MasterDataRecord]] = [:]
        for index in 0..<300 {
            switch generator.record([.supplier, .customer, .product].randomElement(using: &generator.random)!, origin: .local) {
            case .supplier(var s):
                s.name += " n. \(index)"  // one supplier per name, as the agent's store keeps them
                suppliers.append(s)
            case .customer(let c): customers.append(.customer(c))
            case .product(let p, _) where !suppliers.isEmpty:
                let owner = Int.random(in: suppliers.indices, using: &generator.random)
                productsOf[owner, default: []].append(.product(p, supplierName: suppliers[owner].name))
            case .product, .discount: break
            }
        }
        let records = suppliers.map(MasterDataRecord.supplier) + customers + productsOf.keys.sorted().flatMap { productsOf[$0]! }
        let expected = suppliers.indices.flatMap { [MasterDataRecord.supplier(suppliers[$0])] + (productsOf[$0] ?? []) } + customers
        #expect(try MasterDataFile.parse(MasterDataFile.export(records)).get() == expected)
    }
}
