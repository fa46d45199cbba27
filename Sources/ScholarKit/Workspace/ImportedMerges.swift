import GRDB

/// The merges a file Bottega exported with every paper marks (`MergeMark`), rebuilt as the
/// file is stored, so that the re-imported search can dissolve them as the original could.
///
/// Each merge is made again from its members with `ScholarWorkspace.merge` (nested merges
/// first), then takes the place, number and exclusion of the file's merged record, which is
/// dropped: the merge's citations are its members' sum, as before the export. The marks
/// themselves are not stored: a later export writes the search's own.
struct ImportedMerges {
    private var mergeRecords: [Int: Int64] = [:]
    private var members: [Int: [Int64]] = [:]
    /// The merge each record with a number stands for, by row: a nested merge is a member.
    private var numberOfRow: [Int64: Int] = [:]

    /// Why the members of a merge that cannot be rebuilt are stored excluded (the file lacks the
    /// merged record, or it lists one member): they are kept, but counted once, through nothing.
    static let orphanedMemberReason = "merge member"

    /// The row's mark, taken out of its details.
    mutating func takeMark(from row: inout PublicationRow) -> MergeMark? {
        guard let mark = row.details?.mergeMark else { return nil }
        row.details?.mergeMark = nil
        if row.details == PublicationDetails() { row.details = nil }
        return mark
    }

    mutating func note(_ mark: MergeMark, row: Int64) {
        if let number = mark.number, mergeRecords[number] == nil {
            mergeRecords[number] = row
            numberOfRow[row] = number
        }
        if let merge = mark.memberOf { members[merge, default: []].append(row) }
    }

    func rebuild(in searchID: Int64, workspace: ScholarWorkspace, _ db: Database) throws {
        guard !mergeRecords.isEmpty || !members.isEmpty else { return }
        var rebuilt: [Int: Int64] = [:]
        var visiting: Set<Int> = []
        func build(_ number: Int) throws {
            guard rebuilt[number] == nil, visiting.insert(number).inserted else { return }
            for member in members[number] ?? [] { if let nested = numberOfRow[member] { try build(nested) } }
            let memberIDs = (members[number] ?? []).map { row in numberOfRow[row].flatMap { rebuilt[$0] } ?? row }
            guard let recordID = mergeRecords[number], memberIDs.count >= 2,
                  let record = try PublicationRow.fetchOne(db, key: recordID) else { return }
            let mergedID = try workspace.merge(memberIDs, in: searchID, db)
            guard var merged = try PublicationRow.fetchOne(db, key: mergedID) else { return }
            (merged.position, merged.mergeNumber) = (record.position, number)
            (merged.isExcluded, merged.exclusionReason) = (record.isExcluded, record.exclusionReason)
            try merged.update(db)
            _ = try PublicationRow.deleteOne(db, key: recordID)
            rebuilt[number] = mergedID
        }
        for number in mergeRecords.keys.sorted() { try build(number) }
        for (number, rows) in members where rebuilt[number] == nil {
            for id in rows {
                guard var row = try PublicationRow.fetchOne(db, key: id), row.mergedInto == nil, !row.isExcluded else { continue }
                (row.isExcluded, row.exclusionReason) = (true, Self.orphanedMemberReason)
                try row.update(db)
            }
        }
        guard var search = try SearchRow.fetchOne(db, key: searchID) else { return }
        search.mergeCounter = max(search.mergeCounter, rebuilt.keys.max() ?? 0)
        try search.update(db)
    }
}
