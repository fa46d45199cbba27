import Foundation
import Logging

/// Product images on disk, fetched through the webservice once and then served from the folder.
///
/// - A byte cap (default 50 MB, as the thesis's cache): when a new image pushes the total over it,
///   the least recently used images go first. An image larger than the cap is returned, not kept.
/// - The index (key → file, size, last use) lives in memory and is rebuilt from the folder by
///   ``rebuildIndex()``, on first use or when called; last use survives a restart as each
///   file's modification date, which a hit refreshes.
/// - An actor: two requests for the same missing image share one download.
/// - Writes go to a temporary file in the folder, then `rename` over the final name, so a
///   reader or a crash never sees half a file; a cached file that is missing, cut short or not
///   an image is deleted and downloaded again, never served; a damaged download is not stored.
public actor ShopImageCache {
    public nonisolated let folder: URL
    public nonisolated let byteCap: Int
    private let fetcher: any ShopImageFetching
    private let logger: Logger
    private var entries: [ImageCacheKey: ImageCacheEntry] = [:]
    private var totalBytes = 0
    /// Orders entries by last use within this process (dates can tie at the clock's resolution).
    private var useCounter: UInt64 = 0
    private var indexed = false
    private var downloads: [ImageCacheKey: Task<Result<ShopImage, ImageCacheError>, Never>] = [:]

    public static let defaultByteCap = 50 * 1_048_576
    /// Temporary files start with this; those left by a crash are deleted by ``rebuildIndex()``.
    static let temporaryPrefix = ".partial-"

    public init(
        folder: URL, byteCap: Int = ShopImageCache.defaultByteCap, fetcher: any ShopImageFetching,
        logger: Logger = Logger(label: "shopkit.images")
    ) {
        self.folder = folder
        self.byteCap = max(0, byteCap)
        self.fetcher = fetcher
        self.logger = logger
    }

    /// What the cache holds now.
    public var statistics: ImageCacheStatistics {
        ImageCacheStatistics(imageCount: entries.count, totalBytes: totalBytes, byteCap: byteCap)
    }

    /// The keys from least to most recently used (the order of eviction).
    public var keysByLastUse: [ImageCacheKey] {
        entries.sorted { $0.value.lastUse < $1.value.lastUse }.map(\.key)
    }

    /// Reads the folder (creating it when absent) and builds the index from the file names and
    /// modification dates; deletes temporary files a crash left, then evicts down to the cap.
    /// Contents are not read here (that is deferred to each hit), so start-up stays one
    /// directory listing.
    @discardableResult
    public func rebuildIndex() throws(ImageCacheError) -> ImageCacheStatistics {
        let files = try ImageCacheFolder.list(folder)
        entries = [:]
        totalBytes = 0
        for file in files.sorted(by: { $0.modified < $1.modified }) {
            if file.name.hasPrefix(Self.temporaryPrefix) {
                ImageCacheFolder.remove(file.url)
                continue
            }
            guard let (key, format) = ImageCacheKey.parse(fileName: file.name) else { continue }
            if let previous = entries[key] {
                // The same image in two formats: keep the newer file.
                ImageCacheFolder.remove(previous.url)
                totalBytes -= previous.size
            }
            useCounter += 1
            entries[key] = ImageCacheEntry(url: file.url, format: format, size: file.size, lastUse: useCounter)
            totalBytes += file.size
        }
        indexed = true
        evict(keeping: nil)
        return statistics
    }

    /// The image, from the folder when it is there and whole, else downloaded and stored.
    public func image(_ key: ImageCacheKey) async throws(ImageCacheError) -> ShopImage {
        if !indexed { try rebuildIndex() }
        if let cached = cachedImage(key) { return cached }
        if let running = downloads[key] { return try await running.value.get() }
        let task = Task { await self.download(key) }
        downloads[key] = task
        let result = await task.value
        downloads[key] = nil
        return try result.get()
    }

    /// `image(ImageCacheKey(productID:imageID:typeName:))`.
    public func image(product: Int, image: Int, type: String? = nil) async throws(ImageCacheError) -> ShopImage {
        try await self.image(try ImageCacheKey(productID: product, imageID: image, typeName: type))
    }

    /// Whether the index holds the key (without checking the file).
    public func contains(_ key: ImageCacheKey) -> Bool { entries[key] != nil }

    // MARK: Internals

    /// The cached bytes when the file is there, of the indexed size and a whole image; otherwise
    /// forgets (and deletes) it so the caller downloads it again.
    /// Reads on the actor: cached images are small (tens of KB), and reading them one at a time
    /// keeps the index and the files in step.
    private func cachedImage(_ key: ImageCacheKey) -> ShopImage? {
        guard let entry = entries[key] else { return nil }
        guard let bytes = ImageCacheFolder.read(entry.url), bytes.count == entry.size, entry.format.damage(in: bytes) == nil else {
            logger.notice("cached image damaged or missing; downloading again", metadata: ["key": "\(key)", "file": "\(entry.url.path)"])
            forget(key)
            return nil
        }
        useCounter += 1
        entries[key]?.lastUse = useCounter
        ImageCacheFolder.touch(entry.url)
        return ShopImage(bytes: bytes, format: entry.format)
    }

    private func download(_ key: ImageCacheKey) async -> Result<ShopImage, ImageCacheError> {
        let fetched: ShopImage
        do throws(WebserviceError) {
            fetched = try await fetcher.image(key.request)
        } catch {
            return .failure(.fetch(key: key.description, error))
        }
        guard let format = ImageFormat(signatureOf: fetched.bytes) else {
            return .failure(.damagedDownload(key: key.description, reason: "no PNG, JPEG, GIF or WebP signature (\(fetched.mimeType))"))
        }
        if let damage = format.damage(in: fetched.bytes) {
            return .failure(.damagedDownload(key: key.description, reason: damage))
        }
        let image = ShopImage(bytes: fetched.bytes, format: format)
        guard fetched.bytes.count <= byteCap else { return .success(image) }
        do throws(ImageCacheError) {
            try store(key, bytes: fetched.bytes, format: format)
        } catch {
            // The caller still gets the image; a full disk only costs a later re-download.
            logger.warning("image not cached", metadata: ["key": "\(key)", "error": "\(error)"])
            return .success(image)
        }
        return .success(image)
    }

    private func store(_ key: ImageCacheKey, bytes: [UInt8], format: ImageFormat) throws(ImageCacheError) {
        try ImageCacheFolder.create(folder)
        let url = folder.appendingPathComponent(key.fileName(format))
        let temporary = folder.appendingPathComponent(Self.temporaryPrefix + UUID().uuidString)
        try ImageCacheFolder.writeAtomically(bytes, to: url, via: temporary)
        if let previous = entries[key] {
            totalBytes -= previous.size
            if previous.url != url { ImageCacheFolder.remove(previous.url) }
        }
        useCounter += 1
        entries[key] = ImageCacheEntry(url: url, format: format, size: bytes.count, lastUse: useCounter)
        totalBytes += bytes.count
        evict(keeping: key)
    }

    /// Drops least recently used entries until the total fits the cap.
    private func evict(keeping kept: ImageCacheKey?) {
        guard totalBytes > byteCap else { return }
        for key in keysByLastUse where key != kept {
            forget(key)
            if totalBytes <= byteCap { return }
        }
    }

    private func forget(_ key: ImageCacheKey) {
        guard let entry = entries.removeValue(forKey: key) else { return }
        totalBytes -= entry.size
        ImageCacheFolder.remove(entry.url)
    }
}

struct ImageCacheEntry: Sendable {
    let url: URL
    let format: ImageFormat
    let size: Int
    var lastUse: UInt64
}

/// The size of the cache, for callers and benchmarks.
public struct ImageCacheStatistics: Sendable, Equatable {
    public let imageCount: Int
    public let totalBytes: Int
    public let byteCap: Int
}

extension ShopImage {
    /// An image whose format is already known from its bytes.
    public init(bytes: [UInt8], format: ImageFormat) {
        self.init(bytes: bytes, mimeType: format.mimeType)
    }
}
