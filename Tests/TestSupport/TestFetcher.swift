import Fetch
import HTTPClientTransport

extension Fetcher {
    /// A fetcher over an AsyncHTTPClient transport of its own (the configuration's proxy and body
    /// limit), shut down after `body`: as `bottega` runs one for a command.
    public static func withFetcher<Result>(_ configuration: FetchConfiguration, _ body: (Fetcher) async throws -> Result) async throws -> Result {
        try await AsyncHTTPClientTransport.with(proxy: configuration.proxy, decompressionLimit: configuration.maxBodyBytes) { transport in
            try await body(Fetcher(configuration: configuration, transport: transport))
        }
    }
}
