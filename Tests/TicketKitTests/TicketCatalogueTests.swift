import Foundation
import Testing
import TicketKit

/// Lookups, the JSON shape the API and the seed file use, and every validation rule.
@Suite struct TicketCatalogueTests {
    let catalogue = TestCatalogue.catalogue

    @Test func looksUpProvincesOperatorsAndProducts() {
        #expect(catalogue.province(code: "PD")?.name == "Padova")
        #expect(catalogue.province(code: "XX") == nil)
        #expect(catalogue.operators(inProvince: "PD").map(\.code) == ["BUS-PD", "BOAT-VE"])
        #expect(catalogue.operators(inProvince: "VE").map(\.code) == ["BOAT-VE"])
        #expect(catalogue.operators(inProvince: "XX").isEmpty)
        #expect(catalogue.operator(code: "BOAT-VE")?.name == "Boats of Venice")
        #expect(catalogue.operator(code: "NOPE") == nil)
        #expect(catalogue.products(operatorCode: "BUS-PD").map(\.code) == ["BUS-PD-90", "BUS-PD-CARNET3", "BUS-PD-MONTH", "BUS-PD-YEAR"])
        // A carnet is sold only as multiple tickets; a pass only as a subscription.
        #expect(catalogue.products(operatorCode: "BUS-PD", service: .single).map(\.code) == ["BUS-PD-90"])
        #expect(catalogue.products(operatorCode: "BUS-PD", service: .multiple).map(\.code) == ["BUS-PD-90", "BUS-PD-CARNET3"])
        #expect(catalogue.products(operatorCode: "BUS-PD", service: .subscription).map(\.code) == ["BUS-PD-MONTH", "BUS-PD-YEAR"])
    }

    @Test func theNearestProvinceIsTheNearestCapital() throws {
        // Mestre station, by hand: Venezia's capital is 0.045° south and 0.10° east, about 9.4 km;
        // Padova's is 0.076° south and 0.36° west, about 29 km.
        let mestre = try #require(catalogue.nearestProvince(to: Coordinate(latitude: 45.4825, longitude: 12.2323)))
        #expect(mestre.province.code == "VE")
        #expect(abs(mestre.kilometres - 9.4) < 1)
        #expect(TicketCatalogue().nearestProvince(to: Coordinate(latitude: 45, longitude: 12)) == nil)
    }

