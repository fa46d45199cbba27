@testable import OrdersWeb
@testable import WebCore
import WebTestSupport
import Foundation
import GRDB
import HTTPTypes
import OrderCompany
import OrderKit
import OrderTransport
import Raster
import Testing

/// Issue 40: the company's logo, uploaded in the back office, heads every order it mails, and
/// the agent's copy is that same PDF.
struct CompanyLogoTests {
    /// A 240 × 96 PNG drawn and encoded by Raster (libpng).
    static func logoPNG() throws -> [UInt8] {
        var image = RGBAImage(width: 240, height: 96, fill: .white)
        image.fillRectangle(x: 0, y: 30, width: 240, height: 36, color: RGBAColor(hex: 0x1F3A93))
        return try PNG.encode(image)
    }

    /// `pdfimages -list`'s rows: poppler, not Bottega, says which images the PDF holds.
    static func imageRows(_ pdf: [UInt8]) throws -> [String] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("logo-\(UUID().uuidString).pdf")
        try Data(pdf).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pdfimages")
        process.arguments = ["-list", file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").dropFirst(2).map(String.init)
    }

    @Test func anUploadedLogoHeadsTheMailedOrderAndTheAgentsCopy() async throws {
        try await withBottegaApp(ordersAdminPassword: "orders-admin-test", live: true) { client, stores in
            try await OrdersWholePathTests.upload(stores)
            let session = try await CompanyMasterDataTests.login(client)
            let logo = try Self.logoPNG()

            var (badHeaders, badBody) = multipartBody(field: "logo", filename: "logo.png", bytes: Array("not a png at all".utf8))
            badHeaders[.cookie] = session[.cookie]
            let refused = try await client.execute(uri: "/orders/business/companies/ACME/logo", method: .post, headers: badHeaders, body: badBody)
            #expect(refused.status == .badRequest && refused.text.contains("is not a PNG image"))

            var (headers, body) = multipartBody(field: "logo", filename: "logo.png", bytes: logo)
            headers[.cookie] = session[.cookie]
            let saved = try await client.execute(uri: "/orders/business/companies/ACME/logo", method: .post, headers: headers, body: body)
            #expect(saved.status == .seeOther)
            let page = try await client.execute(uri: "/orders/business/companies/ACME", method: .get, headers: session)
            #expect(page.text.contains("src=\"/orders/business/companies/ACME/logo\""))
            let served = try await client.execute(uri: "/orders/business/companies/ACME/logo", method: .get, headers: session)
            #expect(served.headers[.contentType] == "image/png" && Array(served.body.readableBytesView) == logo)

            let port = try #require(client.port)
            let http = HTTPCompanyTransport(baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")))
            let (agent, id) = try await SentOrderSnapshotTests.syncedDraft(http)
            _ = try await OrderSender(transport: http, account: OrdersWholePathTests.account).send(orderID: id, from: agent)
            let mailed = try #require(try await stores.orders.outbox.pending().first?.message.attachments.first?.content)
            let images = try Self.imageRows(mailed)
            #expect(images.count >= 1 && images.first?.contains("240") == true && images.first?.contains("96") == true, "\(images)")
            #expect(try agent.snapshot(orderID: id)?.document == mailed)
        }
    }
}
