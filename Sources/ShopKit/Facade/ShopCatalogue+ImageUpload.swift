import Foundation
import Markup

/// What the shop said about an uploaded image. A product image upload is answered with the
/// new `<image>` record (id, product, position, cover) followed by the stored file in base64
/// (`WebserviceSpecificManagementImages`, 1.6 to 9.0); the single image of a category,
/// manufacturer, supplier or store is answered with the stored image itself, so only the
/// status is known.
public struct UploadedImage: Sendable, Equatable {
    public let status: Int
    /// The image's id (products only): the one to use in `images/products/{product}/{id}`.
    public let imageID: Int?
    public let productID: Int?
    /// Its place among the product's images, from 1.
    public let position: Int?
    /// Whether the shop made it the product's cover (it does for a product's first image).
    public let isCover: Bool?
}

extension ShopCatalogue {
    /// Adds a further image to a product; the answer carries the id the shop gave it.
    public func addImage(_ image: ImageUpload, toProduct productID: Int) async throws(ShopError) -> UploadedImage {
        try await upload(image, to: .newProductImage(productID: productID))
    }

    /// Replaces the file of one of the product's images, keeping its id.
    public func replaceImage(_ imageID: Int, ofProduct productID: Int, with image: ImageUpload) async throws(ShopError) -> UploadedImage {
        try await upload(image, to: .productImage(productID: productID, imageID: imageID))
    }

    /// Sets a category's image; `replacing` when it already has one (the shop then needs
    /// `ps_method=PUT`, §10).
    public func setImage(_ image: ImageUpload, ofCategory categoryID: Int, replacing: Bool) async throws(ShopError) -> UploadedImage {
        try await upload(image, to: .single(.categories, id: categoryID, replacing: replacing))
    }

    /// Uploads `image` to any target (manufacturers, suppliers and stores included).
    public func upload(_ image: ImageUpload, to target: ImageUploadTarget) async throws(ShopError) -> UploadedImage {
        let request: WebserviceRequest
        do throws(MultipartError) {
            request = try WebserviceRequest.uploadImage(image, to: target)
        } catch {
            throw .invalidArgument(error.description)
        }
        let response = try await connection.response(request)
        // The cached images listing and the product's (its `images` association, its
        // `id_default_image`) or category's record are stale now.
        let owner = target.path[1]
        await connection.sender.invalidate(resources: ["images", owner])
        return try Self.uploaded(response, target: target)
    }

    /// Reads the answer: the `<image>` record for a product image, nothing more for the others.
    static func uploaded(_ response: WebserviceResponse, target: ImageUploadTarget) throws(ShopError) -> UploadedImage {
        guard case .newProductImage = target else {
            return UploadedImage(status: response.status, imageID: target.imageID, productID: target.productID, position: nil, isCover: nil)
        }
        let line = "\(response.request)"
        let found: MarkupNode?
        do throws(MarkupError) {
            found = try MarkupDocument.xml(response.body).first("/prestashop/image")
        } catch {
            let ending = String(decoding: response.body.suffix(40), as: UTF8.self)
            throw .model(.document(.malformedXML(ending: ending)))
        }
        guard let image = found else { throw .missing(what: "<image> record of the uploaded image", request: line) }
        func int(_ name: String) -> Int? {
            guard let node = try? image.first(name) else { return nil }
            return Int(node.text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        guard let id = int("id") else { throw .missing(what: "id of the uploaded image", request: line) }
        return UploadedImage(
            status: response.status, imageID: id, productID: int("id_product") ?? target.productID, position: int("position"),
            isCover: int("cover").map { $0 == 1 })
    }
}

extension ImageUploadTarget {
    var productID: Int? {
        switch self {
        case .newProductImage(let product), .productImage(let product, _): product
        case .single: nil
        }
    }

    var imageID: Int? {
        if case .productImage(_, let image) = self { return image }
        return nil
    }
}
