import Foundation
import Hummingbird
import NIOCore
import OrderCompany
import OrderKit
import WebCore

/// The thesis's protocol, compatible with Order Sender's clients, under
/// `/orders/business/sottoscrizione/`: `check/codice/<company>/username/<u>/password/<p>` and
/// `sync/…/lastSync/<yyyy-MM-dd HH:mm:ss>/udid/<device>`, answered in `text/plain; charset=utf-8`.
/// (Credentials in the path are the thesis's design; the JSON feed takes them in a header.)
struct CompanyProtocolRoutes {
    let services: OrderServices

    func register(on group: RouterGroup<WebRequestContext>) {
        group.get("check/codice/:company/username/:username/password/:password") { _, context in try await check(context) }
        group.get("sync/codice/:company/username/:username/password/:password/lastSync/:lastSync/udid/:device") { _, context in try await sync(context) }
    }

    private func check(_ context: WebRequestContext) async throws -> some ResponseGenerator {
        let credentials = try Self.credentials(context)
        let answer = try await services.agentLogins.attempt((credentials.company, credentials.username), context: context) {
            try await services.sync.check(company: credentials.company, username: credentials.username, password: credentials.password)
        } wasWrongPassword: { outcome in
            if case .success(.wrongPassword) = outcome { true } else { false }
        }
        return Self.text(answer.text)
    }

    private func sync(_ context: WebRequestContext) async throws -> some ResponseGenerator {
        let credentials = try Self.credentials(context)
        let lastSync = context.parameters.get("lastSync") ?? ""
        let body = try await services.agentLogins.attempt((credentials.company, credentials.username), context: context) {
            try await services.sync.thesisSync(company: credentials.company, username: credentials.username, password: credentials.password, lastSync: lastSync)
        } wasWrongPassword: { outcome in
            if case .success(SyncLineEncoder.wrongPasswordMessage) = outcome { true } else { false }
        }
        return Self.text(body)
    }

    /// Path segments arrive percent-encoded (`2024-03-14%2009:30:00`) and are decoded once, by
    /// ``PromisedErrorMiddleware``; a `+` stays a plus.
    static func credentials(_ context: WebRequestContext) throws -> (company: String, username: String, password: String) {
        (context.parameters.get("company") ?? "", context.parameters.get("username") ?? "", context.parameters.get("password") ?? "")
    }

    static func text(_ body: String) -> Response {
        Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: body.hasSuffix("\n") || body.isEmpty ? body : body + "\n")))
    }
}
