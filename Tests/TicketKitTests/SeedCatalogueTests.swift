import Amounts
import Credentials
import Foundation
import GRDB
import Testing
import TicketKit
import TestSupport

/// The shipped seed catalogue against the public data it was built from
/// (../shared/fixtures/tickets): provinces equal to province.csv, GTFS fares equal to
/// fare_attributes.txt, the fares of NOTES.md, and every invented value marked as sample.
@Suite struct SeedCatalogueTests {
    static let fixtures = SharedFixtures.url("tickets")
    static let present = SharedFixtures.enabled("tickets")

    /// A small CSV reader for the fixtures: quoted cells, a BOM and CRLF line ends are all met there.
    static func rows(_ relativePath: String) throws -> [[String: String]] {
        var text = try String(contentsOf: fixtures.appendingPathComponent(relativePath), encoding: .utf8)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n").map { line in
            line.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        guard let header = lines.first else { return [] }
        return lines.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
    }

    @Test func theSeedIsValidAndDemonstrable() throws {
        let seed = try TicketCatalogue.seed()
        try seed.validate()
        for op in seed.operators {
            #expect(op.offers(.single), "\(op.code) must sell single tickets")
            #expect(op.timeZone == "Europe/Rome")
        }
        // The thesis's city, and the two largest, sell all three services.
        for province in ["PD", "MI", "RM"] {
            #expect(seed.operators(inProvince: province).contains { $0.services == Set(TicketService.allCases) }, "\(province)")
        }
        // Padova's SMS is sample data, composed from the thesis's full syntax.
        let padova = try #require(seed.operator(code: "BUSITALIA-PD"))
        #expect(padova.isSample && padova.smsNumber != nil)
    }

