import Foundation
import Hummingbird
import NIOCore
import OrderCompany
import WebCore

/// The company's logo in the back office (issue 40): uploaded as a PNG, shown on the company's
/// page, printed at the top of every order the company mails from then on.
extension CompanyScreenRoutes {
    func registerLogo(on group: RouterGroup<WebRequestContext>) {
        group.get("companies/:code/logo") { request, context in try await logo(request, context) }
        group.post("companies/:code/logo") { request, context in try await uploadLogo(request, context) }
        group.post("companies/:code/logo/delete") { request, context in try await removeLogo(request, context) }
    }

    private func logo(_ request: Request, _ context: WebRequestContext) async throws -> Response {
        try await requireSession(request)
        let code = try companyCode(context)
        guard let bytes = try await store.logo(company: code) else { throw screens.failure(.notFound, "\(code) has no logo.") }
        return Response(status: .ok, headers: [.contentType: "image/png"], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    private func uploadLogo(_ request: Request, _ context: WebRequestContext) async throws -> Response {
        try await requireSession(request)
        let code = try companyCode(context)
        let form: (file: UploadedFile, texts: [String: String])
        do throws(UploadedFile.Failure) { form = try await UploadedFile.readForm(from: request, file: "logo", texts: []) } catch {
            throw screens.failure(error.status, error.message, back: "/orders/business/companies/\(code)")
        }
        try await refusal { try await store.setLogo(form.file.bytes, company: code) }
        return seeOther(Notice.path("/orders/business/companies/\(code)", "logo saved: it heads the orders mailed from now on"))
    }

    private func removeLogo(_ request: Request, _ context: WebRequestContext) async throws -> Response {
        try await requireSession(request)
        let code = try companyCode(context)
        try await refusal { try await store.setLogo(nil, company: code) }
        return seeOther(Notice.path("/orders/business/companies/\(code)", "logo removed"))
    }
}
