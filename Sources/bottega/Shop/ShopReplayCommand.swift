import ArgumentParser
import Foundation
import ShopReplay

/// `bottega shop replay DIR`: a PrestaShop webservice on 127.0.0.1 answering from recorded
/// traffic — to try `bottega shop get` (and later the storefront) without a shop.
struct ShopReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Serve recorded PrestaShop webservice traffic (e.g. ../shared/fixtures/prestashop/ps-1.6.1_oca-connector-prestashop) on 127.0.0.1.",
        discussion: "Reads are answered as recorded; writes go to a small emulator of the documented behaviour. Not a PrestaShop: checked against recordings only."
    )

    @Argument(help: "A folder of recordings.") var folder: String
    @Option(help: "The port (0 picks a free one).") var port: Int = 0
    @Option(help: "The 32-character key clients must send (default: $SHOP_KEY).") var key: String?

    func run() async throws {
        let archive: ReplayArchive
        do {
            archive = try ReplayArchive.load(folder: URL(fileURLWithPath: folder))
        } catch {
            throw CommandFailure("\(folder): \(error.localizedDescription)")
        }
        guard let key = key ?? ProcessInfo.processInfo.environment["SHOP_KEY"], key.count == 32 else {
            throw ValidationError("give the 32-character key the replay accepts with --key or $SHOP_KEY")
        }
        let server = ShopReplayServer(archive: archive, keys: [key])
        let app = server.application(port: port) { port in
            StandardError.write("PrestaShop replay (\(archive.name), PrestaShop \(archive.version)) on http://127.0.0.1:\(port)/api/")
        }
        try await app.runService()
    }
}
