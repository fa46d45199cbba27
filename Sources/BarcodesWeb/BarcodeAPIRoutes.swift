import BarcodeKit
import BarcodeWallet
import Foundation
import Hummingbird
import WebCore

/// The wallet's JSON API under `/api/barcodes`. A session is the cookie the screens use or an
/// `Authorization: Bearer` token from `POST /api/barcodes/session`; without one, the caller is
/// the shared default user.
struct BarcodeAPIRoutes {
    let sessions: WalletSessions
    var store: WalletStore { sessions.store }

    func register(on group: RouterGroup<WebRequestContext>) {
        group.post("users") { request, context in try await registerUser(request, context) }
        group.post("session") { request, context in try await logIn(request, context) }
        group.delete("session") { request, _ in try logOut(request) }
        group.get("me") { request, _ in UserBody(try sessions.currentUser(request)) }
        group.delete("me") { request, context in try await deleteProfile(request, context) }
        group.put("me") { request, context in try await updateProfile(request, context) }
        group.post("me/password") { request, context in try await changePassword(request, context) }
        group.post("scan") { request, _ in try await scan(request) }
        group.get("render.svg") { request, _ in try WalletRendering.svgResponse(request) }
        group.get("codes") { request, _ in
            CodeList(codes: store.history(for: try sessions.codeOwner(request, creating: false).user.id).map(CodeBody.init))
        }
        group.post("codes") { request, context in try await saveCode(request, context) }
        group.get("codes/:id") { request, context in try savedCode(request, context) }
        group.delete("codes/:id") { request, context in try deleteCode(request, context) }
        group.get("codes/:id/sms") { request, context in try paymentSMS(request, context) }
    }

    private func registerUser(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let body = try await JSONInput.decode(RegisterRequest.self, from: request, context: context)
        let user = try walletCall(try await SlowWork.current.result { () throws(WalletError) in try store.register(body.profile) })
        return EditedResponse(status: .created, response: UserBody(user))
    }

    private func logIn(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let body = try await JSONInput.decode(LoginRequest.self, from: request, context: context)
        let session = try walletCall(try await sessions.logIn(nickname: body.nickname, password: body.password, context: context))
        try sessions.claimDevice(request, session.user)
        var response = try context.responseEncoder.encode(SessionBody(session), from: request, context: context)
        response.setCookie(WalletSessions.cookie(for: session))
        return response
    }

    private func logOut(_ request: Request) throws -> some ResponseGenerator {
        if let token = sessions.token(of: request) { store.logOut(token: token) }
        var response = Response(status: .noContent)
        response.setCookie(WalletSessions.clearingCookie)
        response.headers[OfflineCopies.clearSiteData] = OfflineCopies.clearing
        return response
    }

    private func deleteProfile(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        guard let user = sessions.signedInUser(request) else {
            throw APIError(.unauthorized, "not_signed_in", "Log in first: only your own profile can be deleted, and the default user never can.")
        }
        let body = try await JSONInput.decode(PasswordRequest.self, from: request, context: context)
        try walletCall(try await SlowWork.current.result { () throws(WalletError) in try store.deleteProfile(userID: user.id, password: body.password) })
        try sessions.accountDeleted(user.id)
        return Response(status: .noContent)
    }

    private func updateProfile(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        guard let user = try sessions.signedInUserOrNone(request) else {
            throw APIError(.unauthorized, "not_signed_in", "Log in first: only your own profile can be changed, and the default user's never.")
        }
        let body = try await JSONInput.decode(ProfileChangesRequest.self, from: request, context: context)
        return UserBody(try walletCall { () throws(WalletError) in try store.updateProfile(userID: user.id, body.changes) })
    }

    private func changePassword(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        guard let user = try sessions.signedInUserOrNone(request) else {
            throw APIError(.unauthorized, "not_signed_in", "Log in first: only your own password can be changed.")
        }
        let body = try await JSONInput.decode(PasswordChangeRequest.self, from: request, context: context)
        let token = sessions.token(of: request)
        try walletCall(try await SlowWork.current.result { () throws(WalletError) in
            try store.changePassword(userID: user.id, current: body.currentPassword, new: body.newPassword, keepingSession: token)
        })
        return Response(status: .noContent)
    }

