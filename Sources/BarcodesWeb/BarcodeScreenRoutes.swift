import BarcodeKit
import BarcodeWallet
import Foundation
import Hummingbird
import WebCore

/// The wallet's screens under `/barcodes`: scan, what a code leads to, save, history, profile.
/// Every form works without JavaScript; the live camera preview is an addition where allowed.
struct BarcodeScreenRoutes {
    let screens: Screens
    let sessions: WalletSessions
    var store: WalletStore { sessions.store }

    /// `sessions` is the API's too: one throttle counts wrong passwords from both.
    init(templates: Templates, sessions: WalletSessions) {
        screens = Screens(templates: templates, navigation: [
            .init(label: "Scan", href: "/barcodes"), .init(label: "History", href: "/barcodes/history"), .init(label: "Profile", href: "/barcodes/profile"),
        ], home: "/barcodes")
        self.sessions = sessions
    }

    func register(on group: RouterGroup<WebRequestContext>) {
        group.get { request, context in try offeringDevice(try scanPage(request), request, context) }
        group.post("scan") { request, context in try offeringDevice(try await scan(request), request, context) }
        group.get("render.svg") { request, _ in try WalletRendering.svgResponse(request) }
        group.get("history") { request, _ in try history(request) }
        group.post("codes") { request, _ in try await save(request) }
        group.get("codes/:id") { request, context in try code(request, context) }
        group.post("codes/:id/delete") { request, context in try deleteCode(request, context) }
        group.post("vcard") { request, _ in try await contactCard(request) }
        registerProfile(on: group)
    }

    private func deleteCode(_ request: Request, _ context: WebRequestContext) throws -> some ResponseGenerator {
        let id = try codeID(context)
        let user = try sessions.codeOwner(request, creating: false).user
        // A code the visitor cannot see is "not there", as its page says: 403 would confirm it exists.
        guard store.savedCode(id: id, for: user.id) != nil else {
            throw screens.failure(.notFound, "There is no such code in your history.", back: "/barcodes/history")
        }
        guard !user.isDefault else {
            throw screens.failure(.forbidden, "The shared codes everyone sees are read-only: only the server's operator changes them.", back: "/barcodes/history")
        }
        try screenFailure { () throws(WalletError) in try store.delete(codeID: id, by: user.id) }
        return seeOther("/barcodes/history")
    }

    /// A page with a save form, with the device cookie its save will need (``WalletSessions/deviceCookieForForms(_:)``).
    private func offeringDevice(_ page: HTML, _ request: Request, _ context: WebRequestContext) throws -> Response {
        var response = try page.response(from: request, context: context)
        if let cookie = sessions.deviceCookieForForms(request) { response.setCookie(cookie) }
        return response
    }

    // MARK: Scan

    private func scanPage(_ request: Request, error: String? = nil, status: HTTPResponse.Status = .ok) throws -> HTML {
        screens.page("barcodes/scan", ScanPage(user: WalletUserView(try sessions.currentUser(request)), error: error), status: status)
    }

    private func scan(_ request: Request) async throws -> HTML {
        let upload: UploadedFile
        do {
            upload = try await UploadedFile.read(from: request, field: "image")
        } catch {
            return try scanPage(request, error: error.message, status: error.status)
        }
        let found: [DecodedBarcode]
        do {
            found = try await PhotoDecoding.decode(upload.bytes)
        } catch let failure as PhotoDecoding.Failure {
            return try scanPage(request, error: failure.message, status: failure.status)
        }
        let picture = "data:\(ImageSniffing.mediaType(upload.bytes));base64,\(Data(upload.bytes).base64EncodedString())"
        return screens.page("barcodes/result", ScanResultPage(found: found, picture: picture))
    }

    // MARK: Codes

    struct SaveForm: Decodable {
        let format: String
        let text: String
        let description: String?
    }

    private func save(_ request: Request) async throws -> Response {
        let form = try await FormBody.decode(SaveForm.self, from: request)
        guard let format = BarcodeFormat(rawValue: form.format) else {
            throw screens.failure(.badRequest, "“\(form.format)” is not a barcode format Bottega knows.", back: "/barcodes")
        }
        let (user, newCookie) = try sessions.codeOwner(request, creating: true)
        let saved = try screenFailure { () throws(WalletError) in
            try store.save(format: format, text: form.text, description: form.description, userID: user.id)
        }
        var response = seeOther("/barcodes/codes/\(saved.id)?saved=1")
        if let newCookie { response.setCookie(newCookie) }
        return response
    }

    private func history(_ request: Request) throws -> HTML {
        let user = try sessions.codeOwner(request, creating: false).user
        return screens.page("barcodes/history", HistoryPage(codes: store.history(for: user.id), user: user))
    }

    private func code(_ request: Request, _ context: WebRequestContext) throws -> HTML {
        let user = try sessions.codeOwner(request, creating: false).user
        guard let code = store.savedCode(id: try codeID(context), for: user.id) else {
            throw screens.failure(.notFound, "There is no such code in your history.", back: "/barcodes/history")
        }
        // The thesis's payment SMS, for EAN-13 product codes only: composed from the profile,
        // shown, editable, sent by the user.
        var sms: CodePage.SMS?
        if code.format == .ean13 {
            let body = request.uri.queryParameters["body"].map(String.init) ?? PaymentSMS.compose(user: user, code: code)
            let supplied = store.paymentRecipient(for: user)
            let typed = request.uri.queryParameters["to"].map(String.init)
            let recipient = typed ?? supplied?.number ?? ""
            sms = .init(
                to: recipient, body: body, link: SMSLink.uri(recipient: recipient, body: body),
                recipientNote: CodePage.SMS.note(typed: typed, supplied: supplied), canSend: !((try? PaymentNumber.normalized(recipient)) ?? "").isEmpty)
        }
        return screens.page("barcodes/code", CodePage(
            title: code.format.displayName + " " + code.text, code: SavedCodeView(code),
            meaning: CodeMeaningView(MainAndAddOn(main: code.text, addOn: code.addOn).stored, format: code.format),
            justSaved: request.uri.queryParameters["saved"] == "1", sms: sms))
    }

    // MARK: Helpers

    func codeID(_ context: WebRequestContext) throws -> Int64 {
        guard let id = context.parameters.get("id", as: Int64.self) else {
            throw screens.failure(.notFound, "\(context.parameters.get("id") ?? "") is not a saved code.", back: "/barcodes/history")
        }
        return id
    }

    func screenFailure<T>(_ body: () throws(WalletError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw screens.failure(error.status, error.localizedDescription, back: "/barcodes/history")
        }
    }

    /// A scanned contact as a .vcf the phone's address book opens.
    private func contactCard(_ request: Request) async throws -> Response {
        let text = (try await FormBody.fields(from: request))["text"] ?? ""
        guard case .contact(let contact)? = ScannedContent.parse(text) else {
            throw screens.failure(.badRequest, "That text is not a contact (a vCard or MECARD).", back: "/barcodes")
        }
        let file = contact.name.filter { $0.isLetter || $0.isNumber || $0 == " " }.trimmingCharacters(in: .whitespaces)
        return Response(
            status: .ok,
            headers: [.contentType: "text/vcard; charset=utf-8", .contentDisposition: "attachment; filename=\"\(file.isEmpty ? "contact" : file).vcf\""],
            body: .init(byteBuffer: ByteBuffer(string: contact.vCard)))
    }
}
