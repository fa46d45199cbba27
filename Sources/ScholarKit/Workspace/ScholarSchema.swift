import GRDB

/// ScholarKit's tables, all prefixed `scholar_`, created by named, append-only migrations.
/// Other Kits run their own migrators on the same database file; GRDB keeps them apart by name.
public enum ScholarSchema {
    public static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("scholar-v1-searches") { db in
            try db.create(table: "scholar_search") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("matchKey", .text).notNull().indexed()
                table.column("parameters", .jsonText).notNull()
                table.column("label", .text).notNull()
                table.column("ranAt", .datetime).notNull()
                // NULL while the search is only cached; set when the user saves it.
                table.column("savedAt", .datetime)
                table.column("totalResults", .integer)
                table.column("nameFilterKept", .integer)
                table.column("nameFilterDropped", .integer)
                table.column("citationsPerYear", .jsonText)
                table.column("note", .text)
                // "Merge #n" numbers are per search and never reused.
                table.column("mergeCounter", .integer).notNull().defaults(to: 0)
            }
            try db.create(table: "scholar_publication") { table in
                table.autoIncrementedPrimaryKey("id")
                table.belongsTo("search", inTable: "scholar_search", onDelete: .cascade).notNull()
                table.column("position", .integer).notNull()
                table.column("title", .text).notNull()
                table.column("authors", .jsonText).notNull()
                table.column("authorsTruncated", .boolean).notNull()
                table.column("year", .integer)
                table.column("citations", .integer).notNull()
                table.column("venue", .text)
                table.column("publisher", .text)
                table.column("articleURL", .text)
                table.column("citesURL", .text)
                table.column("doi", .text)
                table.column("type", .text)
                table.column("sourceRank", .integer)
                table.column("clusterID", .text)
                table.column("citationsPerYear", .jsonText)
                table.column("isExcluded", .boolean).notNull().defaults(to: false)
                // Why it is excluded: "user", "homepage" or "remembered".
                table.column("exclusionReason", .text)
                // Set on merged records only: the Ulm thesis's "Merge #n".
                table.column("mergeNumber", .integer)
                // A merge's members point at it; dissolving deletes the merged record and
                // SET NULL gives the members back, untouched.
                table.column("mergedInto", .integer)
                    .references("scholar_publication", onDelete: .setNull)
                    .indexed()
                // NULL until a homepage filter ran; then whether the homepage lists it.
                table.column("onHomepage", .boolean)
            }
            try db.create(table: "scholar_duplicate_rejection") { table in
                table.belongsTo("search", inTable: "scholar_search", onDelete: .cascade).notNull()
                // The suggestion's member ids, ascending, comma-separated.
                table.column("members", .text).notNull()
                table.primaryKey(["searchId", "members"])
            }
            try db.create(table: "scholar_homepage") { table in
                table.primaryKey("searchId", .integer).references("scholar_search", onDelete: .cascade)
                table.column("address", .text).notNull()
                table.column("checkedAt", .datetime).notNull()
                table.column("match", .jsonText).notNull()
            }
        }
        // The OpenAlex author records a name matched, so the results screen can offer another.
        migrator.registerMigration("scholar-v2-openalex-candidates") { db in
            try db.alter(table: "scholar_search") { table in table.add(column: "openAlexCandidates", .jsonText) }
        }
        // Volume, issue, pages, ISSN, abstract, keywords and query date, as one JSON object.
        migrator.registerMigration("scholar-v3-publication-details") { db in
            try db.alter(table: "scholar_publication") { table in table.add(column: "details", .jsonText) }
        }
        // Searches belong to an account; those stored before accounts go to the first one.
        migrator.registerMigration("scholar-v4-owners") { db in
            try db.alter(table: "scholar_search") { table in
                table.add(column: "ownerId", .integer).notNull().defaults(to: ScholarWorkspace.firstOwner)
            }
            try db.create(index: "scholar_search_on_owner", on: "scholar_search", columns: ["ownerId", "ranAt"])
        }
        // The initials the name filter learnt from the list ("wr" for Waldo R. Tobler), so a
        // stored search says how its namesakes were told apart.
        migrator.registerMigration("scholar-v5-learned-initials") { db in
            try db.alter(table: "scholar_search") { table in table.add(column: "nameFilterLearnedInitials", .text) }
        }
        // The last reconciliation of a search with other sources (issue 43), as one JSON document.
        migrator.registerMigration("scholar-v6-reconciliation") { db in
            try db.create(table: "scholar_reconciliation") { table in
                table.primaryKey("searchId", .integer).references("scholar_search", onDelete: .cascade)
                table.column("ranAt", .datetime).notNull()
                table.column("reconciliation", .jsonText).notNull()
            }
        }
        // A search's version, raised by the database itself on every change to the search or its
        // publications, whoever writes (another process too): views derived from a search are
        // cached under it (issue 44), and a cached view is served only while it is current.
        migrator.registerMigration("scholar-v7-search-version") { db in
            try db.alter(table: "scholar_search") { table in table.add(column: "version", .integer).notNull().defaults(to: 0) }
            try db.execute(sql: """
                CREATE TRIGGER scholar_publication_inserted AFTER INSERT ON scholar_publication
                BEGIN UPDATE scholar_search SET version = version + 1 WHERE id = NEW.searchId; END;
                CREATE TRIGGER scholar_publication_updated AFTER UPDATE ON scholar_publication
                BEGIN UPDATE scholar_search SET version = version + 1 WHERE id IN (OLD.searchId, NEW.searchId); END;
                CREATE TRIGGER scholar_publication_deleted AFTER DELETE ON scholar_publication
                BEGIN UPDATE scholar_search SET version = version + 1 WHERE id = OLD.searchId; END;
                CREATE TRIGGER scholar_search_updated AFTER UPDATE ON scholar_search WHEN NEW.version = OLD.version
                BEGIN UPDATE scholar_search SET version = version + 1 WHERE id = NEW.id; END;
                """)
            // What else a search's screens show: its rejected duplicate suggestions, its homepage check.
            for table in ["scholar_duplicate_rejection", "scholar_homepage"] {
                try db.execute(sql: """
                    CREATE TRIGGER \(table)_inserted AFTER INSERT ON \(table)
                    BEGIN UPDATE scholar_search SET version = version + 1 WHERE id = NEW.searchId; END;
                    CREATE TRIGGER \(table)_updated AFTER UPDATE ON \(table)
                    BEGIN UPDATE scholar_search SET version = version + 1 WHERE id IN (OLD.searchId, NEW.searchId); END;
                    CREATE TRIGGER \(table)_deleted AFTER DELETE ON \(table)
                    BEGIN UPDATE scholar_search SET version = version + 1 WHERE id = OLD.searchId; END;
                    """)
            }
        }
        return migrator
    }
}
