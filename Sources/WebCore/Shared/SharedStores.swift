import Foundation

/// Where the web app keeps what must not live in one process's memory when several servers
/// answer behind a balancer: the admin areas' sessions, the login throttles' counts, the uploads
/// waiting for "Apply", background jobs' statuses. `bottega serve` gives the SQLite file's (``SQLiteSharedState``), or
/// PostgreSQL's with `--database-url`; tests may keep them in memory.
package struct SharedStores: Sendable {
    package var adminSessions: any AdminSessionStore
    package var loginThrottles: any LoginThrottleStore
    package var uploadPreviews: any UploadPreviewStore
    package var jobs: any JobStatusStore

    package init(
        adminSessions: any AdminSessionStore, loginThrottles: any LoginThrottleStore, uploadPreviews: any UploadPreviewStore, jobs: any JobStatusStore
    ) {
        self.adminSessions = adminSessions
        self.loginThrottles = loginThrottles
        self.uploadPreviews = uploadPreviews
        self.jobs = jobs
    }

    /// All four in one database.
    package init(_ database: some AdminSessionStore & LoginThrottleStore & UploadPreviewStore & JobStatusStore) {
        self.init(adminSessions: database, loginThrottles: database, uploadPreviews: database, jobs: database)
    }

    /// In this process only.
    package static func memory() -> SharedStores {
        SharedStores(
            adminSessions: MemoryAdminSessionStore(), loginThrottles: MemoryLoginThrottleStore(), uploadPreviews: MemoryUploadPreviewStore(),
            jobs: MemoryJobStatusStore())
    }

    /// An admin area's sessions, with its throttle, in these stores.
    package func sessions(ofArea area: String, policy: LoginThrottlePolicy) -> AdminSessions {
        AdminSessions(area: area, store: adminSessions, throttle: loginThrottle(policy))
    }

    package func loginThrottle(_ policy: LoginThrottlePolicy) -> LoginThrottle {
        LoginThrottle(policy: policy, store: loginThrottles)
    }
}
