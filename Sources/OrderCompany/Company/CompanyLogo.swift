import Foundation

/// The company's logo, printed at the top left of its orders (issue 40): a PNG file, checked for
/// its signature and its header chunk before it is kept, at most `maximumBytes`.
public enum CompanyLogo {
    public static let maximumBytes = 512 * 1024
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Why `bytes` cannot be a logo, or nil when they can.
    public static func problem(_ bytes: [UInt8]) -> String? {
        if bytes.isEmpty { return "is empty" }
        if bytes.count > maximumBytes { return "is \(bytes.count / 1024) KB" }
        guard bytes.starts(with: signature), bytes.count >= 33, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return "is not a PNG image" }
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        guard (1...4_000).contains(width), (1...4_000).contains(height) else { return "is \(width)×\(height) pixels" }
        return nil
    }
}

extension CompanyStore {
    /// Keeps `bytes` as the company's logo, or removes it (nil).
    public func setLogo(_ bytes: [UInt8]?, company: String) async throws {
        if let bytes, let problem = CompanyLogo.problem(bytes) { throw CompanyError.invalidLogo(problem) }
        guard try await database.setLogo(bytes, company: company) else { throw CompanyError.unknownCompany(company) }
    }

    public func logo(company: String) async throws -> [UInt8]? {
        try await database.logo(company: company)
    }
}
