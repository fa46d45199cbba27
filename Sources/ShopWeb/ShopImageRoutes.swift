import Foundation
import Hummingbird
import NIOCore
import ShopKit
import WebCore

/// Product images through Bottega (`/shop/images/products/{id}/{imageID}`), from the image
/// cache, so the page never links the shop's webservice (whose images need the key). A product
/// without that image gets the placeholder; a shop that fails gets it too, with 502.
struct ShopImageRoutes {
    let images: ShopImageCache

    static let placeholder = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 300" width="300" height="300" role="img" aria-label="No picture">\
        <rect width="300" height="300" fill="#eeeae4"/><path d="M90 200l40-50 30 35 20-22 30 37z" fill="#c9c1b6"/>\
        <circle cx="190" cy="115" r="16" fill="#c9c1b6"/><text x="150" y="250" font-family="sans-serif" font-size="18" text-anchor="middle" fill="#8a8177">No picture</text></svg>
        """

    func register(on group: RouterGroup<WebRequestContext>) {
        group.get("images/placeholder.svg") { _, _ in Self.placeholderResponse(.ok) }
        group.get("images/products/:product/:image") { _, context in try await productImage(context, size: nil) }
        group.get("images/products/:product/:image/:size") { _, context in
            // Thumbnails in the shop's own sizes: cards load home_default, cart rows small_default.
            guard let size = context.parameters.get("size"), Self.sizes.contains(size) else { return Self.placeholderResponse(.notFound) }
            return try await productImage(context, size: size)
        }
    }

    /// PrestaShop's product image types the pages use (8.x names; 1.6 shops call them
    /// `home_default` and `small_default` too).
    static let sizes: Set<String> = ["home_default", "small_default", "medium_default", "large_default", "cart_default"]

    private func productImage(_ context: WebRequestContext, size: String?) async throws -> Response {
        guard let product = context.parameters.get("product", as: Int.self), let image = context.parameters.get("image", as: Int.self),
            product > 0, image > 0
        else { return Self.placeholderResponse(.notFound) }
        do throws(ImageCacheError) {
            let found = try await images.image(product: product, image: image, type: size)
            return Response(
                status: .ok, headers: [.contentType: found.mimeType, .cacheControl: "max-age=3600"],
                body: .init(byteBuffer: ByteBuffer(bytes: found.bytes)))
        } catch .fetch(_, .notFound) {
            return Self.placeholderResponse(.ok)
        } catch {
            return Self.placeholderResponse(.badGateway)
        }
    }

    static func placeholderResponse(_ status: HTTPResponse.Status) -> Response {
        Response(status: status, headers: [.contentType: "image/svg+xml"], body: .init(byteBuffer: ByteBuffer(string: placeholder)))
    }
}