    @Test func productKindsAreFlatInJSON() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let ride = String(decoding: try encoder.encode(TestCatalogue.ride), as: UTF8.self)
        #expect(ride.contains(#""kind":"ride""#) && ride.contains(#""validityMinutes":90"#) && ride.contains(#""price":"1.70""#))
        #expect(!ride.contains("rides"))
        let month = String(decoding: try encoder.encode(TestCatalogue.month), as: UTF8.self)
        #expect(month.contains(#""kind":"subscription""#) && month.contains(#""subscriptionType":"Urban""#) && month.contains(#""period":"month""#))
        #expect(String(decoding: try encoder.encode(TestCatalogue.carnet), as: UTF8.self).contains(#""rides":3"#))
        let decoded = try JSONDecoder().decode(TicketCatalogue.self, from: encoder.encode(catalogue))
        #expect(decoded == catalogue)
        // Services in a fixed order, so the same catalogue is always the same text.
        #expect(String(decoding: try encoder.encode(TestCatalogue.bus), as: UTF8.self).contains(#""services":["single","multiple","subscription"]"#))
        let unknownKind = #"{"code":"X-1","operatorCode":"BUS-PD","name":"x","kind":"ferry","price":"1.00","isSample":true,"source":""}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(TicketProduct.self, from: Data(unknownKind.utf8)) }
    }

    @Test func theTestCatalogueIsValid() throws {
        try catalogue.validate()
    }

    /// `change` breaks one rule; the catalogue must be refused with `expected`.
    func refuses(_ expected: CatalogueError, _ change: (inout TicketCatalogue) -> Void) {
        var broken = catalogue
        change(&broken)
        #expect(throws: expected) { try broken.validate() }
    }

    @Test func everyRuleHasItsError() throws {
        let codeRule = "2 to 32 upper-case letters A–Z, digits and hyphens, e.g. ATM-MI"
        refuses(.invalidCode("bus-pd", entity: .operator, rule: codeRule)) { $0.operators[0].code = "bus-pd" }
        refuses(.invalidCode(String(repeating: "A", count: 33), entity: .product, rule: codeRule)) {
            $0.products[4].code = String(repeating: "A", count: 33)
        }
        refuses(.invalidCode("PDX", entity: .province, rule: "two upper-case letters, the sigla automobilistica, e.g. PD")) {
            $0.provinces[0].code = "PDX"
        }
        refuses(.emptyName(entity: .product, code: "BUS-PD-90")) { $0.products[0].name = "  " }
        refuses(.emptyName(entity: .operator, code: "BUS-PD")) { $0.operators[0].name = "" }
        refuses(.duplicateCode("BUS-PD-90", entity: .product)) { $0.products[1].code = "BUS-PD-90" }
        refuses(.duplicateCode("VE", entity: .province)) { $0.provinces.append(TestCatalogue.venezia) }
        refuses(.priceNotPositive(product: "BUS-PD-YEAR")) { $0.products[3].price = .zero }
        refuses(.unknownProvince("VR")) { $0.operators[1].provinceCodes.append("VR") }
        refuses(.noProvince(operatorCode: "BOAT-VE")) { $0.operators[1].provinceCodes = [] }
        refuses(.unknownOperator("FERRY")) { $0.products[4].operatorCode = "FERRY" }
        refuses(.serviceWithoutProduct(operatorCode: "BOAT-VE", service: .subscription)) { $0.operators[1].services.insert(.subscription) }
        // Removing the only single ride leaves "single" with nothing (the carnet is not sold singly).
        refuses(.serviceWithoutProduct(operatorCode: "BUS-PD", service: .single)) { $0.products.remove(at: 0) }
        refuses(.invalidTimeZone("Europe/Padova", operatorCode: "BUS-PD")) { $0.operators[0].timeZone = "Europe/Padova" }
        refuses(.invalidSMSNumber("48 444", operatorCode: "BUS-PD")) { $0.operators[0].smsNumber = "48 444" }
        refuses(.invalidCoordinate(province: "PD")) { $0.provinces[0].capitalCoordinate.latitude = 145 }
        refuses(.invalidValidity(minutes: 0, product: "BUS-PD-90")) { $0.products[0].kind = .ride(validityMinutes: 0) }
        refuses(.invalidRides(2, product: "BUS-PD-MONTH")) { $0.products[2].rides = 2 }
        refuses(.invalidRides(0, product: "BUS-PD-CARNET3")) { $0.products[1].rides = 0 }
        refuses(.invalidKeyword("TU{start}", product: "BUS-PD-90")) { $0.products[0].smsKeyword = "TU{start}" }
    }

    @Test func smsTemplatesUseOnlyKnownPlaceholders() {
        for (template, reasonStart) in [
            ("", "it is empty"), ("{keyword} {date}", "{date} is not a placeholder"), ("{keyword", "a { is not closed"),
            ("keyword}", "a } has no matching {"), ("{quantity} tickets", "it needs {keyword}"),
            (String(repeating: "x", count: 161) + "{keyword}", "it is longer than one SMS"),
        ] {
            var broken = catalogue
            broken.operators[0].messageTemplate = template
            #expect {
                try broken.validate()
            } throws: { error in
                guard case .invalidTemplate("BUS-PD", let reason) = error as? CatalogueError else { return false }
                return reason.hasPrefix(reasonStart)
            }
        }
    }

    @Test func errorsHaveStableCodesAndActionableMessages() {
        let error = CatalogueError.serviceWithoutProduct(operatorCode: "BOAT-VE", service: .subscription)
        #expect(error.code == "service without product")
        #expect(error.errorDescription == "BOAT-VE offers \"Subscription\" but sells no product under it: add one first, or stop offering the service")
        #expect(CatalogueError.unknownProvince("XX").code == "unknown province")
    }
}
