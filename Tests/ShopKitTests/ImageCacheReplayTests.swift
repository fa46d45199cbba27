import Foundation
import ShopKit
import ShopReplay
import Testing

/// The image cache fetching through `WebserviceClient` over HTTP, from the replay server's
/// image stubs (the recordings hold no image bytes).
@Suite(.enabled(if: ReplayFixtures.available, ReplayFixtures.skipReason))
struct ImageCacheReplayTests {
    @Test func theClientsImageGETFillsTheCache() async throws {
        let folder = ImageSamples.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await ReplayFixtures.withShop(ReplayFixtures.oca) { server, client, _ in
            await server.stub(path: "images/products/1/1/home_default", headers: [(name: "Content-Type", value: "image/jpeg")], body: ImageSamples.jpeg)
            await server.stub(path: "images/products/1/2", headers: [(name: "Content-Type", value: "image/png")], body: ImageSamples.png)
            let cache = ShopImageCache(folder: folder, fetcher: client)
            let jpeg = try await cache.image(product: 1, image: 1, type: "home_default")
            let png = try await cache.image(product: 1, image: 2)
            #expect(jpeg.bytes == ImageSamples.jpeg && jpeg.mimeType == "image/jpeg")
            #expect(png.bytes == ImageSamples.png && png.mimeType == "image/png")
            #expect(ImageSamples.files(in: folder) == ["product-1_image-1_home_default.jpg", "product-1_image-2_original.png"])

            // The shop no longer answers, the folder still does.
            await server.stub(path: "images/products/1/2", status: 404, headers: [(name: "Content-Type", value: "text/xml")],
                              body: Array("<?xml version=\"1.0\"?><prestashop><errors/></prestashop>".utf8))
            #expect(try await cache.image(product: 1, image: 2).bytes == ImageSamples.png)
        }
    }

    @Test func aCutOrMissingImageOverHTTPIsNotStored() async throws {
        let folder = ImageSamples.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await ReplayFixtures.withShop(ReplayFixtures.oca) { server, client, _ in
            // The server sends a whole HTTP body that is itself a cut JPEG (no FF D9).
            await server.stub(path: "images/products/2/3", headers: [(name: "Content-Type", value: "image/jpeg")], body: Array(ImageSamples.jpeg.prefix(120)))
            let cache = ShopImageCache(folder: folder, fetcher: client)
            await #expect {
                _ = try await cache.image(product: 2, image: 3)
            } throws: { error in
                guard case .damagedDownload(_, let reason) = error as? ImageCacheError else { return false }
                return reason.contains("FF D9")
            }
            // No stub at all: the shop's 404, typed, and nothing stored.
            await #expect {
                _ = try await cache.image(product: 2, image: 4)
            } throws: { error in
                guard case .fetch(let key, _) = error as? ImageCacheError else { return false }
                return key == "product 2 image 4 (original)"
            }
            // The connection closes halfway through a whole image: the client's typed
            // truncation, and nothing stored.
            await server.stub(path: "images/products/2/5", headers: [(name: "Content-Type", value: "image/jpeg")], body: ImageSamples.jpeg)
            await server.inject(.truncatedBody, at: "images/products/2/5")
            await #expect {
                _ = try await cache.image(product: 2, image: 5)
            } throws: { error in
                guard case .fetch(_, .truncatedBody) = error as? ImageCacheError else { return false }
                return true
            }
            #expect(ImageSamples.files(in: folder).isEmpty)
        }
    }
}
