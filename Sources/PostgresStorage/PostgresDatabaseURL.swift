import Foundation
import NIOSSL
import PostgresNIO

/// `DATABASE_URL` (`postgres://user:password@host:5432/database?sslmode=disable`, the form
/// libpq and every hosting service use) read into a connection pool's configuration.
public enum PostgresDatabaseURL {
    public enum Problem: Error, Sendable, Equatable, LocalizedError {
        case notAURL(String)
        case wrongScheme(String)
        case missingPart(String)
        case unknownSSLMode(String)

        public var errorDescription: String? {
            switch self {
            case .notAURL: "DATABASE_URL is not a URL: write it as postgres://user:password@host:5432/database"
            case .wrongScheme(let scheme): "DATABASE_URL starts with “\(scheme)://”; Bottega's shared database is PostgreSQL: postgres://user:password@host:5432/database"
            case .missingPart(let part): "DATABASE_URL has no \(part): write it as postgres://user:password@host:5432/database"
            case .unknownSSLMode(let mode): "DATABASE_URL's sslmode “\(mode)” is not one of disable, prefer, require"
            }
        }
    }

    /// The pool's configuration for `url`; the password is taken from the URL, never logged.
    public static func configuration(_ url: String) throws(Problem) -> PostgresClient.Configuration {
        let target = try target(url)
        let tls: PostgresClient.Configuration.TLS = switch target.tls {
        case .disable: .disable
        case .prefer: .prefer(.makeClientConfiguration())
        case .require: .require(.makeClientConfiguration())
        }
        return PostgresClient.Configuration(
            host: target.host, port: target.port, username: target.username, password: target.password, database: target.database, tls: tls
        )
    }

    /// Where `url` points, for a single connection and for messages.
    public static func target(_ url: String) throws(Problem) -> PostgresTarget {
        guard let components = URLComponents(string: url), let scheme = components.scheme else { throw .notAURL(url) }
        guard ["postgres", "postgresql"].contains(scheme) else { throw .wrongScheme(scheme) }
        guard let host = components.host, !host.isEmpty else { throw .missingPart("host") }
        guard let user = components.user, !user.isEmpty else { throw .missingPart("user") }
        let database = String(components.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty else { throw .missingPart("database name") }
        let tls: PostgresTarget.SSLMode
        switch components.queryItems?.first(where: { $0.name == "sslmode" })?.value ?? "prefer" {
        case "disable": tls = .disable
        case "prefer", "allow": tls = .prefer
        case "require", "verify-ca", "verify-full": tls = .require
        case let mode: throw .unknownSSLMode(mode)
        }
        return PostgresTarget(
            host: host, port: components.port ?? 5432, username: user, password: components.password?.removingPercentEncoding ?? components.password,
            database: database, tls: tls
        )
    }
}

/// A PostgreSQL server and database, as `DATABASE_URL` names them.
public struct PostgresTarget: Sendable {
    public var host: String
    public var port: Int
    public var username: String
    public var password: String?
    public var database: String
    var tls: SSLMode

    /// libpq's `sslmode`, as far as Bottega tells them apart.
    enum SSLMode: Sendable {
        case disable, prefer, require
    }

    /// The same choice for a single connection, which wants a ready TLS context.
    func connectionTLS() throws -> PostgresConnection.Configuration.TLS {
        switch tls {
        case .disable: .disable
        case .prefer: .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
        case .require: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
        }
    }

    /// `host:port/database`, for messages: never the password.
    public var place: String { "\(host):\(port)/\(database)" }
}
