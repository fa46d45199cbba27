import BarcodeKit
import BarcodeWallet
import Foundation
import Hummingbird
import WebCore

/// `/barcodes/admin`: the shared wallet's admin (issue 24). Visitors only read the codes everyone
/// sees; behind `--wallet-admin-password-file`, this screen adds and removes them.
struct WalletAdminScreens {
    let screens: Screens
    let store: WalletStore
    let gate: AdminGate

    func register(on group: RouterGroup<WebRequestContext>) {
        group.get { request, context in
            guard try await gate.hasSession(request) else { return try loginPage(error: nil).response(from: request, context: context) }
            return try adminPage(done: request.uri.queryParameters["done"].map(String.init)).response(from: request, context: context)
        }
        gate.registerLogInAndOut(on: group, disabled: Self.disabled) { [self] error, status in loginPage(error: error, status: status) }
        group.post("codes") { request, _ in try await share(request) }
        group.post("codes/:id/delete") { request, context in try await unshare(request, context) }
        group.post("payment-number") { request, _ in try await setPaymentNumber(request) }
    }

    /// The number payment SMSs go to for profiles without their own (issue 39: it was blank).
    private func setPaymentNumber(_ request: Request) async throws -> some ResponseGenerator {
        try await requireSession(request)
        let fields = try await FormBody.fields(from: request)
        do throws(WalletError) {
            let stored = try store.setOperatorPaymentNumber(fields["number"] ?? "")
            return seeOther("/barcodes/admin?done=" + (stored.isEmpty ? "payment%20number%20cleared" : "payment%20number%20\(stored)"))
        } catch {
            throw screens.failure(error.status, error.localizedDescription, back: "/barcodes/admin")
        }
    }

    private func share(_ request: Request) async throws -> some ResponseGenerator {
        try await requireSession(request)
        let fields = try await FormBody.fields(from: request)
        guard let format = BarcodeFormat(rawValue: fields["format"] ?? "") else {
            throw screens.failure(.badRequest, "“\(fields["format"] ?? "")” is not a barcode format Bottega knows.", back: "/barcodes/admin")
        }
        let description = fields["description"].flatMap { $0.isEmpty ? nil : $0 }
        do throws(WalletError) {
            let saved = try store.share(format: format, text: fields["text"] ?? "", description: description)
            return seeOther("/barcodes/admin?done=shared%20code%20\(saved.id)")
        } catch {
            throw screens.failure(error.status, error.localizedDescription, back: "/barcodes/admin")
        }
    }

    private func unshare(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        try await requireSession(request)
        let id = context.parameters.get("id", as: Int64.self) ?? 0
        do throws(WalletError) {
            try store.delete(codeID: id, by: WalletUser.defaultID)
        } catch {
            throw screens.failure(error.status, error.localizedDescription, back: "/barcodes/admin")
        }
        return seeOther("/barcodes/admin?done=removed%20code%20\(id)")
    }

    private func requireSession(_ request: Request) async throws {
        guard try await gate.hasSession(request) else {
            throw screens.failure(.unauthorized, gate.password == nil ? Self.disabled : "Log in with the wallet admin's password first.", back: "/barcodes/admin")
        }
    }

    private func loginPage(error: String?, status: HTTPResponse.Status = .ok) -> HTML {
        screens.page("barcodes/admin-login", WalletAdminLoginPage(enabled: gate.password != nil, error: error), status: status)
    }

    private func adminPage(done: String?) throws -> HTML {
        let shared = store.history(for: WalletUser.defaultID).map(SavedCodeView.init)
        let formats = BarcodeFormat.allCases.map { ScanPage.FormatChoice(value: $0.rawValue, label: $0.displayName) }
        return screens.page("barcodes/admin", WalletAdminPage(
            codes: shared, empty: shared.isEmpty, formats: formats, done: done, paymentNumber: store.operatorPaymentNumber()))
    }

    static let disabled = "The shared wallet's admin is switched off: start Bottega with --wallet-admin-password-file (or BOTTEGA_WALLET_ADMIN_PASSWORD), or add shared codes with `bottega barcode share`."
}

struct WalletAdminLoginPage: Encodable {
    let title = "Shared wallet admin"
    let enabled: Bool
    let error: String?
}

struct WalletAdminPage: Encodable {
    let title = "Shared wallet admin"
    let codes: [SavedCodeView]
    let empty: Bool
    let formats: [ScanPage.FormatChoice]
    let done: String?
    let paymentNumber: String
}
