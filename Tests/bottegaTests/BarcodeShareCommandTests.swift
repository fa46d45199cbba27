import Foundation
import Testing

/// Issue 39: `barcode share` named symbologies `--format EAN_13` where `encode` and `decode` say
/// `--type ean13`; both spellings now reach the same code, `--type` being the documented one.
@Suite struct BarcodeShareCommandTests {
    @Test func shareTakesTypeAsEncodeAndDecodeDo() throws {
        let session = try WorkspaceSession()
        let typed = try session.bottega("barcode", "share", "--type", "ean13", "4006381333931", "--description", "Pens")
        #expect(typed.status == 0 && typed.standardOutput.contains("EAN_13 4006381333931"), "\(typed.standardError)")
        let older = try session.bottega("barcode", "share", "--format", "EAN_8", "96385074")
        #expect(older.status == 0 && older.standardOutput.contains("EAN_8 96385074"), "\(older.standardError)")
        let none = try session.bottega("barcode", "share", "96385074")
        #expect(none.status != 0 && none.standardError.contains("--type ean13"))
        let wrong = try session.bottega("barcode", "share", "--type", "EAN_13", "4006381333931")
        #expect(wrong.status != 0)
    }
}
