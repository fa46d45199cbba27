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
        /// The subscription whose company gave the code; may be left out when there is one.
        let subscription: String?
    }

    func registerImportCode(on group: RouterGroup<WebRequestContext>) {
        group.post("sync/redeem") { request, _ in try await redeemImportCode(request) }
    }

    private func redeemImportCode(_ request: Request) async throws -> some ResponseGenerator {
        let form = try await FormBody.decode(RedeemForm.self, from: request)
        let typed = form.code ?? ""
        let store = try store
        // A code belongs to the company that made it: redeemed anywhere else it is "unknown", or
        // worse, another company's code with the same letters.
        let subscriptions = try store.subscriptions()
        let chosen = form.subscription.flatMap(Int64.init).flatMap { id in subscriptions.first { $0.id == id } }
            ?? (subscriptions.count == 1 ? subscriptions.first : nil)
        guard let subscription = chosen else {
            let why = subscriptions.isEmpty
                ? "Link this app to your company first: the import code is redeemed on its server."
                : "Choose the company that gave you the code: each company's codes are its own."
            throw ScreenError(status: .badRequest, html: try syncPage(message: nil, error: why, status: .badRequest, typedCode: typed).text)
        }
        let redeemer = ImportCodeRedeemer(transport: services.transport(subscription.serverURL), account: subscription.account)
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
