import BarcodeKit
import Testing

/// The expected texts of the zxing-cpp black-box samples (see fixtures/barcodes/SOURCES.md):
/// real printed numbers, so every one must pass the check. UPC-A and UPC-E are stored as
/// 13 digits (leading 0; UPC-E expanded).
@Suite("Real EAN/UPC numbers from the fixtures", EANUPCFixtures.required)
struct EANUPCFixtureTests {
    @Test("EAN-13 folders", arguments: ["ean13-1", "ean13-2", "ean13-3"])
    func test_ean13ExpectedTextsPassTheCheck(folder: String) throws {
        let texts = try EANUPCFixtures.expectedTexts(in: folder)
        #expect(!texts.isEmpty)
        for text in texts {
            #expect(try EANUPC.check(text).format == .ean13, "\(folder): \(text)")
        }
    }

    @Test func test_ean8ExpectedTextsPassTheCheck() throws {
        let texts = try EANUPCFixtures.expectedTexts(in: "ean8-1")
        #expect(texts.count == 9)
        for text in texts {
            #expect(try EANUPC.check(text).format == .ean8, "\(text)")
        }
    }

    @Test("UPC-A folders", arguments: ["upca-1", "upca-2", "upca-3"])
    func test_upcAExpectedTextsPassAsUPCA(folder: String) throws {
        let texts = try EANUPCFixtures.expectedTexts(in: folder)
        #expect(!texts.isEmpty)
        for text in texts {
            #expect(text.hasPrefix("0"))
            let code = try EANUPC.check(String(text.dropFirst()), as: .upcA)
            #expect(code.gtin13 == text)
        }
    }

    @Test("UPC-E folders", arguments: ["upce-1", "upce-2"])
    func test_upcEExpectedTextsCompressAndExpandBack(folder: String) throws {
        let texts = try EANUPCFixtures.expectedTexts(in: folder)
        #expect(!texts.isEmpty)
        for text in texts {
            let upcA = String(text.dropFirst())
            let upcE = try #require(UPCE.compress(upcA), "\(folder): \(text) should be a zero-suppressible UPC-A")
            let code = try EANUPC.check(upcE, as: .upcE)
            #expect(code.gtin13 == text)
        }
    }

    @Test func test_addOnTextsSplitIntoAValidEAN13AndAnEncodableAddOn() throws {
        let texts = try EANUPCFixtures.expectedTexts(in: "ean13-extension-1")
        #expect(!texts.isEmpty)
        for text in texts {
            #expect(text.count == 15 || text.count == 18)
            _ = try EANUPC.check(String(text.prefix(13)))
            let addOn = try EANAddOn.encode(String(text.dropFirst(13)))
            #expect(addOn.count == (text.count == 15 ? 20 : 47))
        }
    }

    @Test func test_fixtureNumbersEncodeToFullSymbols() throws {
        for text in try EANUPCFixtures.expectedTexts(in: "ean13-1") {
            #expect(try EANUPCEncoder.encode(text, as: .ean13).modules.count == 95)
        }
    }
}
