import Amounts
import Foundation
import OrderCompany
import OrderKit
import Testing

/// Issue 40, fault 4: without a Codice column a customer is its partita IVA, then its codice
/// fiscale, then its name. A change of legal form updates the customer; it never deletes it and
/// its discounts.
@Suite struct CompanyIdentityTests {
    typealias World = CompanyRecordIdentityTests.World

    @Test func vatNumbersAreFoldedOnlyWhereTheyMeanTheSame() {
        #expect(CompanyIdentity.vatNumber("IT 01234567890") == "01234567890")
        #expect(CompanyIdentity.vatNumber("it01234567890") == "01234567890")
        #expect(CompanyIdentity.vatNumber("012.345.678-90") == "01234567890")
        #expect(CompanyIdentity.vatNumber("DE123456789") == "DE123456789")
        #expect(CompanyIdentity.vatNumber("  ") == nil)
        #expect(CompanyIdentity.taxCode("rssmra80a01h501u ") == "RSSMRA80A01H501U")
    }

    @Test func aChangeOfLegalFormKeepsTheCustomerAndItsDiscounts() async throws {
        var world = try await World()
        _ = try await world.upload(.supplier, "Ragione sociale;E-mail\nTorrefazione Rossi;ordini@rossi.it\n")
        _ = try await world.upload(.customer, "Ragione sociale;Partita IVA;Città\nBar Centrale;IT01234567890;Cesena\nCaffè Società;02345678901;Forlì\n")
        _ = try await world.upload(.discount, "Fornitore;Cliente;Sconto 1\nTorrefazione Rossi;Bar Centrale;10\n")
        try await world.sync()
        let before = try #require(try world.agent.customers().first { $0.companyName == "Bar Centrale" })

        let renamed = try await world.upload(
            .customer, "Ragione sociale;Partita IVA;Città\nBar Centrale S.n.c.;01234567890;Cesena\nCaffè Società;02345678901;Forlì\n", wholeList: true)
        #expect(renamed.updated == 1 && renamed.inserted == 0 && renamed.deleted == 0)
        try await world.sync()
        let after = try #require(try world.agent.customers().first { $0.companyName == "Bar Centrale S.n.c." })
        #expect(after.id == before.id)
        #expect(try world.agent.customers().count == 2)
        #expect(try world.agent.discounts().map(\.customerID) == [before.id])
    }

    /// A sheet first keyed on names, later given partita IVA, then renamed: every step finds the
    /// same customer through what it holds.
    @Test func aCustomerFirstKnownByNameIsFoundByItsVATNumberLater() async throws {
        var world = try await World()
        _ = try await world.upload(.customer, "Ragione sociale;Città\nBar Centrale;Cesena\n")
        try await world.sync()
        let first = try #require(try world.agent.customers().first)
        let withVAT = try await world.upload(.customer, "Ragione sociale;P. IVA;Città\nBar Centrale;01234567890;Cesena\n", wholeList: true)
        #expect(withVAT.updated == 1 && withVAT.deleted == 0)
        let renamed = try await world.upload(.customer, "Ragione sociale;P. IVA;Città\nBar Centrale S.n.c.;01234567890;Cesena\n", wholeList: true)
        #expect(renamed.updated == 1 && renamed.deleted == 0 && renamed.inserted == 0)
        try await world.sync()
        #expect(try world.agent.customers().map(\.id) == [first.id])
        #expect(try world.agent.customers().first?.companyName == "Bar Centrale S.n.c.")
    }

    /// Branches of one company share its partita IVA: they stay two customers.
    @Test func branchesSharingAVATNumberAreToldApartByName() async throws {
        var world = try await World()
        let upload = try await world.upload(
            .customer, "Ragione sociale;Partita IVA;Città\nAutogrill Cesena Nord;01234567890;Cesena\nAutogrill Forlì;01234567890;Forlì\n")
        #expect(upload.inserted == 2)
        try await world.sync()
        #expect(try world.agent.customers().count == 2)
    }
}
