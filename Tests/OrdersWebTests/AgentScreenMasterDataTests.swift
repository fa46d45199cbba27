@testable import OrdersWeb
@testable import WebCore
import WebTestSupport
import Amounts
import Foundation
import Hummingbird
import HummingbirdTesting
import OrderCompany
import OrderKit
import Testing

/// The agent's customers, suppliers, products and discounts on the screens, as a browser
/// without JavaScript posts them: add, edit, delete one, delete all of the agent's own; the
/// company's records read-only; bad input shown again with the field named.
struct AgentScreenMasterDataTests {
    @Test func aCustomerIsAddedWithEveryFieldEditedAndDeleted() async throws {
        try await withBottegaApp { client, stores in
            let agent = stores.orders.agent
            let added = try await AgentMasterData.post(client, "/orders/customers", [
                ("companyName", "Bar Sport"), ("contact", "Luca Bianchi"), ("vatNumber", "01234567890"), ("taxCode", "BNCLCU80A01D704X"),
                ("iban", "IT60X0542811101000000123456"), ("phone", "0543 123456"), ("mobile", "333 1234567"), ("fax", "0543 654321"),
                ("email", "bar@sport.example"), ("address", "Corso Garibaldi 1"), ("city", "Forlì"), ("province", "FC"),
                ("postcode", "47121"), ("notes", "Chiuso il lunedì"),
            ])
            #expect(added.status == .seeOther)
            let stored = try #require(try agent.customers().first)
            #expect(stored == Customer(
                id: stored.id, companyName: "Bar Sport", contact: "Luca Bianchi", vatNumber: "01234567890", taxCode: "BNCLCU80A01D704X",
                iban: "IT60X0542811101000000123456", phone: "0543 123456", mobile: "333 1234567", fax: "0543 654321",
                email: "bar@sport.example", address: "Corso Garibaldi 1", city: "Forlì", province: "FC", postcode: "47121", notes: "Chiuso il lunedì"
            ))
            let id = try #require(stored.id)
            let page = try await client.execute(uri: "/orders/customers/\(id)", method: .get)
            #expect(page.status == .ok)
            #expect(page.text.contains("value=\"BNCLCU80A01D704X\"") && page.text.contains("Chiuso il lunedì</textarea>"))

            let edited = try await AgentMasterData.post(client, "/orders/customers/\(id)", [("companyName", "Bar Sport di Bianchi"), ("city", "Cesena")])
            #expect(edited.status == .seeOther)
            #expect(try agent.customer(id: id)?.companyName == "Bar Sport di Bianchi")
            #expect(try agent.customer(id: id)?.city == "Cesena")
            let list = try await client.execute(uri: "/orders/customers", method: .get)
            #expect(list.text.contains("Bar Sport di Bianchi"))

