import Foundation

/// Where ``CustomerLogin`` finds the accounts with an email: the webservice, or a stand-in.
public protocol CustomerLookup: Sendable {
    func customers(withEmail email: String) async throws(LoginError) -> [Customer]
}

extension WebserviceClient: CustomerLookup {
    /// The fields a login needs, nothing more (the key can read much more; API-NOTES §12).
    public static let loginFields = ["id", "email", "passwd", "active", "deleted", "is_guest", "firstname", "lastname"]

    /// `GET /api/customers?filter[email]=[<email>]&display=[id,email,passwd,active,deleted,is_guest,firstname,lastname]`.
    public static func loginRequest(email: String) throws(LoginError) -> WebserviceRequest {
        do throws(WebserviceRequestError) {
            return try WebserviceRequest.list("customers").filter("email", .equals(email)).display(.fields(loginFields))
        } catch {
            throw .invalidEmail(email)
        }
    }

    public func customers(withEmail email: String) async throws(LoginError) -> [Customer] {
        let request = try Self.loginRequest(email: email)
        let response: WebserviceResponse
        do throws(WebserviceError) {
            response = try await send(request)
        } catch {
            throw .lookupFailed("\(error)")
        }
        do {
            let document = configuration.outputFormat == .json
                ? try WebserviceDocument(json: response.body) : try WebserviceDocument(xml: response.body)
            return try Customer.all(in: document)
        } catch {
            throw .lookupFailed("the customers answer could not be read: \(error)")
        }
    }
}
