import Logging
import PostgresNIO

/// The company server's, the outbox's and the web's shared tables in PostgreSQL — the same tables as the SQLite
/// migrations make, in PostgreSQL's types. Migrations run under an advisory lock, so several
/// `bottega serve` processes starting together apply each exactly once.
enum PostgresSchema {
    static let migrations: [(name: String, statements: [PostgresQuery])] = [
        ("order-company-v1-accounts", [
            "CREATE TABLE order_company (code text PRIMARY KEY, name text NOT NULL)",
            """
            CREATE TABLE order_company_agent (
                id bigserial PRIMARY KEY,
                company text NOT NULL REFERENCES order_company ON DELETE CASCADE,
                username text NOT NULL,
                password_hash text NOT NULL,
                subscription_ended timestamptz,
                UNIQUE (company, username))
            """,
            """
            CREATE TABLE order_company_record (
                id bigserial PRIMARY KEY,
                company text NOT NULL REFERENCES order_company ON DELETE CASCADE,
                kind text NOT NULL,
                remote_id text NOT NULL,
                record text,
                updated_at timestamptz NOT NULL,
                sequence bigint NOT NULL,
                deleted boolean NOT NULL DEFAULT false,
                UNIQUE (company, kind, remote_id))
            """,
            "CREATE INDEX order_company_record_feed ON order_company_record (company, sequence)",
            "CREATE TABLE order_company_counter (name text PRIMARY KEY, value bigint NOT NULL)",
            """
            CREATE TABLE order_company_import (
                code text PRIMARY KEY,
                company text NOT NULL REFERENCES order_company ON DELETE CASCADE,
                kind text NOT NULL,
                records text NOT NULL,
                created_at timestamptz NOT NULL)
            """,
            """
            CREATE TABLE order_company_order (
                id bigserial PRIMARY KEY,
                company text NOT NULL REFERENCES order_company ON DELETE CASCADE,
                agent text NOT NULL,
                idempotency_key text NOT NULL,
                submission text NOT NULL,
                received_at timestamptz NOT NULL,
                UNIQUE (company, idempotency_key))
            """,
        ]),
        // As the SQLite migration of the same name: keys, assigned idAzienda numbers, tombstones
        // with their last state, and the times that tell an agent's `ins` from `upd`.
        ("order-company-v2-record-identity", [
            "ALTER TABLE order_company_record ADD COLUMN key text, ADD COLUMN created_at timestamptz, ADD COLUMN supplier_set_at timestamptz",
            "UPDATE order_company_record SET key = remote_id, created_at = updated_at",
            """
            INSERT INTO order_company_counter (name, value)
            SELECT 'record', COALESCE(MAX(CASE WHEN remote_id ~ '^[0-9]{1,18}$' THEN remote_id::bigint END), 0) FROM order_company_record
            """,
            "CREATE UNIQUE INDEX order_company_record_key ON order_company_record (company, kind, key)",
        ]),
        ("order-company-v3-order-numbers", [
            "ALTER TABLE order_company_order ADD COLUMN number bigint",
            "UPDATE order_company_order SET number = id",
            "INSERT INTO order_company_counter (name, value) SELECT 'order:' || company, MAX(id) FROM order_company_order GROUP BY company",
            "CREATE UNIQUE INDEX order_company_order_number ON order_company_order (company, number)",
        ]),
        ("mail-v1-outbox", [
            """
            CREATE TABLE mail_outbox (
                id bigserial PRIMARY KEY,
                sender text,
                recipients text NOT NULL,
                copies text NOT NULL,
                subject text NOT NULL,
                body text NOT NULL,
                date timestamptz NOT NULL,
                queued_at timestamptz NOT NULL,
                attempts integer NOT NULL DEFAULT 0,
                next_attempt_at timestamptz NOT NULL,
                last_error text,
                sent_at timestamptz)
            """,
            "CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL",
            """
            CREATE TABLE mail_outbox_attachment (
                id bigserial PRIMARY KEY,
                message_id bigint NOT NULL REFERENCES mail_outbox ON DELETE CASCADE,
                position integer NOT NULL,
                filename text NOT NULL,
                mime_type text NOT NULL,
                content bytea NOT NULL)
            """,
            "CREATE INDEX mail_outbox_attachment_message ON mail_outbox_attachment (message_id)",
        ]),
        // As the SQLite migration of the same name.
        ("order-company-v4-submission-digest", [
            "ALTER TABLE order_company_order ADD COLUMN submission_digest text",
        ]),
        // As the SQLite migration of the same name (``SQLiteSharedState``): what servers behind
        // one balancer must see alike. Only digests of admin cookies, never the tokens.
        // As the SQLite migration of the same name.
        ("order-company-v5-logo", [
            "ALTER TABLE order_company ADD COLUMN logo bytea",
        ]),
        ("web-v1-shared-state", [
            """
            CREATE TABLE web_admin_session (
                area text NOT NULL,
                digest text NOT NULL,
                expires_at timestamptz NOT NULL,
                PRIMARY KEY (area, digest))
            """,
            "CREATE INDEX web_admin_session_expiry ON web_admin_session (expires_at)",
            """
            CREATE TABLE web_login_count (
                key text PRIMARY KEY,
                failures integer NOT NULL,
                last_failure timestamptz NOT NULL,
                closed_until timestamptz NOT NULL)
            """,
            "CREATE INDEX web_login_count_last_failure ON web_login_count (last_failure)",
            "CREATE TABLE web_login_known (pair text PRIMARY KEY, last_log_in timestamptz NOT NULL)",
            "CREATE INDEX web_login_known_last ON web_login_known (last_log_in)",
            """
            CREATE TABLE web_upload_preview (
                token text PRIMARY KEY,
                owner text NOT NULL,
                payload bytea NOT NULL,
                stored_at timestamptz NOT NULL)
            """,
            "CREATE INDEX web_upload_preview_stored ON web_upload_preview (stored_at)",
            """
            CREATE TABLE web_job (
                id text PRIMARY KEY,
                owner bigint NOT NULL,
                status bytea NOT NULL,
                finished boolean NOT NULL,
                cancel_requested boolean NOT NULL DEFAULT false,
                updated_at timestamptz NOT NULL)
            """,
            "CREATE INDEX web_job_updated ON web_job (updated_at)",
        ]),
    ]

    /// Applies the migrations not applied yet, each in its own transaction.
    static func migrate(_ connection: PostgresConnection, logger: Logger) async throws {
        try await connection.transaction(logger: logger) { connection in
            // Held to the end of the transaction: a second process waits here, then finds all done.
            try await connection.query("SELECT pg_advisory_xact_lock(7319400008)", logger: logger)
            try await connection.query("CREATE TABLE IF NOT EXISTS bottega_migration (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())", logger: logger)
            // The name the first migration had before every migration was `<app>-v<N>-<what>`.
            try await connection.query("UPDATE bottega_migration SET name = 'order-company-v1-accounts' WHERE name = 'order-company-v1'", logger: logger)
            var applied: Set<String> = []
            for try await name in try await connection.query("SELECT name FROM bottega_migration", logger: logger).decode(String.self) {
                applied.insert(name)
            }
            for migration in migrations where !applied.contains(migration.name) {
                for statement in migration.statements {
                    try await connection.query(statement, logger: logger)
                }
                try await connection.query("INSERT INTO bottega_migration (name) VALUES (\(migration.name))", logger: logger)
            }
        }
    }
}
