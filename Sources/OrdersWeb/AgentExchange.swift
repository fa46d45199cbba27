import Foundation
import Hummingbird
import NIOCore
import OrderCompany
import OrderKit
import WebCore

/// `/orders/exchange`: the thesis's `||` files of customers, suppliers and products — export to
/// download, import a file (every line or none; bad lines named by number).
extension AgentScreenRoutes {
    func registerExchange(on group: RouterGroup<WebRequestContext>) {
        group.get("exchange") { request, _ in
            screens.page("orders/exchange", NoticePage(title: "Import and export", done: request.uri.queryParameters["done"].map(String.init)))
        }
        group.get("exchange/export.txt") { _, _ in try exportExchange() }
        group.post("exchange/import") { request, _ in try await importExchange(request) }
    }

    private func exportExchange() throws -> some ResponseGenerator {
        let text = try change(back: "/orders/exchange") { try store.exportFile() }
        return Response(
            status: .ok, headers: [.contentType: "text/plain; charset=utf-8", .contentDisposition: "attachment; filename=\"anagrafiche.txt\""],
            body: .init(byteBuffer: ByteBuffer(string: text))
        )
    }

    private func importExchange(_ request: Request) async throws -> some ResponseGenerator {
        let upload: UploadedFile
        do throws(UploadedFile.Failure) { upload = try await UploadedFile.read(from: request, field: "file") } catch {
            throw screens.failure(error.status, error.message, back: "/orders/exchange")
        }
        let records: [MasterDataRecord]
        switch MasterDataFile.parse(Data(upload.bytes)) {
        case .success(let parsed): records = parsed
        case .failure(let rejection): throw screens.failure(.badRequest, rejection.localizedDescription, back: "/orders/exchange")
        }
        let count = try change(back: "/orders/exchange") { try store.importRecords(records) }
        return seeOther(Notice.path("/orders/exchange", "\(count) records imported"))
    }
}
