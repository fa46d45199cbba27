import Foundation
import ShopKit
import Testing

/// The persistent image cache with a fake fetcher and temporary folders.
struct ImageCacheTests {
    let jpegSize = ImageSamples.jpeg.count

    func key(_ product: Int, _ image: Int, _ type: String? = "home_default") throws -> ImageCacheKey {
        try ImageCacheKey(productID: product, imageID: image, typeName: type)
    }

    @Test func aMissDownloadsOnceThenTheFolderServes() async throws {
        let folder = ImageSamples.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fetcher = FakeImageFetcher()
        let cache = ShopImageCache(folder: folder, fetcher: fetcher)

        let first = try await cache.image(product: 1, image: 2, type: "home_default")
        let second = try await cache.image(product: 1, image: 2, type: "home_default")
        #expect(first.bytes == ImageSamples.jpeg && first.mimeType == "image/jpeg")
        #expect(second == first)
        #expect(await fetcher.requests == ["images/products/1/2/home_default"])
        #expect(ImageSamples.files(in: folder) == ["product-1_image-2_home_default.jpg"])
        let stats = await cache.statistics
        #expect(stats.imageCount == 1 && stats.totalBytes == jpegSize && stats.byteCap == 50 * 1_048_576)
    }

    @Test func theOriginalSizeAndEachTypeAreSeparateEntries() async throws {
        let folder = ImageSamples.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fetcher = FakeImageFetcher()
        await fetcher.answer("images/products/3/7", bytes: ImageSamples.png, format: .png)
        let cache = ShopImageCache(folder: folder, fetcher: fetcher)
        let original = try await cache.image(product: 3, image: 7)
        _ = try await cache.image(product: 3, image: 7, type: "small_default")
        #expect(original.mimeType == "image/png" && original.bytes == ImageSamples.png)
        #expect(await fetcher.requests == ["images/products/3/7", "images/products/3/7/small_default"])
        #expect(ImageSamples.files(in: folder) == ["product-3_image-7_original.png", "product-3_image-7_small_default.jpg"])
    }

