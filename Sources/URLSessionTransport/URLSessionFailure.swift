import Foundation
import HTTPTransport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// URLSession's errors as the transport's failures, in the words `AsyncHTTPClientTransport`
/// uses for the same event, so a Kit's message does not depend on which transport the app chose.
enum URLSessionFailure {
    static func failure(_ error: any Error, headReceived: Bool, request: HTTPTransportRequest) -> HTTPTransportFailure {
        guard let urlError = error as? URLError else {
            return headReceived ? .connectionLost(reason: "the connection failed", duringBody: true) : .unreachable(reason: "the connection failed")
        }
        switch urlError.code {
        case .timedOut:
            return .timedOut(after: request.timeout)
        case .cancelled:
            return .cancelled
        case .dataLengthExceedsMaximum:
            return .tooLarge(limit: request.maximumBodyBytes)
        default:
            break
        }
        // Once the head has come, any other failure leaves a cut answer.
        if headReceived { return .connectionLost(reason: plainWords(urlError.code), duringBody: true) }
        switch urlError.code {
        case .networkConnectionLost, .badServerResponse, .cannotParseResponse, .zeroByteResource:
            return .connectionLost(reason: plainWords(urlError.code), duringBody: false)
        default:
            return .unreachable(reason: plainWords(urlError.code))
        }
    }

    /// A failure in a person's words ("connection refused"), never the error's dump.
    static func plainWords(_ code: URLError.Code) -> String {
        switch code {
        // URLSession reports a refused connection (nothing listening on the port) as this; on
        // Linux it is libcurl's "couldn't connect" (CURLE_COULDNT_CONNECT).
        case .cannotConnectToHost: "connection refused"
        case .cannotFindHost, .dnsLookupFailed: "the server's name could not be resolved"
        case .notConnectedToInternet: "the device is not connected to a network"
        case .internationalRoamingOff, .dataNotAllowed, .callIsActive: "the device does not allow data connections now"
        case .networkConnectionLost: "the server closed the connection before answering"
        case .badServerResponse, .cannotParseResponse, .zeroByteResource: "the server closed the connection or sent no valid HTTP answer"
        case .badURL, .unsupportedURL: "the address is not a valid http(s) URL"
        case .secureConnectionFailed: "the secure (TLS) connection could not be made"
        case .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid:
            "the server's certificate is not trusted"
        case .appTransportSecurityRequiresSecureConnection: "the app allows only https connections (App Transport Security)"
        case .httpTooManyRedirects, .redirectToNonExistentLocation: "the server's redirects could not be followed"
        default: "the connection failed (URL error \(code.rawValue))"
        }
    }
}