    @Test func everyInventedValueIsSampleAndEveryRealOneHasASource() throws {
        let seed = try TicketCatalogue.seed()
        for product in seed.products {
            if product.source.contains("SAMPLE") { #expect(product.isSample, "\(product.code)") }
            if !product.isSample {
                // A fixture file, or a dated web page (issue 24 added the ten largest cities' fares from the press).
                let named = ["NOTES.md", "gtfs/", ".it", ".com"].contains { product.source.contains($0) }
                #expect(product.source.count > 20 && named && FareAge(product.asOf) != nil, "\(product.code)")
            }
        }
        for op in seed.operators where !op.isSample {
            #expect(op.source.count > 20, "\(op.code)")
        }
    }

    @Test(.enabled(if: present, Comment(rawValue: SharedFixtures.skipMessage("tickets"))))
    func provincesEqualTheISTATTable() throws {
        let seed = try TicketCatalogue.seed()
        let rows = try Self.rows("geo/derived/province.csv")
        #expect(rows.count == 107)
        #expect(seed.provinces.count == 107)
        for row in rows {
            let province = try #require(seed.province(code: row["sigla"] ?? ""), "\(row)")
            #expect(province.name == row["denominazione"])
            #expect(province.region == row["regione"])
            #expect(province.capital == row["capoluogo"])
            #expect(province.capitalCoordinate.latitude == Double(row["capoluogo_lat"] ?? ""))
            #expect(province.capitalCoordinate.longitude == Double(row["capoluogo_lon"] ?? ""))
        }
    }

    @Test(.enabled(if: present, Comment(rawValue: SharedFixtures.skipMessage("tickets"))), arguments: ["amat-palermo", "arst-sardegna"])
    func gtfsFaresEqualFareAttributes(feed: String) throws {
        let seed = try TicketCatalogue.seed()
        let fares = try Self.rows("gtfs/\(feed)/fare_attributes.txt")
        #expect(!fares.isEmpty)
        for fare in fares {
            let id = try #require(fare["fare_id"]), price = try #require(Money(fare["price"] ?? ""))
            let citing = seed.products.filter { $0.source.hasPrefix("gtfs/\(feed)/fare_attributes.txt fare_id \(id):") }
            guard price > .zero else {
                #expect(citing.isEmpty, "a free fare cannot be a product: \(id)")
                continue
            }
            let product = try #require(citing.first, "fare \(id) of \(feed) is missing")
            #expect(citing.count == 1)
            #expect(product.price == price, "\(id)")
            #expect(fare["currency_type"] == "EUR")
            if let seconds = Int(fare["transfer_duration"] ?? "") {
                #expect(product.validityMinutes.map { $0 * 60 } == seconds, "\(id)")
                #expect(!product.isSample)
            } else {
                #expect(product.isSample, "\(id): the feed gives no duration, so the minutes are invented")
            }
        }
    }

    /// The fares NOTES.md §2–3 reports, typed here from the notes.
    @Test func realFaresAndSMSNumbersMatchTheNotes() throws {
        let seed = try TicketCatalogue.seed()
        let expected: [(product: String, price: String, minutes: Int, sms: String?, keyword: String)] = [
            ("ATM-MI-ORD90", "2.20", 90, "48444", "ATM"),
            ("ATAF-FI-90", "1.20", 90, "4880105", "ATAF"),
            ("TPL-SV-150", "2.60", 150, "4887887", "Tpl"),
            ("ATC-SP-U", "1.50", 60, "4850207", "ATC U"),
            ("ATC-SP-E3", "3.00", 90, "4850207", "ATC E3"),
            ("ATAP-PN-60", "1.50", 60, "4890891", "Atap"),
            ("ATAC-RM-BIT", "1.50", 100, nil, ""),
            ("BUSITALIA-PD-TU1", "1.70", 90, "0000000", "TU1"),
            ("GTT-TO-CITY100", "1.70", 100, nil, ""),
            ("AMT-GE-BUS110", "2.00", 110, nil, ""),
            ("AMT-GE-BUSTRAIN110", "2.20", 110, nil, ""),
            ("AMAT-PA-BEFORE", "1.40", 90, nil, ""),
            ("AMAT-PA-ONBOARD", "1.80", 90, nil, ""),
        ]
        for fare in expected {
            let product = try #require(seed.product(code: fare.product))
            #expect(product.price == Money(fare.price), "\(fare.product)")
            #expect(product.validityMinutes == fare.minutes, "\(fare.product)")
            #expect(product.smsKeyword == fare.keyword, "\(fare.product)")
            #expect(seed.operator(code: product.operatorCode)?.smsNumber == fare.sms, "\(fare.product)")
        }
        let carnet = try #require(seed.product(code: "AMT-GE-CARNET11"))
        #expect(carnet.rides == 11 && carnet.price == Money("20.00"))
        let milan = try #require(seed.product(code: "ATM-MI-CARNET10"))
        #expect(milan.rides == 10 && milan.price == Money("19.50"))
    }
}

/// Issue 24: fares came from sources dated 2012–2024 and no screen said how old a fare was.
@Suite struct FareDateTests {
    @Test func everySeedFareSaysWhenItWasTrue() throws {
        let seed = try TicketCatalogue.seed()
        for product in seed.products {
            #expect(FareAge(product.asOf) != nil, "\(product.code): asOf \"\(product.asOf)\"")
            #expect(!product.source.isEmpty, "\(product.code) has no source")
        }
        #expect(seed.product(code: "AMT-GE-BUS110")?.asOf == "2024-05-01")
        for op in seed.operators { #expect(FareAge(op.asOf) != nil, "\(op.code): asOf \"\(op.asOf)\"") }
        #expect(seed.operator(code: "ATAF-FI")?.asOf == "2012-03-30", "the SMS number 4880105 is dated by its source")
        #expect(seed.product(code: "ATAF-FI-90")?.asOf == "2012-03-30")
    }

    @Test func aFareMoreThanTwoYearsOldIsFlagged() throws {
        let now = Rome.day(2026, 11, 27)
        #expect(try #require(FareAge("2024")).isStale(at: now) == false, "2024 ends on 31 December 2024: less than two years ago")
        #expect(try #require(FareAge("2024-05")).isStale(at: now) == true)
        #expect(try #require(FareAge("2012-03-30")).isStale(at: now) == true)
        #expect(try #require(FareAge("2026-11-01")).isStale(at: now) == false)
        for bad in ["", "24", "2024-13", "2024-02-30", "May 2024", "2024-5"] { #expect(FareAge(bad) == nil, "\(bad)") }
    }

    @Test func aFareSavedWithoutADateIsTodaysAndABadDateIsRefused() throws {
        let store = try TicketStore(database: DatabaseQueue(), keys: .ephemeral(), now: { Rome.day(2026, 11, 27, hour: 10) })
        try store.seedIfEmpty()
        var fare = try #require(try store.catalogue().product(code: "AMT-GE-BUS110"))
        fare.asOf = ""
        try store.save(fare)
        #expect(try store.catalogue().product(code: "AMT-GE-BUS110")?.asOf == "2026-11-27")
        fare.asOf = "last year"
        #expect(throws: CatalogueError.invalidFareDate("last year", product: "AMT-GE-BUS110")) { try store.save(fare) }
    }
}
