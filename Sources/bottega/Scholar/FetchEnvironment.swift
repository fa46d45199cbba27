import ArgumentParser
import Fetch
import Foundation
import HTTPClientTransport
import ScholarKit

/// The HTTP layer as the environment configures it: cache folder and age, User-Agent, proxy,
/// and (for local demos and tests) the gap between requests.
enum FetchEnvironment {
    static func configuration(offline: Bool) -> FetchConfiguration {
        let environment = ProcessInfo.processInfo.environment
        let cache = environment["BOTTEGA_CACHE_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? ".bottega-cache"
        var configuration = FetchConfiguration(cacheDirectory: URL(fileURLWithPath: cache), offline: offline)
        if let agent = environment["BOTTEGA_USER_AGENT"], !agent.isEmpty { configuration.userAgent = agent }
        if let hours = environment["BOTTEGA_CACHE_MAX_AGE_HOURS"].flatMap(Double.init), hours >= 0 {
            configuration.maxAge = .milliseconds(Int(hours * 3_600_000))
        }
        if let proxy = environment["BOTTEGA_PROXY"], let colon = proxy.lastIndex(of: ":"), let port = Int(proxy[proxy.index(after: colon)...]) {
            configuration.proxy = (host: String(proxy[..<colon]), port: port)
        }
        if let gap = environment["BOTTEGA_SCHOLAR_GAP"].flatMap(Double.init), gap >= 0 {
            // For demos and tests against a local copy of Scholar; never lower it for the real site.
            configuration.politeness["scholar.google.com"] = HostPoliteness(gapSeconds: gap...gap)
            configuration.defaultPoliteness = HostPoliteness(gapSeconds: gap...gap)
        }
        return configuration
    }
}

extension FetchEnvironment {
    /// `OPENALEX_API_KEY`, read here rather than inside ScholarKit: a Kit reads no environment.
    static var openAlexAPIKey: String? {
        ProcessInfo.processInfo.environment["OPENALEX_API_KEY"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// An AsyncHTTPClient transport as `configuration` asks (its proxy; bodies decompressed up to
    /// its limit), shut down after `body`.
    static func withTransport<Result>(
        for configuration: FetchConfiguration, _ body: (AsyncHTTPClientTransport) async throws -> Result
    ) async throws -> Result {
        try await AsyncHTTPClientTransport.with(proxy: configuration.proxy, decompressionLimit: configuration.maxBodyBytes, body)
    }

    /// A fetcher over its own transport (``withTransport(for:_:)``), for one command.
    static func withFetcher<Result>(_ configuration: FetchConfiguration, _ body: (Fetcher) async throws -> Result) async throws -> Result {
        try await withTransport(for: configuration) { transport in
            try await body(Fetcher(configuration: configuration, transport: transport))
        }
    }
}

/// A source's address: the option, else the environment variable, else the real site.
extension FetchEnvironment {
    /// The services' keys, contact and addresses from the environment, with `name=URL` pairs
    /// (`--service-url crossref=http://127.0.0.1:8080`) taking precedence.
    static func serviceSettings(overriding pairs: [String]) throws -> ServiceSettings {
        do {
            var settings = try ServiceSettings.fromEnvironment()
            for pair in pairs {
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, let service = ScholarService(rawValue: parts[0]) else {
                    throw ValidationError("--service-url takes NAME=URL, NAME one of \(ScholarService.allCases.map(\.rawValue).joined(separator: ", ")); not \(pair)")
                }
                try settings.setAddress(parts[1], of: service)
            }
            return settings
        } catch let error as ScholarServiceError {
            throw ValidationError(error.localizedDescription)
        }
    }
}

enum SourceAddress {
    static func url(_ option: String?, environment name: String, default fallback: URL) throws -> URL {
        guard let text = option ?? ProcessInfo.processInfo.environment[name], !text.isEmpty else { return fallback }
        guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https" else {
            throw ValidationError("\(text) is not an http(s) address.")
        }
        return url
    }
}
