/// One cached product image: product id, image id and image type (`home_default`…), or the
/// original size when the type is nil (API-NOTES §10). It names its file, so the index can be
/// rebuilt from the folder alone.
public struct ImageCacheKey: Sendable, Hashable, CustomStringConvertible {
    public let productID: Int
    public let imageID: Int
    /// nil: the original upload (`/api/images/products/<p>/<i>`).
    public let typeName: String?

    /// Throws when the type name could not be part of a URL path or a file name.
    public init(productID: Int, imageID: Int, typeName: String? = nil) throws(ImageCacheError) {
        guard productID > 0, imageID > 0 else { throw .invalidKey("product and image ids must be positive, got \(productID) and \(imageID)") }
        if let typeName {
            guard !typeName.isEmpty, typeName != Self.original, typeName.utf8.allSatisfy(Self.isNameByte) else {
                throw .invalidKey("image type name \"\(typeName)\" must be letters, digits, _ or - (like home_default)")
            }
        }
        self.productID = productID
        self.imageID = imageID
        self.typeName = typeName
    }

    /// The word the file name uses for the original size.
    static let original = "original"

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte == 0x2D
    }

    public var request: WebserviceRequest { .image(.products, id: productID, image: imageID, type: typeName) }

    /// `product-<p>_image-<i>_<type or original>.<ext>`.
    func fileName(_ format: ImageFormat) -> String {
        "product-\(productID)_image-\(imageID)_\(typeName ?? Self.original).\(format.fileExtension)"
    }

    /// The key and format a cache file name stands for; nil for any other file.
    static func parse(fileName: String) -> (key: ImageCacheKey, format: ImageFormat)? {
        let dot = fileName.split(separator: ".", omittingEmptySubsequences: false)
        guard dot.count == 2, let format = ImageFormat(fileExtension: String(dot[1])) else { return nil }
        let parts = dot[0].split(separator: "_", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].hasPrefix("product-"), parts[1].hasPrefix("image-"),
            let product = Int(parts[0].dropFirst("product-".count)), let image = Int(parts[1].dropFirst("image-".count))
        else { return nil }
        let type = parts[2] == Self.original ? nil : String(parts[2])
        guard let key = try? ImageCacheKey(productID: product, imageID: image, typeName: type),
            key.fileName(format) == fileName
        else { return nil }
        return (key, format)
    }

    public var description: String { "product \(productID) image \(imageID) (\(typeName ?? Self.original))" }
}
