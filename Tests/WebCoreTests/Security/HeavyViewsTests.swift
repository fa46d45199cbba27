@testable import WebCore
import WebTestSupport
@testable import BottegaWeb
import Foundation
import NIOCore
import NIOEmbedded
import Synchronization
import Testing

/// Issue 36: fifty clients on the Scholar results screen held both cooperative threads, and a
/// thousand one-request connections kept every other page waiting; views are now drawn on a
/// pool of their own, admitted per client, in turns, and dropped when their client has gone.
@Suite struct HeavyViewsTests {
    /// What the drawn work did, in order.
    final class Log: Sendable {
        private let entries = Mutex<[String]>([])
        func append(_ entry: String) { entries.withLock { $0.append(entry) } }
        var all: [String] { entries.withLock { $0 } }
    }

    /// Waits (up to 10 s) until `condition` holds.
    private func eventually(_ condition: () -> Bool) async throws {
        for _ in 0..<1000 where !condition() { try await Task.sleep(for: .milliseconds(10)) }
        #expect(condition())
    }

    @Test func aClientPastItsLimitIsRefusedWhileAnotherClientIsAdmitted() async throws {
        let views = HeavyViews(perClientLimit: 2, waitingLimit: 10, running: 1)
        let gate = DispatchSemaphore(value: 0)
        let held = (0..<2).map { _ in Task { try await views.draw(for: ["address:a"], connection: nil) { gate.wait(); return "a" } } }
        try await eventually { views.load.admitted["address:a"] == 2 }
        await #expect(throws: HeavyViews.TooManyFromYou.self) { try await views.draw(for: ["address:a"], connection: nil) { "third" } }
        let other = Task { try await views.draw(for: ["address:b"], connection: nil) { "b" } }
        try await eventually { views.load.admitted["address:b"] == 1 }
        gate.signal()
        gate.signal()
        #expect(try await other.value == "b")
        for view in held { #expect(try await view.value == "a") }
        #expect(views.load.admitted.isEmpty, "every admission is given back")
    }

    @Test func anAccountIsCountedAcrossItsAddresses() async throws {
        let views = HeavyViews(perClientLimit: 1, waitingLimit: 10, running: 1)
        let gate = DispatchSemaphore(value: 0)
        let held = Task { try await views.draw(for: ["account:7", "address:a"], connection: nil) { gate.wait() } }
        try await eventually { views.load.admitted["account:7"] == 1 }
        await #expect(throws: HeavyViews.TooManyFromYou.self) { try await views.draw(for: ["account:7", "address:b"], connection: nil) {} }
        gate.signal()
        try await held.value
    }

    @Test func pastTheWaitingLimitEveryoneIsToldBusy() async throws {
        let views = HeavyViews(perClientLimit: 10, waitingLimit: 1, running: 1)
        let gate = DispatchSemaphore(value: 0)
        let drawing = Task { try await views.draw(for: ["address:a"], connection: nil) { gate.wait() } }
        try await eventually { views.load.admitted["address:a"] == 1 }
        let waiting = Task { try await views.draw(for: ["address:b"], connection: nil) {} }
        try await eventually { views.load.waiting == 1 }
        await #expect(throws: HeavyViews.Busy.self) { try await views.draw(for: ["address:c"], connection: nil) {} }
        gate.signal()
        try await drawing.value
        try await waiting.value
    }

    /// Client a asks for four views before client b asks for one; with one thread, first come
    /// first served would draw b's last. In turns, b waits for at most one more of a's.
    @Test func freeThreadsGoToTheWaitingClientsInTurn() async throws {
        let views = HeavyViews(perClientLimit: 10, waitingLimit: 10, running: 1)
        let gate = DispatchSemaphore(value: 0)
        let log = Log()
        var tasks: [Task<Void, Error>] = []
        for (index, client) in ["a", "a", "a", "a", "b"].enumerated() {
            let label = "\(client)\(index)"
            tasks.append(Task { try await views.draw(for: ["address:\(client)"], connection: nil) { log.append(label); gate.wait() } })
            // Each joins the line before the next asks.
            try await eventually { views.load.admitted.values.reduce(0, +) == index + 1 && (index == 0 || views.load.waiting == index) }
        }
        for _ in tasks { gate.signal() }
        for task in tasks { try await task.value }
        #expect(log.all == ["a0", "a1", "b4", "a2", "a3"])
    }

    @TaskLocal static var requestMarker = "none"

    /// The agent's order PDF reads the account the request acts for from a task-local value;
    /// drawn on a plain thread pool it found none.
    @Test func theRequestsTaskLocalValuesReachTheDrawnWork() async throws {
        let views = HeavyViews(perClientLimit: 10, waitingLimit: 10, running: 1)
        let seen = try await Self.$requestMarker.withValue("account 7") {
            try await views.draw(for: ["address:a"], connection: nil) { Self.requestMarker }
        }
        #expect(seen == "account 7")
    }

    @Test func aViewWhoseClientHasGoneIsNotDrawn() async throws {
        let views = HeavyViews(perClientLimit: 10, waitingLimit: 10, running: 1)
        let gate = DispatchSemaphore(value: 0)
        let log = Log()
        let connection = NIOAsyncTestingChannel()
        try await connection.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 9))
        let drawing = Task { try await views.draw(for: ["address:a"], connection: nil) { log.append("first"); gate.wait() } }
        try await eventually { views.load.admitted["address:a"] == 1 }
        let abandoned = Task { try await views.draw(for: ["address:a"], connection: connection) { log.append("abandoned") } }
        try await eventually { views.load.waiting == 1 }
        let kept = Task { try await views.draw(for: ["address:b"], connection: nil) { log.append("kept") } }
        try await eventually { views.load.waiting == 2 }
        try await connection.close()
        gate.signal()
        try await drawing.value
        await #expect(throws: HeavyViews.ClientGone.self) { try await abandoned.value }
        try await kept.value
        #expect(log.all == ["first", "kept"])
        #expect(views.load.admitted.isEmpty && views.load.waiting == 0)
    }
}
