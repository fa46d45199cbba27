import BarcodeKit
import Testing

/// Prefixes from the GS1 Company Prefix list (gs1.org/standards/id-keys/company-prefix).
@Suite("GS1 Prefix lookup")
struct GS1CountryTests {
    @Test("codes", arguments: [
        ("8001234567897", "Italy, San Marino & Vatican City"),   // the thesis: "80–83 = Italy"
        ("8391234567890", "Italy, San Marino & Vatican City"),
        ("4006381333931", "Germany"),
        ("4401234567890", "Germany"),
        ("4501234567890", "Japan"),
        ("4901234567890", "Japan"),
        ("3001234567890", "France & Monaco"),
        ("3791234567890", "France & Monaco"),
        ("9780306406157", "Bookland (ISBN; 979-0 ISMN)"),
        ("9790123456789", "Bookland (ISBN; 979-0 ISMN)"),
        ("9771699057002", "Serial publications (ISSN)"),
        ("0191234567890", "United States & Canada"),
        ("036000291452", "United States & Canada"),             // UPC-A, read as 0036…
        ("0501234567890", "Coupons (GS1 US)"),
        ("2001234567890", "Restricted circulation (regional, in-store)"),
        ("96385074", "GS1 Global Office (GTIN-8 allocations)"),  // EAN-8
        ("20123451", "Restricted circulation (RCN-8, in-store)"), // EAN-8 starting 2
        ("50123452", "United Kingdom"),                          // EAN-8 under a member prefix
        ("8412345678905", "Spain & Andorra"),
        ("6901234567892", "China"),
        ("7601234567890", "Switzerland & Liechtenstein"),
    ])
    func test_looksUpTheIssuingOrganisation(code: String, name: String) {
        #expect(GS1Country.lookup(code)?.name == name)
    }

    @Test func test_unassignedPrefixesAndBadInputGiveNil() {
        #expect(GS1Country.lookup(prefix: 140) == nil)
        #expect(GS1Country.lookup(prefix: 199) == nil)
        #expect(GS1Country.lookup(prefix: 441) == nil)
        #expect(GS1Country.lookup("1401234567890") == nil)
        #expect(GS1Country.lookup("97712345") == nil)     // GTIN-8s are never issued under 977–999
        #expect(GS1Country.lookup("80012345678") == nil)  // 11 digits
        #expect(GS1Country.lookup("8OO1234567897") == nil)
    }

    @Test func test_restrictedCirculationIsFlagged() {
        #expect(GS1Country.lookup(prefix: 25)?.isRestrictedCirculation == true)
        #expect(GS1Country.lookup(prefix: 45)?.isRestrictedCirculation == true)
        #expect(GS1Country.lookup(prefix: 250)?.isRestrictedCirculation == true)
        #expect(GS1Country.lookup(prefix: 800)?.isRestrictedCirculation == false)
    }

    @Test func test_tableIsSortedAndNonOverlapping() {
        let table = GS1Country.table
        #expect(table.count >= 130)
        for (earlier, later) in zip(table, table.dropFirst()) {
            #expect(earlier.prefixes.upperBound < later.prefixes.lowerBound, "\(earlier.name) overlaps \(later.name)")
        }
    }
}
