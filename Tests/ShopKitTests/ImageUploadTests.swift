import Foundation
import HTTPClientTransport
import TestSupport
import ShopKit
import Testing

/// Image upload (API-NOTES §10): `multipart/form-data` with one file field `image`, to
/// `images/products/{id}` (a new image), `images/products/{id}/{image}?ps_method=PUT` (a
/// replacement) and `images/categories/{id}`. Each test asserts the bytes a real HTTP server
/// received. The files are real photos from ../shared/fixtures/barcodes.
@Suite(.enabled(if: ReplayFixtures.available && ExtrasFixtures.barcodesAvailable, "needs ../shared/fixtures/prestashop and ../shared/fixtures/barcodes"))
struct ImageUploadTests {
    static let jpegFile = "qrcode-2/qr-inv-2.jpg"
    static let pngFile = "ean13-2/01.png"

    static func photo(_ file: String) throws -> [UInt8] {
        Array(try Data(contentsOf: ExtrasFixtures.barcodes.appendingPathComponent(file)))
    }

    /// No upload answer was recorded. This one has the shape `WebserviceSpecificManagementImages`
    /// gives a product image POST (1.6 to 9.0): the new `<image>` record rendered in full, then
    /// the stored file in base64 as `<content>`.
    static let productUploadAnswer = ExtrasFixtures.document("""
        <image>
        \t<id><![CDATA[24]]></id>
        \t<id_product xlink:href="http://127.0.0.1/api/products/1"><![CDATA[1]]></id_product>
        \t<position><![CDATA[2]]></position>
        \t<cover><![CDATA[0]]></cover>
        \t<legend><language id="1" xlink:href="http://127.0.0.1/api/languages/1"><![CDATA[]]></language></legend>
        </image>
        <content><![CDATA[/9j/4AAQSkZJRg==]]></content>
        """)

    /// The boundary from a received `Content-Type: multipart/form-data; boundary=…`.
    static func boundary(_ received: LocalServer.Request) -> String? {
        guard let type = received.header("Content-Type"), let range = type.range(of: "boundary=") else { return nil }
        return String(type[range.upperBound...])
    }

