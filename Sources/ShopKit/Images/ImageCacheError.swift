/// Why the image cache could not give an image. Each case says what and where.
public enum ImageCacheError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The key cannot name an image (non-positive id, a type name unfit for a path).
    case invalidKey(String)
    /// The shop did not give the image (not found, no access, not an image…).
    case fetch(key: String, WebserviceError)
    /// The shop's bytes are not a whole image (cut short, wrong signature); nothing was stored.
    case damagedDownload(key: String, reason: String)
    /// The cache folder could not be read or written.
    case storage(path: String, operation: String, reason: String)

    public var description: String {
        switch self {
        case .invalidKey(let reason):
            return "image cache: invalid key: \(reason)"
        case .fetch(let key, let error):
            return "image cache: could not download \(key): \(error)"
        case .damagedDownload(let key, let reason):
            return "image cache: the download of \(key) is not a whole image (\(reason)); it was not stored — try again later"
        case .storage(let path, let operation, let reason):
            return "image cache: could not \(operation) \(path): \(reason) — check that the folder exists and is writable"
        }
    }
}

/// Where the cache gets images it does not hold: the webservice client, or a stand-in in tests.
public protocol ShopImageFetching: Sendable {
    func image(_ request: WebserviceRequest) async throws(WebserviceError) -> ShopImage
}

extension WebserviceClient: ShopImageFetching {}