    @Test func overTheCapTheLeastRecentlyUsedGoFirst() async throws {
        let folder = ImageSamples.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fetcher = FakeImageFetcher()
        // Room for three 172-byte JPEGs.
        let cache = ShopImageCache(folder: folder, byteCap: 3 * jpegSize, fetcher: fetcher)
        let a = try key(1, 1), b = try key(2, 2), c = try key(3, 3), d = try key(4, 4)
        for k in [a, b, c] { _ = try await cache.image(k) }
        _ = try await cache.image(a)  // a is now the most recently used; b the least.
        _ = try await cache.image(d)

        #expect(await cache.keysByLastUse == [c, a, d])
        #expect(await cache.contains(b) == false)
        #expect(ImageSamples.files(in: folder) == [
            "product-1_image-1_home_default.jpg", "product-3_image-3_home_default.jpg", "product-4_image-4_home_default.jpg",
        ])
        #expect(await cache.statistics.totalBytes == 3 * jpegSize)
        // b comes back by a new download, evicting c.
        _ = try await cache.image(b)
        #expect(await fetcher.count == 5)
        #expect(await cache.keysByLastUse == [a, d, b])
    }

    @Test func anImageLargerThanTheCapIsReturnedButNotKept() async throws {
        let folder = ImageSamples.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = ShopImageCache(folder: folder, byteCap: 100, fetcher: FakeImageFetcher())
        let image = try await cache.image(product: 1, image: 1)
        #expect(image.bytes.count == jpegSize)
        #expect(await cache.statistics.imageCount == 0)
        #expect(ImageSamples.files(in: folder).isEmpty)
    }

    @Test func aNewActorOnTheSameFolderRebuildsTheIndex() async throws {
        let folder = ImageSamples.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = ShopImageCache(folder: folder, fetcher: FakeImageFetcher())
        let a = try key(1, 1), b = try key(2, 5, nil)
        _ = try await first.image(a)
        try await Task.sleep(for: .milliseconds(20))
        _ = try await first.image(b)
        try await Task.sleep(for: .milliseconds(20))
        _ = try await first.image(a)  // a used last: its file's date moves past b's.
        // What a crash mid-write leaves, and a file that is not the cache's.
        try Data([1, 2, 3]).write(to: folder.appendingPathComponent(".partial-leftover"))
        try Data("notes".utf8).write(to: folder.appendingPathComponent("README.txt"))

        let fetcher = FakeImageFetcher()
        let restarted = ShopImageCache(folder: folder, fetcher: fetcher)
        let stats = try await restarted.rebuildIndex()
        #expect(stats.imageCount == 2 && stats.totalBytes == 2 * jpegSize)
        #expect(await restarted.keysByLastUse == [b, a])
        #expect(ImageSamples.files(in: folder).contains(".partial-leftover") == false)
        #expect(ImageSamples.files(in: folder).contains("README.txt"), "files that are not the cache's are left alone")
        let served = try await restarted.image(a)
        #expect(served.bytes == ImageSamples.jpeg)
        #expect(await fetcher.count == 0, "served from the folder after the restart")

        // A smaller cap at start-up evicts the least recently used: b.
        let smaller = ShopImageCache(folder: folder, byteCap: jpegSize, fetcher: fetcher)
        let trimmed = try await smaller.rebuildIndex()
        #expect(trimmed.imageCount == 1)
        let keepsA = await smaller.contains(a), keepsB = await smaller.contains(b)
        #expect(keepsA && !keepsB)
    }

    @Test func concurrentRequestsForOneImageShareOneDownload() async throws {
        let folder = ImageSamples.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fetcher = FakeImageFetcher(pause: .milliseconds(200))
        let cache = ShopImageCache(folder: folder, fetcher: fetcher)
        let k = try key(9, 90)
        let images = try await withThrowingTaskGroup(of: ShopImage.self) { group in
            for _ in 0..<8 { group.addTask { try await cache.image(k) } }
            var all: [ShopImage] = []
            for try await image in group { all.append(image) }
            return all
        }
        #expect(images.count == 8 && images.allSatisfy { $0.bytes == ImageSamples.jpeg })
        #expect(await fetcher.requests == ["images/products/9/90/home_default"])
    }

    @Test func aCorruptedOrMissingFileIsDownloadedAgainNeverServed() async throws {
        let folder = ImageSamples.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fetcher = FakeImageFetcher()
        let cache = ShopImageCache(folder: folder, fetcher: fetcher)
        let k = try key(1, 1)
        _ = try await cache.image(k)
        let file = folder.appendingPathComponent("product-1_image-1_home_default.jpg")

        // Cut short on disk (no FF D9 end marker).
        try Data(ImageSamples.jpeg.dropLast(10)).write(to: file)
        let afterTruncation = try await cache.image(k)
        #expect(afterTruncation.bytes == ImageSamples.jpeg)
        #expect(try Array(Data(contentsOf: file)) == ImageSamples.jpeg, "the whole image was written back")

        // Same size, wrong signature.
        var garbage = ImageSamples.jpeg
        garbage[0] = 0x00
        try Data(garbage).write(to: file)
        #expect(try await cache.image(k).bytes == ImageSamples.jpeg)

        // Gone.
        try FileManager.default.removeItem(at: file)
        #expect(try await cache.image(k).bytes == ImageSamples.jpeg)
        #expect(await fetcher.count == 4)
        #expect(ImageSamples.files(in: folder) == ["product-1_image-1_home_default.jpg"])
    }

    @Test func aTruncatedDownloadIsNotStored() async throws {
        let folder = ImageSamples.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fetcher = FakeImageFetcher()
        await fetcher.answer("images/products/5/6/home_default", bytes: Array(ImageSamples.jpeg.prefix(100)), format: .jpeg)
        await fetcher.answer("images/products/5/7/home_default", bytes: Array(ImageSamples.png.prefix(60)), format: .png)
        let cache = ShopImageCache(folder: folder, fetcher: fetcher)

        for image in [6, 7] {
            await #expect {
                _ = try await cache.image(product: 5, image: image, type: "home_default")
            } throws: { error in
                guard case .damagedDownload(let key, let reason) = error as? ImageCacheError else { return false }
                return key == "product 5 image \(image) (home_default)" && reason.contains("truncated")
            }
        }
        #expect(ImageSamples.files(in: folder).isEmpty, "no file, not even a temporary one")
        #expect(await cache.statistics.imageCount == 0)
        // Asked again, it downloads again (nothing bad was remembered).
        _ = try? await cache.image(product: 5, image: 6, type: "home_default")
        #expect(await fetcher.count == 3)
    }

    @Test func badKeysAreRefusedBeforeAnyDownload() throws {
        #expect(throws: ImageCacheError.self) { try ImageCacheKey(productID: 1, imageID: 2, typeName: "../etc") }
        #expect(throws: ImageCacheError.self) { try ImageCacheKey(productID: 0, imageID: 2) }
        #expect(throws: ImageCacheError.self) { try ImageCacheKey(productID: 1, imageID: 2, typeName: "original") }
        let k = try ImageCacheKey(productID: 12, imageID: 34, typeName: "large_default")
        #expect(k.request.path == ["images", "products", "12", "34", "large_default"])
    }
}
