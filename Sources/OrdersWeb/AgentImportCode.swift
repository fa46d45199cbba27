import Foundation
import Hummingbird
import OrderCompany
import OrderKit
import WebCore

/// `POST /orders/sync/redeem`: the agent types the 6-letter code the company gave them; the
/// file behind it comes from the company's server and is stored in one transaction. A wrong
/// or used code shows the Sync screen again with why, and the code as typed.
extension AgentScreenRoutes {
    struct RedeemForm: Decodable {
        let code: String?
    }

    func registerImportCode(on group: RouterGroup<WebRequestContext>) {
        group.post("sync/redeem") { request, _ in try await redeemImportCode(request) }
    }

    private func redeemImportCode(_ request: Request) async throws -> some ResponseGenerator {
        let typed = (try await FormBody.decode(RedeemForm.self, from: request)).code ?? ""
        let store = try store
        guard let link = try store.companyLink() else {
            throw ScreenError(status: .badRequest, html: try syncPage(
                message: nil, error: "Link this app to your company first: the import code is redeemed on its server.", status: .badRequest, typedCode: typed
            ).text)
        }
        let redeemer = ImportCodeRedeemer(transport: services.transport(link.serverURL), account: link.account)
        do throws(ImportCodeRedeemer.Failure) {
            let count = try await redeemer.redeem(typed, into: store)
            let code = ImportCode.normalise(typed)
            return seeOther(Notice.path("/orders/sync", "Import code \(code): \(count) record\(count == 1 ? "" : "s") added"))
        } catch {
            let status: HTTPResponse.Status = switch error {
            case .invalidCode: .badRequest
            case .unknownCode: .notFound
            case .wrongPassword: .unauthorized
            case .notApplied: .unprocessableContent
            case .server, .unreadableAnswer, .unreachable: .badGateway
            case .storeFailed: .internalServerError
            }
            let message = error.errorDescription ?? error.code
            throw ScreenError(status: status, html: try syncPage(
                message: nil, error: message.prefix(1).uppercased() + message.dropFirst(), status: status, typedCode: typed
            ).text)
        }
    }
}
