import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// One HTTP exchange raced against the timeout, so a shop that answers slowly (or sends its
/// body slowly) cannot hold the caller longer than the configured time; AsyncHTTPClient's own
/// deadline only covers the response head.
struct Exchange: Sendable {
    let http: HTTPClient
    let request: HTTPClientRequest
    let isHead: Bool
    let timeout: Duration

    struct Raw: Sendable {
        let status: Int
        let headers: WebserviceHeaders
        let body: [UInt8]
    }

    enum Phase: Sendable { case connecting, readingBody }

    /// A transport failure and when it happened: a connection that closes while the body
    /// streams is a truncated answer, not a refused connection.
    enum Failure: Error {
        case timedOut
        case cancelled
        case tooLarge
        case other(any Error, phase: Phase)

        func error(for request: RequestLine, timeout: Duration) -> WebserviceError {
            switch self {
            case .timedOut: return .timeout(request: request, after: timeout)
            case .cancelled: return .cancelled
            case .tooLarge:
                return .truncatedBody(request: request, reason: "the answer is larger than \(WebserviceClient.maxBodyBytes / 1_048_576) MB and was not read")
            case .other(let error, let phase):
                if let client = error as? HTTPClientError,
                    [.readTimeout, .connectTimeout, .deadlineExceeded].contains(client)
                {
                    return .timeout(request: request, after: timeout)
                }
                if error is CancellationError { return .cancelled }
                if phase == .readingBody {
                    return .truncatedBody(request: request, reason: "the connection closed before the body was complete (\(error))")
                }
                return .connectionFailed(request: request, reason: String(describing: error))
            }
        }
    }

    func run() async throws -> Raw {
        let deadline = NIODeadline.now() + TimeAmount(timeout)
        return try await withThrowingTaskGroup(of: Raw?.self) { group in
            group.addTask { try await perform(deadline: deadline) }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw Failure.cancelled }
            guard let raw = first else { throw Failure.timedOut }
            return raw
        }
    }

    private func perform(deadline: NIODeadline) async throws -> Raw {
        let response: HTTPClientResponse
        do {
            response = try await http.execute(request, deadline: deadline)
        } catch {
            throw Failure.other(error, phase: .connecting)
        }
        var headers: [(name: String, value: String)] = []
        for header in response.headers { headers.append((name: header.name, value: header.value)) }
        var body: [UInt8] = []
        if !isHead {
            do {
                body = Array(buffer: try await response.body.collect(upTo: WebserviceClient.maxBodyBytes))
            } catch is NIOTooManyBytesError {
                throw Failure.tooLarge
            } catch {
                throw Failure.other(error, phase: .readingBody)
            }
        }
        return Raw(status: Int(response.status.code), headers: WebserviceHeaders(headers), body: body)
    }
}

extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
