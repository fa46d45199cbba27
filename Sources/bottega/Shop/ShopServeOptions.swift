import ArgumentParser
import BottegaWeb
import ShopWeb
import Foundation
import GRDB
import ShopKit
import ShopReplay

/// `bottega serve`'s storefront options: a real shop (`--shop-url` or `$SHOP_URL`, the key only
/// from `$SHOP_KEY` — a flag would show it in `ps`), or `--shop-replay DIR`, recorded traffic
/// served in-process on a free 127.0.0.1 port.
struct ShopServeOptions: ParsableArguments {
    @Option(help: "The PrestaShop shop to sell from (default $SHOP_URL); its webservice key comes from $SHOP_KEY only.")
    var shopURL: String?
    @Option(help: "Serve the storefront from recorded PrestaShop traffic in this folder (e.g. ../shared/fixtures/prestashop/ps-1.6.1_oca-connector-prestashop).")
    var shopReplay: String?
    @Option(help: "The youngest age at which a customer may register (the thesis's rule; 0 turns it off).")
    var shopMinimumAge: Int = 18
    @Option(help: "Where product images are cached (default: shop-images beside the database).")
    var shopImages: String?

    var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// Runs `body` with the storefront's services, or nil when no shop is configured. A replay
    /// runs for as long as `body` does.
    func withShop(database: any DatabaseWriter, databasePath: String, _ body: @Sendable @escaping (ShopServices?) async throws -> Void) async throws {
        let images = shopImages.map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: databasePath).deletingLastPathComponent().appendingPathComponent("shop-images")
        let cookieKey = CustomerLogin.cookieKey(from: environment)
        if let folder = shopReplay {
            let archive: ReplayArchive
            do {
                archive = try ReplayArchive.load(folder: URL(fileURLWithPath: folder))
            } catch {
                throw ValidationError("--shop-replay \(folder) is not a folder of PrestaShop recordings: \(error.localizedDescription)")
            }
            // $SHOP_KEY when given (so a test can also write to the replay), else a random key.
            let key = environment["SHOP_KEY"].flatMap { $0.count == 32 ? $0 : nil } ?? Self.randomKey()
            let server = ShopReplayServer(archive: archive, keys: [key])
            let minimumAge = shopMinimumAge
            try await server.run { base in
                StandardError.write("Shop: replaying \(archive.name) (PrestaShop \(archive.version)) on \(base.absoluteString)api/")
                let services = try ShopServices.connect(
                    shopURL: base.absoluteString, key: key, cookieKey: cookieKey, minimumAge: minimumAge, database: database,
                    imageFolder: images)
                try await body(services)
            }
            return
        }
        guard let url = shopURL ?? environment["SHOP_URL"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            try await body(nil)
            return
        }
        guard let key = environment["SHOP_KEY"], !key.isEmpty else {
            throw ValidationError("a shop at \(url) needs its webservice key in $SHOP_KEY (never as a flag: it would show in ps)")
        }
        let services: ShopServices
        do {
            services = try ShopServices.connect(shopURL: url, key: key, cookieKey: cookieKey, minimumAge: shopMinimumAge, database: database, imageFolder: images)
        } catch let error as ShopConfigurationError {
            throw ValidationError("the shop configuration: \(error.localizedDescription)")
        }
        try await body(services)
    }

    /// 32 letters and digits, as the back office makes keys.
    static func randomKey() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<32).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }
}
