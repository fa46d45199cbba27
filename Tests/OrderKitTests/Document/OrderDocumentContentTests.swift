import Amounts
import Foundation
import Testing
import OrderCompany
import OrderKit

@Suite struct OrderDocumentContentTests {
    @Test func discountLevelsPrintCascadedWithAnItalianDecimalComma() throws {
        let levels = try ["10", "5", "2"].map { try #require(Decimal(string: $0)) }
        #expect(OrderDocumentContent.discountText(levels) == "10+5+2 %")
        #expect(OrderDocumentContent.discountText([try #require(Decimal(string: "2.5"))]) == "2,5 %")
        #expect(OrderDocumentContent.discountText([]) == "")
    }

    @Test func theDateIsTheDayInRome() {
        // 2025-03-14 23:30 UTC is already the 15th in Rome (UTC+1 until the end of March).
        var content = OrderDocumentSamples.content(lines: [])
        content.date = Date(timeIntervalSince1970: 1_741_995_000)
        #expect(content.dateText == "15/03/2025")
        content.timeZone = TimeZone(secondsFromGMT: 0) ?? content.timeZone
        #expect(content.dateText == "14/03/2025")
    }

    @Test func partiesPrintTheirFilledFieldsOnly() {
        let customer = OrderDocumentContent.Party(customer: Customer(
            companyName: "Città di Castello Ristorazione", vatNumber: "IT01234567890", email: "info@example.it",
            address: "Piazza Matteotti 3", city: "Città di Castello", province: "PG", postcode: "06012"))
        #expect(customer.name == "Città di Castello Ristorazione")
        #expect(customer.details == ["Piazza Matteotti 3", "06012 Città di Castello (PG)", "P. IVA IT01234567890", "info@example.it"])
        let agent = OrderDocumentContent.Party(agent: Agent(name: "Niccolò Ferrè", mobile: "333 1234567", city: "Forlì"))
        #expect(agent.details == ["Forlì", "Cell. 333 1234567"])
    }

    @Test func aStoredOrderLinePrintsItsCopiedPriceAndDiscount() throws {
        let line = OrderLine(productID: 7, productCode: "CAF-001", description: "Caffè", quantity: 12,
                             unitPrice: try #require(Money("18.90")), discountLevels: [10, 5, 2])
        let printed = OrderDocumentContent.Line(line, total: try #require(Money("174.05")))
        #expect(printed.code == "CAF-001")
        #expect(printed.discount == "10+5+2 %")
        #expect(printed.unitPrice.formattedItalian == "18,90 €")
    }
}
