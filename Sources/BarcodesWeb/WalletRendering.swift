import BarcodeKit
import BarcodeWallet
import Hummingbird
import NIOCore
import WebCore

/// `GET …/render.svg?format=EAN_13&text=…`: any supported code drawn as SVG, for the history's
/// small pictures and a code's own screen. Rendering is pure, so browsers may cache it for a day.
enum WalletRendering {
    static func svgResponse(_ request: Request) throws -> Response {
        guard let formatName = request.uri.queryParameters["format"], let format = BarcodeFormat(rawValue: String(formatName)) else {
            throw APIError(.badRequest, "bad_format", "format must be one of \(BarcodeFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        guard let text = request.uri.queryParameters["text"], !text.isEmpty else {
            throw APIError(.badRequest, "missing_text", "text is the code to draw; it is missing.")
        }
        let svg: String
        do {
            svg = try BarcodeDrawing.render(format: format, text: String(text))
        } catch {
            throw APIError(.unprocessableContent, "invalid_code", error.localizedDescription)
        }
        return Response(
            status: .ok,
            headers: [.contentType: "image/svg+xml; charset=utf-8", .cacheControl: "public, max-age=86400"],
            body: .init(byteBuffer: ByteBuffer(string: svg))
        )
    }
}

/// The media type of an uploaded image from its first bytes, for showing it back in the page.
enum ImageSniffing {
    static func mediaType(_ bytes: [UInt8]) -> String {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if bytes.starts(with: [0xFF, 0xD8]) { return "image/jpeg" }
        return "application/octet-stream"
    }
}
