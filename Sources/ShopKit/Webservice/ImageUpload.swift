import Foundation

/// An image ready to send to `/api/images/…` (API-NOTES §10): bytes whose signature says
/// JPEG, PNG, GIF or WebP and which are whole, and a file name with that format's extension.
/// Checked here, before any request, because the shop answers a wrong file with a bare
/// code 76/73 ("Bad image", "This type of image format is not recognized") after the whole
/// upload, and a cut file may even be stored half-grey.
public struct ImageUpload: Sendable, Equatable {
    public let bytes: [UInt8]
    public let format: ImageFormat
    /// The name the form sends. PrestaShop refuses a product image whose name lacks an image
    /// extension (`ImageManager::validateUpload` checks it), so the format's extension is
    /// appended when the given name has none or another one.
    public let filename: String

    /// Checks `bytes`; `filename` (a name or path; only its last component is sent) defaults
    /// to `image.<extension>`.
    public init(bytes: [UInt8], filename: String? = nil) throws(ImageUploadError) {
        let name = filename.map { String($0.split(separator: "/").last ?? "") } ?? ""
        let shown = name.isEmpty ? "the image" : name
        guard !bytes.isEmpty else { throw .empty(filename: shown) }
        guard let format = ImageFormat(signatureOf: bytes) else {
            throw .notAnImage(filename: shown, firstBytes: bytes.prefix(8).map { Self.hex($0) }.joined(separator: " "))
        }
        if let damage = format.damage(in: bytes) { throw .damaged(filename: shown, format: format, reason: damage) }
        self.bytes = bytes
        self.format = format
        self.filename = Self.name(name, for: format)
    }

    /// Reads and checks the file at `url`.
    public init(contentsOf url: URL) throws(ImageUploadError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(path: url.path, reason: error.localizedDescription)
        }
        try self.init(bytes: Array(data), filename: url.lastPathComponent)
    }

    /// The MIME type of the file part: the shop checks it when it cannot sniff the file.
    public var mimeType: String { format.mimeType }

    /// The form the webservice reads: one file field named `image`.
    public func form(boundary: String = MultipartFormData.randomBoundary()) -> MultipartFormData {
        var form = MultipartFormData(boundary: boundary)
        form.addFile(name: "image", filename: filename, contentType: mimeType, bytes: bytes)
        return form
    }

    static func name(_ given: String, for format: ImageFormat) -> String {
        let base = given.isEmpty ? "image" : given
        let accepted: Set<String> = format == .jpeg ? ["jpg", "jpeg", "jpe"] : [format.fileExtension]
        let dot = base.lastIndex(of: ".")
        let ext = dot.map { base[base.index(after: $0)...].lowercased() } ?? ""
        return accepted.contains(ext) ? base : base + "." + format.fileExtension
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }
}

/// Why bytes cannot be uploaded as an image; nothing was sent.
public enum ImageUploadError: Error, Sendable, Equatable, LocalizedError {
    case empty(filename: String)
    /// The bytes start with no JPEG, PNG, GIF or WebP signature (`firstBytes` in hex).
    case notAnImage(filename: String, firstBytes: String)
    /// The signature is right but the file is cut or damaged.
    case damaged(filename: String, format: ImageFormat, reason: String)
    case unreadable(path: String, reason: String)

    public var errorDescription: String? {
        switch self {
        case .empty(let filename):
            "\(filename) is empty; choose a JPEG, PNG, GIF or WebP file"
        case .notAnImage(let filename, let firstBytes):
            "\(filename) is not a JPEG, PNG, GIF or WebP image (it starts with \(firstBytes)); the webservice accepts only those"
        case .damaged(let filename, let format, let reason):
            "\(filename) is a damaged \(format.rawValue.uppercased()): \(reason). Export or download it again"
        case .unreadable(let path, let reason):
            "cannot read \(path): \(reason)"
        }
    }
}

/// Where an uploaded image goes. Products have many images, each with its own id; the other
/// kinds have one image each (API-NOTES §10).
public enum ImageUploadTarget: Sendable, Equatable {
    /// A further image of the product: `POST images/products/{id}` (the shop gives its id).
    case newProductImage(productID: Int)
    /// Replaces one of the product's images: `POST images/products/{id}/{imageID}?ps_method=PUT`.
    case productImage(productID: Int, imageID: Int)
    /// The image of a category, manufacturer, supplier or store: `POST images/{kind}/{id}`,
    /// with `ps_method=PUT` when `replacing` one that exists.
    case single(SingleImageKind, id: Int, replacing: Bool)

    public enum SingleImageKind: String, Sendable, Equatable, CaseIterable {
        case categories, manufacturers, suppliers, stores
    }

    /// The path after `/api/`.
    var path: [String] {
        switch self {
        case .newProductImage(let product): ["images", "products", String(product)]
        case .productImage(let product, let image): ["images", "products", String(product), String(image)]
        case .single(let kind, let id, _): ["images", kind.rawValue, String(id)]
        }
    }

    /// Replacing goes through `ps_method=PUT` on a POST: PHP fills `$_FILES` only for a POST,
    /// and the webservice reads the file from there (§3, §10).
    var replaces: Bool {
        switch self {
        case .newProductImage: false
        case .productImage: true
        case .single(_, _, let replacing): replacing
        }
    }
}

extension WebserviceRequest {
    /// The upload of `image` to `target` as `multipart/form-data` with the file field `image`.
    /// Pass a fixed `boundary` only in tests.
    public static func uploadImage(
        _ image: ImageUpload, to target: ImageUploadTarget, boundary: String = MultipartFormData.randomBoundary()
    ) throws(MultipartError) -> WebserviceRequest {
        let form = image.form(boundary: boundary)
        var request = WebserviceRequest(method: .post, path: target.path, body: try form.body())
        request.contentType = form.contentType
        return target.replaces ? request.overridingMethod(.put) : request
    }
}