    private func saveCode(_ request: Request, _ context: WebRequestContext) async throws -> Response {
        // Who asks, before what they ask: a request without an account learns nothing from validation.
        let (user, newCookie) = try sessions.codeOwner(request, creating: true)
        let body = try await JSONInput.decode(SaveRequest.self, from: request, context: context)
        guard let format = BarcodeFormat(rawValue: body.format) else {
            throw APIError(.badRequest, "bad_format", "format must be one of \(BarcodeFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        let saved = try walletCall { () throws(WalletError) in
            try store.save(format: format, text: body.text, description: body.description, userID: user.id)
        }
        var response = try context.responseEncoder.encode(CodeBody(saved), from: request, context: context)
        response.status = .created
        if let newCookie { response.setCookie(newCookie) }
        return response
    }

    private func savedCode(_ request: Request, _ context: WebRequestContext) throws -> some ResponseGenerator {
        guard let code = store.savedCode(id: try codeID(context), for: try sessions.codeOwner(request, creating: false).user.id) else {
            throw APIError(.notFound, "not_found", "There is no code \(try codeID(context)) in your history.")
        }
        return CodeBody(code)
    }

    private func deleteCode(_ request: Request, _ context: WebRequestContext) throws -> some ResponseGenerator {
        let id = try codeID(context)
        let user = try sessions.codeOwner(request, creating: false).user
        // A code the caller cannot see is "not there", as GET says: 403 would confirm it exists.
        // A shared code (seen by everyone) is read-only: deleting it is "not yours", 403.
        guard store.savedCode(id: id, for: user.id) != nil else {
            throw APIError(.notFound, "not_found", "There is no code \(id) in your history.")
        }
        // A visitor without a device of its own reads the shared wallet; it never writes there.
        guard !user.isDefault else {
            throw APIError(.forbidden, "read_only", "The shared codes everyone sees are read-only: only the server's operator changes them.")
        }
        try walletCall { () throws(WalletError) in try store.delete(codeID: id, by: user.id) }
        return Response(status: .noContent)
    }

    private func paymentSMS(_ request: Request, _ context: WebRequestContext) throws -> some ResponseGenerator {
        let user = try sessions.codeOwner(request, creating: false).user
        guard let code = store.savedCode(id: try codeID(context), for: user.id) else {
            throw APIError(.notFound, "not_found", "There is no code \(context.parameters.get("id") ?? "") in your history.")
        }
        guard code.format == .ean13 else {
            throw APIError(.conflict, "not_a_product_code", "The payment SMS is for EAN-13 product codes; this code is \(code.format.displayName).")
        }
        let body = PaymentSMS.compose(user: user, code: code)
        // `to` is the caller's own choice; else the profile's number, else the operator's.
        if let typed = request.uri.queryParameters["to"].map(String.init) {
            let number: String
            do throws(WalletError) {
                number = try PaymentNumber.normalized(typed, field: "to")
            } catch {
                throw APIError(.badRequest, "invalid_recipient", error.localizedDescription)
            }
            guard !number.isEmpty else { throw APIError(.badRequest, "invalid_recipient", "to is empty; leave it out to use the payment number of the profile or of the wallet's operator.") }
            return SMSBody(to: number, recipientSource: "request", body: body, link: SMSLink.uri(recipient: number, body: body))
        }
        guard let recipient = store.paymentRecipient(for: user) else {
            throw APIError(
                .conflict, "no_recipient",
                "Nobody has said where the payment SMS goes: set paymentNumber in the profile, ask the wallet's operator to set one, or pass ?to=NUMBER.")
        }
        return SMSBody(to: recipient.number, recipientSource: recipient.source.rawValue, body: body, link: SMSLink.uri(recipient: recipient.number, body: body))
    }

    private func scan(_ request: Request) async throws -> ScanBody {
        let upload: UploadedFile
        do {
            upload = try await UploadedFile.read(from: request, field: "image")
        } catch {
            throw error
        }
        let found = try await PhotoDecoding.decode(upload.bytes)
        guard !found.isEmpty else {
            throw APIError(.unprocessableContent, "nothing_found", "No barcode or QR code was found in the image; send a sharper photo that fills the frame with the code.")
        }
        return ScanBody(barcodes: found.map { ScannedBody(format: $0.format.rawValue, text: $0.text, meaning: MeaningBody($0.text, $0.format)) })
    }

    private func codeID(_ context: WebRequestContext) throws -> Int64 {
        guard let id = context.parameters.get("id", as: Int64.self) else {
            throw APIError(.notFound, "not_found", "\(context.parameters.get("id") ?? "") is not a code id.")
        }
        return id
    }

    private func walletCall<T>(_ body: () throws(WalletError) -> T) throws -> T {
        try walletCall(Result { () throws(WalletError) in try body() })
    }

    /// The value, or the wallet's error as the API's.
    private func walletCall<T>(_ outcome: Result<T, WalletError>) throws -> T {
        switch outcome {
        case .success(let value): return value
        case .failure(let error): throw APIError(error)
        }
    }
}
