import OrderKit
import Foundation

/// The company's answers to syncing agents, in both protocols: the thesis's (`check` and `sync`
/// with a `lastSync` time from the agent's clock, answered in `||` lines) and the modern JSON
/// feed (a cursor the server issued). The web app only moves these answers over HTTP.
public struct CompanySyncServer: Sendable {
    public let store: CompanyStore
    /// The zone the thesis's `lastSync` (yyyy-MM-dd HH:mm:ss, no zone) is read in: the
    /// Italian agents' own.
    public var lastSyncZone: TimeZone

    public init(store: CompanyStore, lastSyncZone: TimeZone = TimeZone(identifier: "Europe/Rome") ?? .current) {
        self.store = store
        self.lastSyncZone = lastSyncZone
    }

    /// Why a sync is refused.
    public enum Refusal: Error, Sendable, Equatable, LocalizedError {
        case wrongPassword
        case subscriptionEnded
        case badLastSync(String)
        case badCursor(String)
        /// A stored record the agents' parsers would refuse (stored by a program, not a sheet).
        case unsendableRecord(String)

        public var code: String {
            switch self {
            case .wrongPassword: "pwdfail"
            case .subscriptionEnded: "deleted"
            case .badLastSync: "bad lastSync"
            case .badCursor: "bad cursor"
            case .unsendableRecord: "unsendable record"
            }
        }

        public var errorDescription: String? {
            switch self {
            case .wrongPassword: "the company, the username or the password is wrong"
            case .subscriptionEnded: "the subscription has ended: the company's data is to be removed from this device"
            case .badLastSync(let text): "lastSync “\(text)” is not a time yyyy-MM-dd HH:mm:ss"
            case .badCursor(let text): "cursor “\(text)” is not one this server issued"
            case .unsendableRecord(let problem): "the company's data has a record agents cannot receive (\(problem)): the company must correct it"
            }
        }
    }

    /// The thesis's `check`: `pwdfail`, `deleted`, or whether the company has data to sync
    /// (`updateok`) or none at all (`update=0`).
    public func check(company: String, username: String, password: String) async throws -> CheckAnswer {
        switch try await store.authenticate(company: company, username: username, password: password) {
        case .wrongPassword: return .wrongPassword
        case .subscriptionEnded: return .subscriptionDeleted
        case .allowed: return try await store.changes(company: company, after: 0, limit: 1).isEmpty ? .noUpdates : .updatesAvailable
        }
    }

    /// The thesis's `sync` (§3.2.2): the lines of every record changed after `lastSync`, or one
    /// `***` line saying why not (the thesis's own two messages for a wrong password and an ended
    /// subscription). See ``thesisLines(_:since:company:)`` for what is sent.
    public func thesisSync(company: String, username: String, password: String, lastSync: String) async throws -> String {
        switch try await store.authenticate(company: company, username: username, password: password) {
        case .wrongPassword: return SyncLineEncoder.wrongPasswordMessage
        case .subscriptionEnded: return SyncLineEncoder.subscriptionEndedMessage
        case .allowed: break
        }
        guard let since = ThesisSyncTime.parse(lastSync, zone: lastSyncZone) else {
            return SyncLineEncoder.serverErrorLine(Refusal.badLastSync(lastSync).localizedDescription)
        }
        do {
            return try Self.thesisLines(try await store.changes(company: company, since: since), since: since, company: company)
                .map { $0 + "\n" }.joined()
        } catch let error as InterchangeEncodingError {
            return SyncLineEncoder.serverErrorLine("a record cannot be written in the thesis's format: \(error.localizedDescription)")
        }
    }

    /// The thesis's lines for `changes` seen by an agent whose last sync was at `since`:
    /// - a record created after `since` is `ins`, an older one `upd`; a record created and
    ///   deleted since is not sent at all, an older deleted one is `del` with its last fields;
    /// - insertions and updates go suppliers, customers, products, discounts (what a line names
    ///   comes before it), deletions after them, discounts first;
    /// - a product's supplier follows it on a `listino` line when the agent does not know it yet
    ///   (a new product, or one moved to another supplier since).
    public static func thesisLines(_ changes: [CompanyChange], since: Date, company: String) throws(InterchangeEncodingError) -> [String] {
        var lines: [String] = []
        for kind in MasterDataKind.dependencyOrder {
            for change in changes where change.kind == kind && !change.isDeleted {
                guard var record = change.record else { continue }
                let isNew = change.createdAt > since
                if case .product(let product, let supplier) = record, !isNew, (change.supplierSetAt ?? change.createdAt) <= since || supplier == nil {
                    record = .product(product, supplierRemoteID: nil)
                }
                let command: SyncCommand = isNew
                    ? .insert(record, company: company, remoteID: change.remoteID)
                    : .update(record, company: company, remoteID: change.remoteID)
                lines += try SyncLineEncoder.encode(command)
            }
        }
        for kind in MasterDataKind.dependencyOrder.reversed() {
            for change in changes where change.kind == kind && change.isDeleted && change.createdAt <= since {
                lines += try SyncLineEncoder.encode(.delete(kind, company: company, remoteID: change.remoteID), deletedRecord: change.record)
            }
        }
        return lines
    }

    /// The modern feed: the changes after `cursor` (nil: from the start), at most `limit`.
    public func feed(company: String, username: String, password: String, cursor: String?, limit: Int = 1_000) async throws -> ChangeFeedPage {
        switch try await store.authenticate(company: company, username: username, password: password) {
        case .wrongPassword: throw Refusal.wrongPassword
        case .subscriptionEnded: throw Refusal.subscriptionEnded
        case .allowed: break
        }
        let after: Int64
        if let cursor, !cursor.isEmpty {
            // Only a change number this server handed out: a cursor from the future (another
            // server's, a typo) would skip every change up to it, silently.
            guard let value = Int64(cursor), value >= 0, value <= (try await store.latestChangeNumber()) else { throw Refusal.badCursor(cursor) }
            after = value
        } else {
            after = 0
        }
        let page = try await store.changes(company: company, after: after, limit: limit + 1)
        let shown = page.prefix(limit)
        let entries: [ChangeFeedEntry]
        do {
            entries = try shown.map { change throws(InterchangeEncodingError) in try ChangeFeedEntry(change.command(company: company)) }
        } catch {
            throw Refusal.unsendableRecord(error.localizedDescription)
        }
        return ChangeFeedPage(cursor: String(shown.last?.sequence ?? after), changes: entries, hasMore: page.count > limit)
    }
}

