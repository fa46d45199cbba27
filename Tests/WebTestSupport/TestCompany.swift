import Foundation
import WebCore
import HTTPTypes
import OrderCompany
import OrderKit

/// The company ACME with one agent and one supplier, as the Orders tests and the guards' tests
/// that speak the sync protocols set it up.
package enum TestCompany {
    package static func prepare(_ stores: AppStores) async throws {
        _ = try await stores.orders.company.addCompany(code: "ACME", name: "Acme Forniture")
        try await stores.orders.company.addAgent(company: "ACME", username: "mario.rossi", password: "una password lunga")
        try await stores.orders.company.upsert([
            ("F1", .supplier(Supplier(name: "Mobilificio Città di Castello", email: "ordini@mobilificio.it"))),
        ], company: "ACME")
    }

    /// Uploads a customers sheet as the back office does; returns its one-time import code.
    package static func importCustomers(_ stores: AppStores, _ rows: String) async throws -> String {
        try await stores.orders.company.importSpreadsheet(Array(("Ragione sociale,Città\n" + rows).utf8), kind: .customer, company: "ACME").code
    }

    package static let agentHeaders: HTTPFields = [
        HTTPField.Name("X-Bottega-Company")!: "ACME",
        .authorization: "Basic " + Data("mario.rossi:una password lunga".utf8).base64EncodedString(),
    ]
}
