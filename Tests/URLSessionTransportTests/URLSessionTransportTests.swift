import Foundation
import HTTPTransport
import Testing
import TestSupport
import URLSessionTransport

/// URLSessionTransport against a real HTTP server on 127.0.0.1 (FoundationNetworking over
/// libcurl here, URLSession itself on Apple platforms): what went on the wire, what came back,
/// and each way an exchange fails, with the failure the protocol promises.
@Suite struct URLSessionTransportTests {
    let transport = URLSessionTransport()

    func request(_ url: URL, method: String = "GET", headers: [(name: String, value: String)] = [], body: [UInt8]? = nil,
                 timeout: Duration = .seconds(10), maximumBodyBytes: Int = 1_048_576) -> HTTPTransportRequest {
        HTTPTransportRequest(method: method, url: url, headers: headers, body: body, timeout: timeout, maximumBodyBytes: maximumBodyBytes)
    }

    @Test func aGetCarriesItsHeadersAndReturnsTheAnswerWhole() async throws {
        try await LocalServer.run({ _ in
            .init(status: 200, headers: ["X-Answer": "forty-two", "Content-Type": "text/plain"], body: "hello from the server")
        }) { server in
            let response = try await transport.send(request(server.url("/greeting?lang=it"), headers: [
                (name: "X-Probe", value: "one"), (name: "Authorization", value: "Basic a2V5Og=="),
            ]))
            #expect(response.status == 200)
            #expect(String(decoding: response.body, as: UTF8.self) == "hello from the server")
            #expect(response.header("x-answer") == "forty-two")
            #expect(response.header("content-type") == "text/plain")
            let received = try #require(await server.requests().first)
            #expect(received.method == "GET" && received.uri == "/greeting?lang=it")
            #expect(received.header("X-Probe") == "one")
            #expect(received.header("Authorization") == "Basic a2V5Og==")
            #expect(received.header("Cookie") == nil)
        }
    }

    @Test func aPostSendsItsBodyByteForByte() async throws {
        // Larger than libcurl's 1 KiB threshold for `Expect: 100-continue`, and every byte value.
        let body = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try await LocalServer.run({ request in .init(status: 201, body: "stored \(request.body.count) bytes") }) { server in
            let response = try await transport.send(request(
                server.url("/upload"), method: "POST", headers: [(name: "Content-Type", value: "application/octet-stream")], body: body))
            #expect(response.status == 201)
            #expect(String(decoding: response.body, as: UTF8.self) == "stored 70000 bytes")
            let received = try #require(await server.requests().first)
            #expect(received.method == "POST")
            #expect(received.body == body)
            #expect(received.header("Content-Type") == "application/octet-stream")
        }
    }

    @Test(arguments: [404, 401, 500, 503])
    func aStatusThatIsNotSuccessIsReturnedNotThrown(_ status: Int) async throws {
        try await LocalServer.run({ _ in .status(status, "the server's own words") }) { server in
            let response = try await transport.send(request(server.url("/missing")))
            #expect(response.status == status)
            #expect(String(decoding: response.body, as: UTF8.self) == "the server's own words")
        }
    }

    @Test func aRedirectIsReturnedNotFollowed() async throws {
        try await LocalServer.run({ request in
            request.path == "/old" ? .init(status: 302, headers: ["Location": "/new"], body: "") : .status(200, "followed")
        }) { server in
            let response = try await transport.send(request(server.url("/old")))
            #expect(response.status == 302)
            #expect(response.header("Location") == "/new")
            #expect(await server.requestCount(path: "/new") == 0)
        }
    }

    @Test func aHeadAnswerHasNoBody() async throws {
        try await LocalServer.run({ _ in .init(status: 200, headers: ["Content-Type": "text/plain"], body: "") }) { server in
            let response = try await transport.send(request(server.url("/thing"), method: "HEAD"))
            #expect(response.status == 200 && response.body.isEmpty)
            #expect(await server.requests().first?.method == "HEAD")
        }
    }

    @Test func aRefusedConnectionSaysSo() async throws {
        let refusing = try RefusingPort()
        defer { refusing.close() }
        let failure = await #expect(throws: HTTPTransportFailure.self) {
            try await transport.send(request(refusing.url.appendingPathComponent("anything")))
        }
        #expect(failure == .unreachable(reason: "connection refused"))
    }

    @Test func anAnswerSlowerThanTheTimeoutFailsAtTheTimeout() async throws {
        try await LocalServer.run({ _ in .init(status: 200, body: "too late", delay: .seconds(5)) }) { server in
            // The first outcome wins: a timeout, not the answer sent 5 s later, says the caller
            // did not wait for the server (a wall-clock bound would only measure the machine's load).
            let failure = await #expect(throws: HTTPTransportFailure.self) {
                try await transport.send(request(server.url("/slow"), timeout: .milliseconds(400)))
            }
            #expect(failure == .timedOut(after: .milliseconds(400)))
        }
    }

    @Test func aBodyAboveTheLimitIsRefused() async throws {
        try await LocalServer.run({ _ in .init(status: 200, bytes: [UInt8](repeating: 65, count: 5_000)) }) { server in
            let failure = await #expect(throws: HTTPTransportFailure.self) {
                try await transport.send(request(server.url("/big"), maximumBodyBytes: 4_999))
            }
            #expect(failure == .tooLarge(limit: 4_999))
            // Exactly at the limit is allowed.
            let whole = try await transport.send(request(server.url("/big"), maximumBodyBytes: 5_000))
            #expect(whole.body.count == 5_000)
        }
    }

    @Test func cancellingTheCallerEndsTheExchange() async throws {
        try await LocalServer.run({ _ in .init(status: 200, body: "too late", delay: .seconds(5)) }) { server in
            let slow = request(server.url("/slow"))
            let call = Task { [transport] in try await transport.send(slow) }
            try await Task.sleep(for: .milliseconds(200))
            call.cancel()
            let result = await call.result
            // Cancelled, not the answer sent 5 s later: the caller stopped waiting when told to.
            #expect(throws: HTTPTransportFailure.cancelled) { try result.get() }
        }
    }

    @Test func aPinnedAddressIsConnectedToOnlyWhenTheURLNamesIt() async throws {
        try await LocalServer.run({ _ in .status(200, "here") }) { server in
            var pinned = request(server.url("/a"))
            pinned.connectAddress = "127.0.0.1"
            let answer = try await transport.send(pinned)
            #expect(answer.status == 200)
            // The name would be looked up again, reaching an address nobody judged: refused, unsent.
            let port = server.baseURL.port ?? 0
            var named = request(URL(string: "http://localhost:\(port)/b")!)
            named.connectAddress = "127.0.0.1"
            let failure = await #expect(throws: HTTPTransportFailure.self) { try await transport.send(named) }
            guard case .unreachable(let reason) = failure else {
                Issue.record("expected unreachable, got \(String(describing: failure))")
                return
            }
            #expect(reason.contains("cannot connect to the checked address 127.0.0.1"))
            #expect(await server.requestCount(path: "/b") == 0)
        }
    }

    @Test func anAddressThatIsNotHTTPIsRefusedUnsent() async throws {
        let failure = await #expect(throws: HTTPTransportFailure.self) {
            try await transport.send(request(URL(string: "file:///etc/passwd")!))
        }
        #expect(failure == .unreachable(reason: "the address is not a valid http(s) URL"))
    }
}
