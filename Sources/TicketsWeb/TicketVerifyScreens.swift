import BarcodeKit
import Foundation
import Hummingbird
import TicketKit
import WebCore

/// `/tickets/verify`: the inspector's check, offline, of a pasted payload or a photo of the QR.
extension TicketScreenRoutes {
    func registerVerification(on group: RouterGroup<WebRequestContext>) {
        group.get("verify") { request, _ in
            try verifyPage(error: nil, result: nil, inspector: try screenInspector(request))
        }
        group.post("verify") { request, _ in try await verifyPhoto(request) }
    }

    private func screenInspector(_ request: Request) throws -> String? {
        do {
            return try TicketVerification.inspector(of: request, store: store)
        } catch let error as APIError {
            throw screens.failure(error.status, error.message, back: "/tickets/verify")
        }
    }

    private func verifyPhoto(_ request: Request) async throws -> some ResponseGenerator {
        let inspector = try screenInspector(request)
        let outcome: TicketVerification.Outcome
        do throws(TicketVerification.Invalid) {
            outcome = try await TicketVerification.verify(request, store: store, operator: inspector)
        } catch {
            return try verifyPage(error: error.message, result: nil, inspector: inspector, status: error.status)
        }
        return try verifyPage(error: nil, result: resultView(outcome), inspector: inspector)
    }

    /// The page, set up for `inspector`'s device (nil: any operator of this server).
    private func verifyPage(error: String?, result: VerifyPage.Result?, inspector: String?, status: HTTPResponse.Status = .ok) throws -> HTML {
        let operators = try store.catalogue().operators.map { VerifyPage.Choice(code: $0.code, name: $0.name, selected: $0.code == inspector) }
        let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        let query = inspector.map { "?operator=" + ($0.addingPercentEncoding(withAllowedCharacters: unreserved) ?? $0) } ?? ""
        return screens.page("tickets/verify", VerifyPage(error: error, result: result, operators: operators, inspector: inspector, action: "/tickets/verify" + query), status: status)
    }

    private func resultView(_ outcome: TicketVerification.Outcome) -> VerifyPage.Result {
        switch outcome.result {
        case .success(let ticket):
            let timeZone = zone(of: ticket.operatorCode)
            return VerifyPage.Result(
                valid: true, operatorCode: ticket.operatorCode, productCode: ticket.productCode, serial: String(ticket.serial),
                validFrom: DayText.local(ticket.validity.start, in: timeZone), validUntil: DayText.localEnd(ticket.validity.end, in: timeZone),
                reason: nil, message: nil, holder: ticket.holder, cardNumber: ticket.cardNumber, keyId: ticket.keyID ?? TicketSigningKeys.serverKeyID)
        case .failure(let rejection):
            return VerifyPage.Result(
                valid: false, operatorCode: nil, productCode: nil, serial: nil, validFrom: nil, validUntil: nil, reason: rejection.code,
                message: rejection.localizedDescription, holder: nil, cardNumber: nil, keyId: nil)
        }
    }
}

/// Reading a ticket from a request (a pasted payload in a form or JSON, or a photo) and checking
/// it with the store's public key: shared by the screen and the API.
enum TicketVerification {
    struct Outcome {
        let payload: String
        let result: Result<Ticket, TicketRejection>
    }

    /// Why no ticket could be read from the request: 400 unless the photo itself was the problem
    /// (oversized, unreadable, too slow) or the server was too busy to read it.
    struct Invalid: PublicFailure {
        let message: String
        var status: HTTPResponse.Status = .badRequest
        var code = "no_ticket"
        var headers: HTTPFields = [:]

        init(message: String) {
            self.message = message
        }

        init(_ failure: some PublicFailure) {
            (message, status, code, headers) = (failure.message, failure.status, failure.code, failure.headers)
        }
    }

    /// `operator`: an inspector of that operator's, for whom another operator's ticket is not valid.
    static func verify(_ request: Request, store: TicketStore, at instant: Date = Date(), operator code: String? = nil) async throws(Invalid) -> Outcome {
        let payload = try await payload(of: request)
        do {
            return Outcome(payload: payload, result: .success(try store.verifyIssued(payload, at: instant, operator: code)))
        } catch {
            return Outcome(payload: payload, result: .failure(error))
        }
    }

    /// The `operator` query parameter: the inspector's operator, which must be in the catalogue;
    /// nil when absent or empty (any of this server's operators).
    static func inspector(of request: Request, store: TicketStore) throws -> String? {
        guard let code = request.uri.queryParameters["operator"].map(String.init), !code.isEmpty else { return nil }
        guard try store.catalogue().operator(code: code) != nil else {
            throw APIError(.badRequest, "unknown_operator", "There is no operator \(code) in the catalogue: pass the code of the operator whose tickets are checked, as GET /api/tickets/catalogue lists them.")
        }
        return code
    }

    /// The payload from a form field `payload`, a JSON `{"payload": …}`, or the QR Code in an image
    /// (a multipart form's `image` field or a raw image body).
    static func payload(of request: Request) async throws(Invalid) -> String {
        let contentType = (request.headers[.contentType] ?? "").lowercased()
        if contentType.hasPrefix("multipart/form-data") || contentType.hasPrefix("image/") || contentType.hasPrefix("application/octet-stream") {
            let image: UploadedFile
            do throws(UploadedFile.Failure) { image = try await UploadedFile.read(from: request, field: "image") } catch { throw Invalid(error) }
            return try await payload(inImage: image.bytes)
        }
        let text: String
        do { text = String(buffer: try await request.body.collect(upTo: FormBody.limit)) } catch {
            var invalid = Invalid(message: "The request is larger than a ticket can be (\(FormBody.limit / 1024) KB).")
            (invalid.status, invalid.code) = (.contentTooLarge, "too_large")
            throw invalid
        }
        if contentType.hasPrefix("application/json") {
            struct Body: Decodable { let payload: String }
            guard let body = try? JSONDecoder().decode(Body.self, from: Data(text.utf8)) else {
                throw Invalid(message: "Send {\"payload\": \"BT1.…\"}, the text of the ticket's QR Code.")
            }
            return body.payload.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard let field = FormBody.values(named: "payload", in: text).first?.trimmingCharacters(in: .whitespacesAndNewlines), !field.isEmpty else {
            throw Invalid(message: "Paste the ticket's text (it starts with BT1.) or send a photo of its QR Code.")
        }
        return field
    }

    static func payload(inImage bytes: [UInt8]) async throws(Invalid) -> String {
        let found: [DecodedBarcode]
        do {
            found = try await PhotoDecoding.run { limit, deadline, now throws(PhotoDecoding.Failure) in
                do throws(PhotoReadFailure) {
                    return try BarcodeReader(formats: [.qrCode]).decode(photo: bytes, maximumPixelCount: limit, deadline: deadline, now: now)
                } catch {
                    switch error {
                    case .unreadable(let reason): throw .unreadable(reason)
                    case .tooManyPixels(let reason): throw .tooManyPixels(reason)
                    case .tookTooLong: throw .tookTooLong
                    }
                }
            }
        } catch let failure as PublicFailure {
            throw Invalid(failure)
        } catch {
            throw Invalid(message: "The photo could not be read: \(error.localizedDescription)")
        }
        guard let code = found.first else {
            throw Invalid(message: "No QR Code was found in the photo; photograph the ticket's QR Code so that it fills the frame.")
        }
        return code.text
    }
}
