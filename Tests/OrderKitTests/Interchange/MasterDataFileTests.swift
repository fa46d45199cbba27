import Amounts
import Foundation
import OrderKit
import Testing

/// The agent's `||` import/export files: records in the thesis's field order, products naming
/// their supplier, all-or-nothing import with every bad line numbered.
@Suite struct MasterDataFileTests {
    let sample = """
        fornitore||Caffè Rossi S.r.l.|ordini@cafferossi.it|Anna Bianchi|051 123456||||Via Emilia 1
        cliente||Caffè Società Cooperativa|Niccolò|IT01234567890||||||||Città di Castello|PG|06012|consegna il lunedì
        prodotto||CAF-01|Caffè Rossi S.r.l.|Miscela bar 1 kg|12,50|6
        prodotto||CAF-02|Caffè Rossi S.r.l.|Decaffeinato|9.9|

        """

    @Test func readsSuppliersCustomersAndProducts() throws {
        let records = try MasterDataFile.parse(sample).get()
        #expect(records == [
            .supplier(Supplier(name: "Caffè Rossi S.r.l.", email: "ordini@cafferossi.it", contact: "Anna Bianchi", phone: "051 123456",
                               address: "Via Emilia 1")),
            .customer(Customer(companyName: "Caffè Società Cooperativa", contact: "Niccolò", vatNumber: "IT01234567890",
                               city: "Città di Castello", province: "PG", postcode: "06012", notes: "consegna il lunedì")),
            .product(Product(code: "CAF-01", supplierID: 0, description: "Miscela bar 1 kg", price: try #require(Money("12.50")),
                             minimumQuantity: 6), supplierName: "Caffè Rossi S.r.l."),
            .product(Product(code: "CAF-02", supplierID: 0, description: "Decaffeinato", price: try #require(Money("9.90"))),
                     supplierName: "Caffè Rossi S.r.l."),
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
        guard case .customer(let customer) = records[1] else { Issue.record("\(records[1])"); return }
        #expect(customer.notes == "consegna il lunedì")
    }

    @Test func refusesTheWholeFileAndNumbersEveryBadLine() throws {
        let text = """
            fornitore||Caffè Rossi|ordini@cafferossi.it||||||

            cliente||Bar Centrale|Rossi
            agente||Mario Rossi
            prodotto||CAF-01|Caffè Rossi|Miscela|dodici euro|6
            sconto||F-1|C-1||10||
            cliente Bar Sport
            cliente||Bar Duomo|||||||||Forlì||||
            """
        let rejection = try #require(MasterDataFile.parse(text).rejected)
        #expect(rejection.errors.map(\.line) == [3, 4, 5, 6, 7])
        #expect(rejection.errors[0].problem == .wrongFieldCount(kind: .customer, expected: 14, found: 2))
        #expect(rejection.errors[1].problem == .unknownKind("agente"))
        #expect(rejection.errors[2].problem == .invalidField(
            kind: .product, FieldProblem(field: "price", position: 4, value: "dodici euro", reason: .notAPrice)))
        #expect(rejection.errors[3].problem == .discountNotInFiles)
        #expect(rejection.errors[4].problem == .missingSeparator)
        #expect(rejection.errorDescription?.hasPrefix("Nothing was imported: 5 lines are not valid.") == true)
        #expect(rejection.errors[2].errorDescription == "Line 5: prodotto field 4 (price) “dodici euro” is not a price such as 12.50 or 12,50 (no sign, at most two decimals).")
    }

    @Test func namesTheSupplierFieldOfAProductBySupplierName() throws {
        let rejection = try #require(MasterDataFile.parse("prodotto||CAF-01||Miscela|12.50|6\n").rejected)
        guard case .invalidField(_, let field) = rejection.errors.first?.problem else { Issue.record("\(rejection)"); return }
        #expect(field.field == "supplier name")
    }

    @Test func refusesALineThatIsNotUTF8() throws {
        var bytes = Array("cliente||Caff".utf8) + [0xE8] + Array("|||||||||||||\n".utf8)  // "è" in Windows-1252
        bytes = Array("cliente||Bar Duomo|||||||||||||\n".utf8) + bytes
        let rejection = try #require(MasterDataFile.parse(Data(bytes)).rejected)
        #expect(rejection.errors == [MasterDataFileLineError(line: 2, problem: .notUTF8)])
    }

    @Test func exportsSuppliersFirstAndProductsByTheirSuppliersName() throws {
        let supplier = Supplier(id: 4, name: "Caffè Rossi", email: "ordini@cafferossi.it", city: "Forlì")
        let customer = Customer(id: 9, companyName: "Caffè Società Cooperativa", city: "Città di Castello")
        let product = Product(id: 2, code: "CAF-01", supplierID: 4, description: "Miscela", price: try #require(Money("12.5")), minimumQuantity: 6)
        let text = try MasterDataFile.export(suppliers: [supplier], customers: [customer], products: [product])
        #expect(text == """
            fornitore||Caffè Rossi|ordini@cafferossi.it|||||Forlì|
            cliente||Caffè Società Cooperativa||||||||||Città di Castello|||
            prodotto||CAF-01|Caffè Rossi|Miscela|12.50|6

            """)
    }

    @Test func exportRefusesAProductWithoutItsSupplierAndABarInAValue() throws {
        let product = Product(code: "CAF-01", supplierID: 4, price: .zero)
        #expect(throws: MasterDataFileExportError.unknownSupplier(productCode: "CAF-01", supplierID: 4)) {
            try MasterDataFile.export(suppliers: [], customers: [], products: [product])
        }
        let customer = Customer(companyName: "Bar A|B")
        #expect(throws: MasterDataFileExportError.encoding(
            InterchangeEncodingError(record: "cliente “Bar A|B”", field: "company name", problem: .separatorInValue))) {
            try MasterDataFile.export(suppliers: [], customers: [customer], products: [])
        }
    }

    @Test(arguments: [11, 12, 13] as [UInt64])
    func exportedRecordsReadBackTheSame(seed: UInt64) throws {
        var generator = RecordGenerator(random: SeededGenerator(seed: seed))
        var records: [MasterDataRecord] = []
        for _ in 0..<300 {
            switch generator.record([.supplier, .customer, .product].randomElement(using: &generator.random)!, origin: .local) {
            case .supplier(let s): records.append(.supplier(s))
            case .customer(let c): records.append(.customer(c))
            case .product(let p, _): records.append(.product(p, supplierName: generator.text(allowEmpty: false)))
            case .discount: break
            }
        }
        let sorted = records.filter { $0.kind == .supplier } + records.filter { $0.kind == .customer } + records.filter { $0.kind == .product }
        #expect(try MasterDataFile.parse(MasterDataFile.export(records)).get() == sorted)
    }
}
