import Foundation
import Testing

/// `bottega serve`'s shop options refuse what cannot work before serving anything: a
/// `--shop-replay` folder that holds no recordings, a shop without its key in `$SHOP_KEY`.
struct ShopServeCommandTests {
    @Test func aReplayFolderWithoutRecordingsIsRefusedAtStart() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shop-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try CommandLineRun.bottega(
            "serve", "--port", "0", "--db", folder.appendingPathComponent("bottega.sqlite").path, "--shop-replay", folder.path,
            environment: ["SHOP_URL": "", "SHOP_KEY": ""])
        #expect(run.status != 0)
        #expect(run.standardError.contains("is not a folder of PrestaShop recordings"), "\(run.standardError)")
    }

    @Test func aShopWithoutItsKeyIsRefusedAtStart() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shop-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try CommandLineRun.bottega(
            "serve", "--port", "0", "--db", folder.appendingPathComponent("bottega.sqlite").path,
            environment: ["SHOP_URL": "http://127.0.0.1:9/", "SHOP_KEY": ""])
        #expect(run.status != 0)
        #expect(run.standardError.contains("needs its webservice key in $SHOP_KEY"), "\(run.standardError)")
    }
}