    /// The exact body a one-file form has (RFC 7578), for the received boundary.
    static func expectedBody(boundary: String, filename: String, type: String, bytes: [UInt8]) -> [UInt8] {
        Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"image\"; filename=\"\(filename)\"\r\nContent-Type: \(type)\r\n\r\n".utf8)
            + bytes + Array("\r\n--\(boundary)--\r\n".utf8)
    }

    @Test func aNewProductImageIsPostedAsMultipartAndItsIdRead() async throws {
        let jpeg = try Self.photo(Self.jpegFile)
        let upload = try ImageUpload(contentsOf: ExtrasFixtures.barcodes.appendingPathComponent(Self.jpegFile))
        #expect(upload.format == .jpeg && upload.filename == "qr-inv-2.jpg" && upload.bytes == jpeg)
        try await ExtrasFixtures.withServer({ _ in
            LocalServer.Reply(status: 200, headers: ExtrasFixtures.xmlHeaders, body: Self.productUploadAnswer)
        }) { server, shop in
            let uploaded = try await shop.catalogue.addImage(upload, toProduct: 1)
            #expect(uploaded.status == 200 && uploaded.imageID == 24 && uploaded.productID == 1)
            #expect(uploaded.position == 2 && uploaded.isCover == false)

            let received = server.received
            #expect(received.count == 1)
            let request = try #require(received.first)
            #expect(request.method == "POST")
            #expect(request.uri == "/api/images/products/1")
            let boundary = try #require(Self.boundary(request))
            #expect(boundary.hasPrefix("ShopKit-") && boundary.count == 40, "ShopKit- and 32 random hex digits")
            #expect(request.header("Content-Type") == "multipart/form-data; boundary=\(boundary)")
            #expect(request.header("Authorization") == "Basic " + Data((ReplayFixtures.key + ":").utf8).base64EncodedString())
            let expected = Self.expectedBody(boundary: boundary, filename: "qr-inv-2.jpg", type: "image/jpeg", bytes: jpeg)
            #expect(request.body == expected, "the photo's \(jpeg.count) bytes, unchanged, in the one part named image")
            #expect(request.header("Content-Length") == String(expected.count))
        }
    }

    @Test func replacingAProductImagePostsWithPsMethodPut() async throws {
        let png = try Self.photo(Self.pngFile)
        let upload = try ImageUpload(bytes: png, filename: "front")
        #expect(upload.format == .png && upload.filename == "front.png", "the shop refuses a file name without an image extension")
        try await ExtrasFixtures.withServer({ _ in
            // The shop answers a replacement with the stored image itself.
            LocalServer.Reply(status: 200, headers: ["Content-Type": "image/png", "PSWS-Version": "1.6.1.9"], bytes: png)
        }) { server, shop in
            let uploaded = try await shop.catalogue.replaceImage(1, ofProduct: 1, with: upload)
            #expect(uploaded.status == 200 && uploaded.imageID == 1 && uploaded.productID == 1)
            #expect(uploaded.position == nil && uploaded.isCover == nil, "a replacement is answered with the image, not a record")
            let request = try #require(server.received.first)
            #expect(request.method == "POST", "PHP reads uploaded files only from a POST; ps_method makes it a PUT")
            #expect(request.uri == "/api/images/products/1/1?ps_method=PUT")
            let boundary = try #require(Self.boundary(request))
            #expect(request.body == Self.expectedBody(boundary: boundary, filename: "front.png", type: "image/png", bytes: png))
        }
    }

    @Test func aCategoryImageIsSetAndReplaced() async throws {
        let jpeg = try Self.photo(Self.jpegFile)
        let upload = try ImageUpload(bytes: jpeg, filename: "/tmp/women.JPEG")
        #expect(upload.filename == "women.JPEG", "only the last path component travels; .JPEG is a JPEG extension")
        try await ExtrasFixtures.withServer({ _ in
            LocalServer.Reply(status: 200, headers: ["Content-Type": "image/jpeg"], bytes: jpeg)
        }) { server, shop in
            let first = try await shop.catalogue.setImage(upload, ofCategory: 3, replacing: false)
            let second = try await shop.catalogue.setImage(upload, ofCategory: 3, replacing: true)
            #expect(first.status == 200 && first.imageID == nil && second.productID == nil)
            #expect(server.received.map(\.uri) == ["/api/images/categories/3", "/api/images/categories/3?ps_method=PUT"])
            #expect(server.received.allSatisfy { $0.method == "POST" })
            let boundaries = server.received.compactMap(Self.boundary)
            #expect(boundaries.count == 2 && boundaries[0] != boundaries[1], "a new random boundary per request")
        }
    }

    @Test func somethingThatIsNotAnImageIsRefusedBeforeAnyRequest() throws {
        let xml = try ReplayFixtures.bytes(ExtrasFixtures.responses, "get_products_1.xml")
        #expect(throws: ImageUploadError.notAnImage(filename: "get_products_1.xml", firstBytes: "3C 3F 78 6D 6C 20 76 65")) {
            try ImageUpload(bytes: xml, filename: "get_products_1.xml")
        }
        #expect(throws: ImageUploadError.empty(filename: "the image")) { try ImageUpload(bytes: []) }
        let jpeg = try Self.photo(Self.jpegFile)
        let cut = Array(jpeg.prefix(jpeg.count / 2))
        #expect(throws: ImageUploadError.damaged(filename: "cut.jpg", format: .jpeg, reason: "the JPEG has no end marker (FF D9): truncated")) {
            try ImageUpload(bytes: cut, filename: "cut.jpg")
        }
        let missing = ExtrasFixtures.barcodes.appendingPathComponent("no-such-photo.jpg")
        #expect(throws: ImageUploadError.self) { try ImageUpload(contentsOf: missing) }
        let error = ImageUploadError.notAnImage(filename: "a.txt", firstBytes: "68 69")
        #expect(error.errorDescription?.contains("not a JPEG, PNG, GIF or WebP image") == true)
    }

    @Test func theShopsRefusalKeepsItsCode() async throws {
        let png = try Self.photo(Self.pngFile)
        // The error document the webservice sends for a file it cannot use (code 76, §10 source).
        let refusal = ExtrasFixtures.document(
            "<errors>\n<error>\n<code><![CDATA[76]]></code>\n<message><![CDATA[Product 999 does not exist]]></message>\n</error>\n</errors>")
        try await ExtrasFixtures.withServer({ _ in
            LocalServer.Reply(status: 400, headers: ExtrasFixtures.xmlHeaders, body: refusal)
        }) { _, shop in
            let error = await FacadeFixtures.shopError { _ = try await shop.catalogue.addImage(try ImageUpload(bytes: png), toProduct: 999) }
            #expect(error?.webserviceError?.shopCodes == [76])
            if case .badRequest(let failure) = error?.webserviceError {
                #expect(failure.errors.first?.message == "Product 999 does not exist")
            } else {
                Issue.record("expected a 400, got \(String(describing: error))")
            }
        }
    }

    @Test func anAnswerClaimingAnImageMustBeOne() async throws {
        let png = try Self.photo(Self.pngFile)
        try await ExtrasFixtures.withServer({ _ in
            LocalServer.Reply(status: 200, headers: ["Content-Type": "image/jpeg"], bytes: png)
        }) { _, shop in
            let error = await FacadeFixtures.shopError {
                _ = try await shop.catalogue.setImage(try ImageUpload(bytes: png), ofCategory: 3, replacing: true)
            }
            guard case .notAnImage = error?.webserviceError else {
                Issue.record("a PNG labelled image/jpeg is not the stored image; got \(String(describing: error))")
                return
            }
        }
    }

    @Test func theMultipartBodyIsExactAndRefusesItsOwnBoundaryInAPart() throws {
        var form = MultipartFormData(boundary: "XyZ")
        form.addField(name: "legend", value: "Front \"view\"")
        form.addFile(name: "image", filename: "a\r\nb.gif", contentType: "image/gif", bytes: Array("GIF89a".utf8))
        let expected = "--XyZ\r\nContent-Disposition: form-data; name=\"legend\"\r\n\r\nFront \"view\"\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"image\"; filename=\"a%0D%0Ab.gif\"\r\nContent-Type: image/gif\r\n\r\nGIF89a\r\n"
            + "--XyZ--\r\n"
        #expect(try form.body() == Array(expected.utf8))
        #expect(form.contentType == "multipart/form-data; boundary=XyZ")

        var clash = MultipartFormData(boundary: "XyZ")
        clash.addFile(name: "image", filename: "x.gif", contentType: "image/gif", bytes: Array("GIF89a--XyZ;".utf8))
        #expect(throws: MultipartError.boundaryInContent(part: "image", boundary: "XyZ")) { try clash.body() }
        #expect(MultipartFormData.randomBoundary() != MultipartFormData.randomBoundary())
    }

    @Test func aJSONClientStillUploadsWithoutOutputFormat() async throws {
        // The upload answer's shape is known in XML only, so output_format=JSON is not added.
        let png = try Self.photo(Self.pngFile)
        let server = LocalServer { _ in LocalServer.Reply(status: 200, headers: ExtrasFixtures.xmlHeaders, body: Self.productUploadAnswer) }
        try await server.run { base in
            let configuration = try ShopConfiguration(shop: base.absoluteString, key: ReplayFixtures.key, outputFormat: .json)
            let shop = ShopFacade(sender: WebserviceClient(configuration: configuration, transport: AsyncHTTPClientTransport.shared))
            let uploaded = try await shop.catalogue.addImage(try ImageUpload(bytes: png, filename: "01.png"), toProduct: 1)
            #expect(uploaded.imageID == 24)
            #expect(server.received.map(\.uri) == ["/api/images/products/1"])
        }
    }

    @Test func theRequestIsBuiltWithoutIO() throws {
        let upload = try ImageUpload(bytes: try Self.photo(Self.jpegFile), filename: "p.jpg")
        let request = try WebserviceRequest.uploadImage(upload, to: .single(.manufacturers, id: 2, replacing: true), boundary: "b")
        #expect(request.url(base: "https://shop.example/api/") == "https://shop.example/api/images/manufacturers/2?ps_method=PUT")
        #expect(request.method == .post && request.effectiveMethod == .put)
        #expect(request.contentType == "multipart/form-data; boundary=b")
        #expect(request.body?.starts(with: Array("--b\r\nContent-Disposition: form-data; name=\"image\"; filename=\"p.jpg\"\r\n".utf8)) == true)
    }
}
