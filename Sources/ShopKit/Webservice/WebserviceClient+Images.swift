/// An image from `/api/images/…`, as the shop sent it.
public struct ShopImage: Sendable, Equatable {
    public let bytes: [UInt8]
    /// `image/jpeg`, `image/png`, `image/gif` or `image/webp` (API-NOTES §10).
    public let mimeType: String
}

extension WebserviceClient {
    /// GETs a binary image (``WebserviceRequest/image(_:id:image:type:)``) and refuses anything
    /// that is not one: an XML listing (the URL named a product, not an image), an HTML page,
    /// or bytes whose signature contradicts the `Content-Type`.
    public func image(_ request: WebserviceRequest) async throws(WebserviceError) -> ShopImage {
        let prepared = try await prepare(request, applyOutputFormat: false)
        let response = try await transfer(prepared)
        let type = response.contentType.map { String($0.split(separator: ";")[0]).trimmingCharacters(in: .whitespaces).lowercased() }
        guard let type, type.hasPrefix("image/"), Self.signatureMatches(response.body, type: type) else {
            throw .notAnImage(request: response.request, contentType: response.contentType)
        }
        return ShopImage(bytes: response.body, mimeType: type)
    }

    /// The first bytes of each format the webservice serves.
    static func signatureMatches(_ bytes: [UInt8], type: String) -> Bool {
        switch type {
        case "image/jpeg", "image/pjpeg", "image/jpg": return bytes.starts(with: [0xFF, 0xD8, 0xFF])
        case "image/png", "image/x-png": return bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        case "image/gif": return bytes.starts(with: Array("GIF8".utf8))
        case "image/webp": return bytes.count >= 12 && bytes.starts(with: Array("RIFF".utf8)) && Array(bytes[8..<12]) == Array("WEBP".utf8)
        default: return !bytes.isEmpty
        }
    }
}
