import BarcodeKit
import Testing

/// EAN-2 and EAN-5 add-ons after EAN-13, UPC-A and UPC-E (GS1 General Specifications §5.2.2.6).
@Suite("Linear reader: add-ons")
struct EANAddOnReaderTests {
    @Test("add-on digits are appended, kept in details and flagged ]E3",
          arguments: [("9780201752847", BarcodeFormat.ean13, "55999"), ("03600029145", .upcA, "12"),
                      ("04252614", .upcE, "01"), ("9771699057002", .ean13, "00020")])
    func test_addOnIsAppended(number: String, format: BarcodeFormat, addOn: String) throws {
        let symbol = try EANUPCEncoder.encode(number, as: format)
        let image = SymbolPainter(module: 2, blur: 1).paint(try LinearFixtures.modules(symbol, addOn: addOn))
        let result = try #require(LinearReader().decode(image).first)
        let main = format == .upcE ? "0" + (try UPCE.expand(number)) : (format == .upcA ? "0" + symbol.text : symbol.text)
        #expect(result.format == format)
        #expect(result.text == main + addOn)
        #expect(result.details.addOn == addOn)
        #expect(result.symbologyIdentifier == "]E3")
    }

    @Test func test_ignoringAddOnsReportsTheMainSymbolAlone() throws {
        let symbol = try EANUPCEncoder.encode("9780201752847", as: .ean13)
        let image = SymbolPainter(module: 2).paint(try LinearFixtures.modules(symbol, addOn: "55999"))
        let result = try #require(LinearReader(addOns: .ignore).decode(image).first)
        #expect(result.text == "9780201752847")
        #expect(result.details.addOn == nil)
        #expect(result.symbologyIdentifier == "]E0")
    }

    @Test func test_requiringAddOnsDropsSymbolsWithout() throws {
        let symbol = try EANUPCEncoder.encode("9780201752847", as: .ean13)
        let image = SymbolPainter(module: 2).paint(symbol.modules)
        #expect(LinearReader(addOns: .require).decode(image).isEmpty)
        #expect(LinearReader(addOns: .read).decode(image).map(\.text) == ["9780201752847"])
    }

    @Test func test_anAddOnWithTheWrongParityIsNotRead() throws {
        let symbol = try EANUPCEncoder.encode("9780201752847", as: .ean13)
        // "12" has value 12 ≡ 0 (mod 4): sets LL. Drawn with the second digit in set G, the
        // parity no longer matches its value, so the add-on must be refused.
        var addOn = try EANAddOn.encode("12")
        addOn.replaceSubrange(13..<20, with: EANDigitSet.g.modules(for: 2))
        let drawn = symbol.modules + [Bool](repeating: false, count: 9) + addOn
        let results = LinearReader().decode(SymbolPainter(module: 2).paint(drawn))
        #expect(results.map(\.text) == ["9780201752847"])
    }
}
