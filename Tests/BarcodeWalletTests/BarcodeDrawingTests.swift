import BarcodeKit
import BarcodeWallet
import Testing

/// The small SVGs of the history rows.
@Suite struct BarcodeDrawingTests {
    /// An EAN-13 has 30 bars: two per digit for the 12 encoded digits, and two in each of the
    /// three guard patterns (ISO/IEC 15420).
    @Test func anEAN13IsDrawnWithItsThirtyBars() throws {
        let svg = try BarcodeDrawing.render(format: .ean13, text: "4006381333931")
        #expect(svg.hasPrefix("<svg"))
        #expect(svg.contains("EAN_13 4006381333931"))
        #expect(svg.components(separatedBy: "<rect x=").count - 1 == 30)
    }

    @Test func everyFormatDraws() throws {
        let samples: [(BarcodeFormat, String)] = [
            (.ean13, "4006381333931"), (.ean8, "96385074"), (.upcA, "042100005264"), (.upcE, "04252614"),
            (.code128, "Bottega 128"), (.qrCode, "https://www.unipd.it/"),
        ]
        for (format, text) in samples {
            let svg = try BarcodeDrawing.render(format: format, text: text)
            #expect(svg.hasPrefix("<svg"), "\(format)")
            #expect(svg.hasSuffix("</svg>\n"), "\(format)")
        }
        #expect(try BarcodeDrawing.render(format: .qrCode, text: "hello").contains("<path d=\"M"))
    }

    @Test func anInvalidCodeIsRefusedWithBarcodeKitsReason() {
        #expect(throws: BarcodeError.wrongCheckDigit(found: "2", expected: "1", format: .ean13)) {
            try BarcodeDrawing.render(format: .ean13, text: "4006381333932")
        }
    }
}