            let deleted = try await client.execute(uri: "/orders/customers/\(id)/delete", method: .post)
            #expect(deleted.status == .seeOther)
            #expect(try agent.customer(id: id) == nil)
        }
    }

    @Test func aSupplierIsAddedEditedAndDeletedAndItsEMailIsRequired() async throws {
        try await withBottegaApp { client, stores in
            let agent = stores.orders.agent
            let noMail = try await AgentMasterData.post(client, "/orders/suppliers", [("name", "Vetreria Murano"), ("city", "Venezia")])
            #expect(noMail.status == .badRequest)
            #expect(noMail.text.contains("e-mail is required"))
            // The form comes back as typed.
            #expect(noMail.text.contains("value=\"Vetreria Murano\"") && noMail.text.contains("id=\"record-form\""))
            #expect(try agent.suppliers().isEmpty)

            let added = try await AgentMasterData.post(client, "/orders/suppliers", [
                ("name", "Vetreria Murano"), ("email", "ordini@vetreria.example"), ("contact", "Anna Zanetti"), ("phone", "041 123456"),
                ("city", "Venezia"), ("address", "Fondamenta dei Vetrai 8"),
            ])
            #expect(added.status == .seeOther)
            let id = try #require(try agent.suppliers().first?.id)
            _ = try await AgentMasterData.post(client, "/orders/suppliers/\(id)", [("name", "Vetreria Murano S.r.l."), ("email", "vendite@vetreria.example")])
            #expect(try agent.supplier(id: id)?.email == "vendite@vetreria.example")
            #expect(try agent.supplier(id: id)?.contact == "")
            let deleted = try await client.execute(uri: "/orders/suppliers/\(id)/delete", method: .post)
            #expect(deleted.status == .seeOther)
            #expect(try agent.suppliers().isEmpty)
        }
    }

    @Test func aProductTakesItsPriceAsDecimalTextAndRefusesABadOne() async throws {
        try await withBottegaApp { client, stores in
            let agent = stores.orders.agent
            let supplier = try #require(try agent.save(Supplier(name: "Mobilificio", email: "ordini@mobilificio.example")).id)
            let added = try await AgentMasterData.post(client, "/orders/products", [
                ("supplierID", String(supplier)), ("code", "SEDIA-01"), ("description", "Sedia in faggio"), ("price", "49,90"), ("minimumQuantity", "2"),
            ])
            #expect(added.status == .seeOther)
            let product = try #require(try agent.products().first)
            #expect(product.price == UnitPrice(cents: 4990) && product.minimumQuantity == 2 && product.supplierID == supplier)
            let id = try #require(product.id)

            let edited = try await AgentMasterData.post(client, "/orders/products/\(id)", [
                ("supplierID", String(supplier)), ("code", "SEDIA-01"), ("description", "Sedia in rovere"), ("price", "52.5"), ("minimumQuantity", "1"),
            ])
            #expect(edited.status == .seeOther)
            #expect(try agent.product(id: id)?.price == UnitPrice(cents: 5250))
            #expect(try agent.product(id: id)?.description == "Sedia in rovere")

            let badPrice = try await AgentMasterData.post(client, "/orders/products", [("supplierID", String(supplier)), ("code", "TAVOLO-07"), ("price", "12,3456789")])
            #expect(badPrice.status == .badRequest)
            #expect(badPrice.text.contains("The price “12,3456789” is not an amount in euro") && badPrice.text.contains("value=\"TAVOLO-07\""))
            let noCode = try await AgentMasterData.post(client, "/orders/products", [("supplierID", String(supplier)), ("code", " "), ("price", "10")])
            #expect(noCode.status == .badRequest)
            #expect(noCode.text.contains("code is required"))
            let noSupplier = try await AgentMasterData.post(client, "/orders/products", [("supplierID", ""), ("code", "X-1"), ("price", "10")])
            #expect(noSupplier.status == .badRequest)
            #expect(noSupplier.text.contains("Choose the supplier"))
            let badMinimum = try await AgentMasterData.post(client, "/orders/products", [("supplierID", String(supplier)), ("code", "X-1"), ("price", "10"), ("minimumQuantity", "0")])
            #expect(badMinimum.status == .badRequest)
            #expect(badMinimum.text.contains("minimum quantity"))
            let duplicate = try await AgentMasterData.post(client, "/orders/products", [("supplierID", String(supplier)), ("code", "SEDIA-01"), ("price", "10")])
            #expect(duplicate.status == .conflict)
            #expect(duplicate.text.contains("SEDIA-01"))
            #expect(try agent.products().count == 1)

            let deleted = try await client.execute(uri: "/orders/products/\(id)/delete", method: .post)
            #expect(deleted.status == .seeOther)
            #expect(try agent.products().isEmpty)
        }
    }

    @Test func aDiscountCascadesUpToThreeLevelsAndRefusesOneAboveAHundred() async throws {
        try await withBottegaApp { client, stores in
            let agent = stores.orders.agent
            let supplier = try #require(try agent.save(Supplier(name: "Mobilificio", email: "ordini@mobilificio.example")).id)
            let customer = try #require(try agent.save(Customer(companyName: "Bar Sport")).id)
            let price = try #require(Money(cents: 4990))
            let product = try #require(try agent.save(Product(code: "SEDIA-01", supplierID: supplier, price: price)).id)
            let whole = try await AgentMasterData.post(client, "/orders/discounts", [
                ("supplierID", String(supplier)), ("customerID", String(customer)), ("productID", ""), ("levels", "10+5+2"),
            ])
            #expect(whole.status == .seeOther)
            let onProduct = try await AgentMasterData.post(client, "/orders/discounts", [
                ("supplierID", String(supplier)), ("customerID", String(customer)), ("productID", String(product)), ("levels", "2,5"),
            ])
            #expect(onProduct.status == .seeOther)
            let discounts = try agent.discounts()
            #expect(discounts.map(\.levels) == [[10, 5, 2], [Decimal(string: "2.5")!]])
            #expect(discounts.map(\.productID) == [nil, product])
            let id = try #require(discounts.first?.id)

            let tooHigh = try await AgentMasterData.post(client, "/orders/discounts/\(id)", [
                ("supplierID", String(supplier)), ("customerID", String(customer)), ("levels", "10+120"),
            ])
            #expect(tooHigh.status == .badRequest)
            #expect(tooHigh.text.contains("discount level 2 is 120 %") && tooHigh.text.contains("value=\"10+120\""))
            let four = try await AgentMasterData.post(client, "/orders/discounts", [
                ("supplierID", String(supplier)), ("customerID", String(customer)), ("levels", "10+5+2+1"),
            ])
            #expect(four.status == .badRequest)
            #expect(four.text.contains("one to 3 levels"))
            let noCustomer = try await AgentMasterData.post(client, "/orders/discounts", [("supplierID", String(supplier)), ("customerID", ""), ("levels", "10")])
            #expect(noCustomer.status == .badRequest)
            #expect(noCustomer.text.contains("Choose the customer"))
            #expect(try agent.discount(id: id)?.levels == [10, 5, 2])

            let edited = try await AgentMasterData.post(client, "/orders/discounts/\(id)", [
                ("supplierID", String(supplier)), ("customerID", String(customer)), ("levels", "15"),
            ])
            #expect(edited.status == .seeOther)
            #expect(try agent.discount(id: id)?.levels == [15])
            let list = try await client.execute(uri: "/orders/discounts", method: .get)
            #expect(list.text.contains("15 %") && list.text.contains("whole price list"))
            let deleted = try await client.execute(uri: "/orders/discounts/\(id)/delete", method: .post)
            #expect(deleted.status == .seeOther)
            #expect(try agent.discounts().count == 1)
        }
    }

    @Test(arguments: [MasterDataKind.customer, .supplier, .product, .discount])
    func deletingAllRemovesTheAgentsOwnAndKeepsTheCompanys(_ kind: MasterDataKind) async throws {
        try await withBottegaApp { client, stores in
            let agent = stores.orders.agent
            try AgentMasterData.syncCompanyRecords(agent)
            let supplier = try AgentMasterData.syncedID(agent, .supplier)
            let customer = try AgentMasterData.syncedID(agent, .customer)
            // Two of the agent's own of `kind`, on the company's supplier and customer.
            for number in 1...2 {
                switch kind {
                case .customer: _ = try agent.save(Customer(companyName: "Bar \(number)"))
                case .supplier: _ = try agent.save(Supplier(name: "Fornitore \(number)", email: "f\(number)@example.it"))
                case .product: _ = try agent.save(Product(code: "MIO-\(number)", supplierID: supplier, price: try #require(Money(cents: 100))))
                case .discount:
                    let product = try agent.save(Product(code: "MIO-\(number)", supplierID: supplier, price: try #require(Money(cents: 100))))
                    _ = try agent.save(Discount(supplierID: supplier, customerID: customer, productID: product.id, levels: [5]))
                }
            }
            let response = try await client.execute(uri: "/orders/\(kind.screenPath)/delete-all", method: .post)
            #expect(response.status == .seeOther)
            #expect(response.headers[.location]?.contains("2%20of%20your") == true, "\(response.headers[.location] ?? "")")
            let remaining: [RecordOrigin] = switch kind {
            case .customer: try agent.customers().map(\.origin)
            case .supplier: try agent.suppliers().map(\.origin)
            case .product: try agent.products().map(\.origin)
            case .discount: try agent.discounts().map(\.origin)
            }
            let remoteIDs: [MasterDataKind: String] = [.customer: "C1", .supplier: "F1", .product: "P1", .discount: "D1"]
            #expect(remaining == [.synced(company: "ACME", remoteID: remoteIDs[kind] ?? "")])
        }
    }

    @Test(arguments: [MasterDataKind.customer, .supplier, .product, .discount])
    func theCompanysRecordIsShownReadOnlyAndNeitherEditedNorDeleted(_ kind: MasterDataKind) async throws {
        try await withBottegaApp { client, stores in
            let agent = stores.orders.agent
            try AgentMasterData.syncCompanyRecords(agent)
            let id = try AgentMasterData.syncedID(agent, kind)
            let list = try await client.execute(uri: "/orders/\(kind.screenPath)", method: .get)
            #expect(list.text.contains("from the company"))
            #expect(!list.text.contains("/orders/\(kind.screenPath)/\(id)/delete"))
            let page = try await client.execute(uri: "/orders/\(kind.screenPath)/\(id)", method: .get)
            #expect(page.status == .ok)
            #expect(page.text.contains("read-only here") && !page.text.contains(">Save</button>"))

            let edit = try await AgentMasterData.post(client, "/orders/\(kind.screenPath)/\(id)", [
                ("companyName", "Cambiato"), ("name", "Cambiato"), ("email", "x@example.it"), ("code", "CAMBIATO"), ("price", "1"),
                ("supplierID", String(try AgentMasterData.syncedID(agent, .supplier))), ("customerID", String(try AgentMasterData.syncedID(agent, .customer))),
                ("levels", "50"),
            ])
            #expect(edit.status == .forbidden)
            #expect(edit.text.contains("read-only"))
            let delete = try await client.execute(uri: "/orders/\(kind.screenPath)/\(id)/delete", method: .post)
            #expect(delete.status == .forbidden)
            try AgentMasterData.syncCompanyRecordsAreUnchanged(agent)
        }
    }

    @Test func aRecordThatIsNotThereIsNotFound() async throws {
        try await withBottegaApp { client, _ in
            for path in ["customers", "suppliers", "products", "discounts"] {
                let response = try await client.execute(uri: "/orders/\(path)/404", method: .get)
                #expect(response.status == .notFound, "\(path)")
            }
            let edit = try await AgentMasterData.post(client, "/orders/customers/404", [("companyName", "Bar")])
            #expect(edit.status == .notFound)
        }
    }
}

extension AgentMasterData {
    /// The company's four records are still exactly as synced.
    static func syncCompanyRecordsAreUnchanged(_ agent: AgentStore) throws {
        #expect(try agent.customers().map(\.companyName) == ["Caffè Società Cooperativa"])
        #expect(try agent.suppliers().map(\.name) == ["Mobilificio Città di Castello"])
        #expect(try agent.products().map(\.code) == ["SEDIA-01"])
        #expect(try agent.discounts().map(\.levels) == [[10]])
    }
}
