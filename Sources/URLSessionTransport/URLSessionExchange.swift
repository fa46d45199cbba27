import Foundation
import HTTPTransport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One request in flight: the task URLSession runs for it, the answer as it arrives, and the
/// continuation its caller waits on, resumed exactly once.
///
/// A lock rather than an actor: URLSession calls its delegate synchronously on its own queue and
/// needs the decision (go on, cancel) before the call returns.
final class Exchange: @unchecked Sendable {
    let request: HTTPTransportRequest
    private let lock = NSLock()
    private var continuation: CheckedContinuation<HTTPTransportResponse, any Error>?
    private var task: URLSessionDataTask?
    private var head: HTTPURLResponse?
    private var body: [UInt8] = []
    /// Decided here before URLSession finished (a body too large, the caller gone): URLSession
    /// then reports only "cancelled", and this says why.
    private var verdict: HTTPTransportFailure?

    init(request: HTTPTransportRequest) {
        self.request = request
    }

    /// Starts the task and waits for the whole answer; cancelling the calling task cancels it.
    func run(in session: URLSession, table: ExchangeTable) async throws -> HTTPTransportResponse {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: urlRequest())
                let cancelledAlready = lock.withLock { () -> Bool in
                    self.continuation = continuation
                    self.task = task
                    return verdict != nil
                }
                if cancelledAlready {
                    task.cancel()
                    finish(error: nil)
                    return
                }
                table.register(self, for: task)
                task.resume()
            }
        } onCancel: {
            cancel(because: .cancelled)
        }
    }

    private func urlRequest() -> URLRequest {
        let seconds = Double(request.timeout.components.seconds) + Double(request.timeout.components.attoseconds) / 1e18
        var prepared = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: max(seconds, 0.001))
        prepared.httpMethod = request.method
        for header in request.headers { prepared.addValue(header.value, forHTTPHeaderField: header.name) }
        if let body = request.body { prepared.httpBody = Data(body) }
        return prepared
    }

    /// Stops the exchange for `reason`, and tells the caller at once: URLSession's own report of
    /// the cancelled task can come late (seconds, on a busy Linux machine), and a timeout must
    /// end the wait when it says. The late report then finds no one waiting.
    func cancel(because reason: HTTPTransportFailure) {
        let task = lock.withLock { () -> URLSessionDataTask? in
            if verdict == nil { verdict = reason }
            return self.task
        }
        task?.cancel()
        finish(error: nil)
    }

    /// The answer's head: refused at once when its declared length is already above the limit.
    func received(_ response: URLResponse) -> URLSession.ResponseDisposition {
        let limit = request.maximumBodyBytes
        let tooLarge = request.expectsBody && response.expectedContentLength > Int64(limit)
        lock.withLock {
            head = response as? HTTPURLResponse
            if tooLarge, verdict == nil { verdict = .tooLarge(limit: limit) }
        }
        return tooLarge ? .cancel : .allow
    }

    /// More of the body; the exchange is cancelled the moment the total passes the limit, so a
    /// server that sends without end (or without a length) costs at most the limit in memory.
    func received(_ data: Data) {
        let limit = request.maximumBodyBytes
        let overflowed = lock.withLock { () -> Bool in
            guard verdict == nil, request.expectsBody else { return false }
            guard body.count + data.count <= limit else {
                verdict = .tooLarge(limit: limit)
                body = []
                return true
            }
            body.append(contentsOf: data)
            return false
        }
        if overflowed { lock.withLock { task }?.cancel() }
    }

    /// URLSession is done with the task: resumes the caller with the answer or the failure.
    func finish(error: (any Error)?) {
        let (continuation, outcome) = lock.withLock { () -> (CheckedContinuation<HTTPTransportResponse, any Error>?, Result<HTTPTransportResponse, HTTPTransportFailure>) in
            let waiting = self.continuation
            self.continuation = nil
            if let verdict { return (waiting, .failure(verdict)) }
            if let error { return (waiting, .failure(URLSessionFailure.failure(error, headReceived: head != nil, request: request))) }
            guard let head else { return (waiting, .failure(.connectionLost(reason: "the server sent no HTTP answer", duringBody: false))) }
            return (waiting, .success(HTTPTransportResponse(status: head.statusCode, headers: Self.headers(of: head), body: body)))
        }
        continuation?.resume(with: outcome.mapError { $0 as any Error })
    }

    /// URLSession keeps the fields in a dictionary: sorted by name, so the same answer always
    /// reads the same way.
    static func headers(of response: HTTPURLResponse) -> [(name: String, value: String)] {
        response.allHeaderFields.compactMap { name, value -> (name: String, value: String)? in
            guard let name = name as? String else { return nil }
            return (name: name, value: value as? String ?? String(describing: value))
        }
        .sorted { $0.name.lowercased() < $1.name.lowercased() }
    }
}

/// The session's delegate: hands each callback to the exchange of its task. One session serves
/// every request of a transport (so connections are reused), and URLSession has one delegate per
/// session, so the tasks are told apart by their identifier.
final class ExchangeTable: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var exchanges: [Int: Exchange] = [:]

    func register(_ exchange: Exchange, for task: URLSessionTask) {
        lock.withLock { exchanges[task.taskIdentifier] = exchange }
    }

    private func exchange(of task: URLSessionTask) -> Exchange? {
        lock.withLock { exchanges[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        completionHandler(exchange(of: dataTask)?.received(response) ?? .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        exchange(of: dataTask)?.received(data)
    }

    /// A redirect is the answer: the caller (an ``OutboundPolicy`` among them) decides whether
    /// to follow it.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let exchange = lock.withLock { exchanges.removeValue(forKey: task.taskIdentifier) }
        exchange?.finish(error: error)
    }
}
