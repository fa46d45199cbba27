import GRDB

extension DatabaseMigrator {
    /// Migrates `writer` after renaming the migrations an earlier Bottega recorded under another
    /// name (`former` maps old to new), so a database made before migrations were named
    /// `<app>-v<N>-<what>` does not run a migration twice.
    public func migrate(_ writer: any DatabaseWriter, formerNames former: [String: String]) throws {
        if !former.isEmpty {
            try writer.write { db in
                guard try db.tableExists("grdb_migrations") else { return }
                for (old, new) in former.sorted(by: { $0.key < $1.key }) {
                    try db.execute(sql: "UPDATE grdb_migrations SET identifier = ? WHERE identifier = ?", arguments: [new, old])
                }
            }
        }
        try migrate(writer)
    }
}
