import OrderKit
/// Works out what an upload or a deletion changes in the company's master data, before
/// anything is written: which records are new (`ins` for the agents), which changed (`upd`),
/// which are unchanged (nothing is sent), and which go (`del`), with everything that depends on
/// them (a supplier's products and discounts, a customer's or a product's discounts), so no
/// agent is ever sent a reference to a record that is gone.
public enum MasterDataPlanner {
    /// The changes `imported` (all of one kind) make to `stored`. With `isWholeList`, the
    /// stored records of that kind missing from `imported` are deleted. Inserts get their
    /// idAzienda from `newRemoteID` unless their key was deleted before, which gets its old one back.
    public static func changes(
        uploading imported: [ImportedRecord], kind: MasterDataKind, isWholeList: Bool, stored: [StoredCompanyRecord],
        newRemoteID: () -> String
    ) -> (changes: MasterDataChanges, unchanged: Int) {
        var storedByKey: [String: StoredCompanyRecord] = [:]
        for item in stored where item.kind == kind { storedByKey[item.key] = item }
        // A record stored under an older key (its name, before the sheet gave a partita IVA) is
        // still found by what it holds: its VAT number, tax code or name (`CompanyIdentity`).
        var liveByIdentity: [String: StoredCompanyRecord] = [:]
        for item in stored where item.kind == kind && !item.isDeleted {
            for key in CompanyIdentity.keys(of: item.record) where liveByIdentity[key] == nil { liveByIdentity[key] = item }
        }
        let importedKeys = Set(imported.map(\.key))
        var matched: Set<String> = []
        var changes = MasterDataChanges()
        var unchanged = 0
        for item in imported {
            var existing = storedByKey[item.key]
            if existing == nil || existing?.isDeleted == true, CompanyIdentity.isNatural(item.key) {
                existing = CompanyIdentity.keys(of: item.record).lazy.compactMap { liveByIdentity[$0] }
                    .first { !matched.contains($0.remoteID) && !importedKeys.contains($0.key) } ?? existing
            }
            if let existing { matched.insert(existing.remoteID) }
            guard let existing else {
                changes.inserts.append(.init(key: item.key, remoteID: newRemoteID(), record: item.record))
                continue
            }
            if existing.isDeleted {
                changes.inserts.append(.init(key: item.key, remoteID: existing.remoteID, record: item.record))
            } else if existing.record == item.record {
                unchanged += 1
            } else {
                changes.updates.append(.init(remoteID: existing.remoteID, record: item.record, supplierChanged: supplier(of: existing.record) != supplier(of: item.record)))
            }
        }
        if isWholeList {
            let missing = stored.filter { $0.kind == kind && !$0.isDeleted && !matched.contains($0.remoteID) }.map(\.remoteID)
            changes.deletes = deletions(of: kind, remoteIDs: Set(missing), stored: stored)
        }
        return (changes, unchanged)
    }

    /// Deleting `remoteIDs` of `kind` and every live record that depends on them, dependents
    /// first.
    public static func deletions(of kind: MasterDataKind, remoteIDs: Set<String>, stored: [StoredCompanyRecord]) -> [MasterDataChanges.Delete] {
        guard !remoteIDs.isEmpty else { return [] }
        var gone: [MasterDataKind: Set<String>] = [kind: remoteIDs]
        let live = stored.filter { !$0.isDeleted }
        // Products first (a supplier's), then discounts (of any record gone so far).
        for item in live where item.kind == .product {
            if case .product(_, let supplier?) = item.record, gone[.supplier]?.contains(supplier) == true {
                gone[.product, default: []].insert(item.remoteID)
            }
        }
        for item in live where item.kind == .discount {
            guard case .discount(_, let supplier, let customer, let product) = item.record else { continue }
            if gone[.supplier]?.contains(supplier) == true || gone[.customer]?.contains(customer) == true
                || product.map({ gone[.product]?.contains($0) == true }) == true {
                gone[.discount, default: []].insert(item.remoteID)
            }
        }
        var deletes: [MasterDataChanges.Delete] = []
        for dependentFirst in MasterDataKind.dependencyOrder.reversed() {
            let ids = live.filter { $0.kind == dependentFirst && gone[dependentFirst]?.contains($0.remoteID) == true }.map(\.remoteID)
            deletes += ids.map { .init(kind: dependentFirst, remoteID: $0) }
        }
        return deletes
    }

    private static func supplier(of record: SyncRecord) -> String? {
        if case .product(_, let supplier) = record { supplier } else { nil }
    }
}
