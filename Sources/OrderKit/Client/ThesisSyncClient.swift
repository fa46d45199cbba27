import Foundation

/// Syncs a subscription whose server speaks only the thesis's protocol (§3.2.2, UC3): `check`,
/// and when it answers `updateok`, `sync` with the device's `lastSync` and `udid`; the `||`
/// lines are parsed whole, then applied in one transaction, and only then is the new `lastSync`
/// kept. `update=0` (or §3.1.1's `updateeno`) ends the sync with nothing to do; `pwdfail` and
/// `*** Password errata` are a wrong password; `deleted` and the thesis's "La sottoscrizione non
/// è più attiva" remove everything the company synced.
public struct ThesisSyncClient: Sendable {
    public let transport: any CompanyTransport
    public let account: CompanyAccount
    /// The thesis's "codice univoco che identifica il dispositivo".
    public let deviceID: String
    public var now: @Sendable () -> Date
    /// The zone `lastSync` is written in; the thesis's server reads it as the device's local time.
    public var zone: TimeZone

    public init(
        transport: any CompanyTransport, account: CompanyAccount, deviceID: String, now: @escaping @Sendable () -> Date = Date.init,
        zone: TimeZone = TimeZone(identifier: "Europe/Rome") ?? .current
    ) {
        self.transport = transport
        self.account = account
        self.deviceID = deviceID
        self.now = now
        self.zone = zone
    }

    /// The `lastSync` of a device that never synced: every record the company has is newer.
    public static let neverSynced = "1970-01-01 00:00:00"

    public func sync(into store: AgentStore, progress: @Sendable (Int, Int) -> Void = { _, _ in }) async throws -> AgentSyncClient.Outcome {
        let credentials = "codice/\(Self.segment(account.company))/username/\(Self.segment(account.username))/password/\(Self.segment(account.password))"
        let check = try await get("/sottoscrizione/check/" + credentials)
        let answer: CheckAnswer
        do {
            answer = try CheckAnswer(parsing: String(decoding: check, as: UTF8.self))
        } catch {
            throw AgentSyncClient.Failure.unreadableAnswer(error.localizedDescription)
        }
        switch answer {
        case .wrongPassword: throw AgentSyncClient.Failure.wrongPassword
        case .subscriptionDeleted: return try subscriptionEnded(store)
        case .noUpdates: return .synced(SyncApplySummary(), cursor: try store.lastThesisSync(company: account.company) ?? "")
        case .updatesAvailable: break
        }
        let lastSync = try store.lastThesisSync(company: account.company) ?? Self.neverSynced
        // The time the request leaves, not the time it was applied: a change the company makes
        // while this sync is under way is sent again next time rather than never.
        let startedAt = ThesisSyncTime.format(now(), zone: zone)
        let body = String(decoding: try await get(
            "/sottoscrizione/sync/\(credentials)/lastSync/\(Self.segment(lastSync))/udid/\(Self.segment(deviceID))"), as: UTF8.self)
        let trimmed = body.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed == SyncLineEncoder.wrongPasswordMessage { throw AgentSyncClient.Failure.wrongPassword }
        if trimmed == SyncLineEncoder.subscriptionEndedMessage { return try subscriptionEnded(store) }
        let commands: [SyncCommand]
        switch SyncResponse.parse(body, company: account.company) {
        case .success(let parsed): commands = parsed
        case .failure(let rejection):
            if rejection.badLines.isEmpty, let error = rejection.serverErrors.first { throw AgentSyncClient.Failure.server(error.message) }
            throw AgentSyncClient.Failure.unreadableAnswer(rejection.localizedDescription)
        }
        let summary = try store.apply(commands, progress: progress)
        try store.setLastThesisSync(startedAt, company: account.company)
        return .synced(summary, cursor: startedAt)
    }

    private func get(_ path: String) async throws -> [UInt8] {
        let response: CompanyResponse
        do {
            response = try await transport.send(CompanyRequest(method: "GET", path: path))
        } catch is CancellationError {
            throw CancellationError()
        } catch let failure as CompanyTransportFailure {
            throw AgentSyncClient.Failure.unreachable(failure.localizedDescription)
        } catch {
            throw AgentSyncClient.Failure.unreachable(error.localizedDescription)
        }
        guard response.status == 200 else {
            throw AgentSyncClient.Failure.server("the company's server answered HTTP \(response.status) instead of 200 OK")
        }
        return response.body
    }

    private func subscriptionEnded(_ store: AgentStore) throws -> AgentSyncClient.Outcome {
        try store.endSubscription(company: account.company)
        return .subscriptionEnded
    }

    /// A path segment: everything but unreserved characters percent-encoded (a space, `/`, `+`).
    static func segment(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:"))
            ?? text
    }
}

/// Syncs a subscription by the protocol its server speaks.
public struct SubscriptionSyncClient: Sendable {
    public let transport: any CompanyTransport
    public let subscription: Subscription
    public let deviceID: String

    public init(transport: any CompanyTransport, subscription: Subscription, deviceID: String) {
        self.transport = transport
        self.subscription = subscription
        self.deviceID = deviceID
    }

    public func sync(into store: AgentStore, progress: @Sendable (Int, Int) -> Void = { _, _ in }) async throws -> AgentSyncClient.Outcome {
        switch subscription.syncProtocol {
        case .feed: try await AgentSyncClient(transport: transport, account: subscription.account).sync(into: store, progress: progress)
        case .thesis:
            try await ThesisSyncClient(transport: transport, account: subscription.account, deviceID: deviceID).sync(into: store, progress: progress)
        }
    }
}
