import Foundation

/// The 6-letter code a company gives an agent to fetch one uploaded master-data file, once.
///
/// Letters only, A–Z without I and O, which read as 1 and 0 when the code is dictated over
/// the phone or copied from a screen: 24⁶ ≈ 191 million codes, drawn from the system's
/// cryptographically secure generator so a code cannot be guessed from the ones before it.
public enum ImportCode {
    public static let length = 6
    public static let alphabet: [Character] = Array("ABCDEFGHJKLMNPQRSTUVWXYZ")

    /// A new code, never one of `existing` (the codes not yet redeemed).
    public static func generate(existing: Set<String>) -> String {
        var generator = SystemRandomNumberGenerator()
        return generate(existing: existing, using: &generator)
    }

    /// A new code from `generator`, never one of `existing`.
    public static func generate<Generator: RandomNumberGenerator>(existing: Set<String>, using generator: inout Generator) -> String {
        precondition(existing.count < 1_000_000, "far more open import codes than any company has: redeemed codes must be removed")
        while true {
            var code = ""
            for _ in 0..<length {
                code.append(alphabet[Int(generator.next(upperBound: UInt(alphabet.count)))])
            }
            if !existing.contains(code) { return code }
        }
    }

    /// What the agent typed, as a code: upper case, spaces removed anywhere ("abc def" and
    /// " ABCDEF " are "ABCDEF"). It may still be invalid: see `validated(_:)`.
    public static func normalise(_ typed: String) -> String {
        String(typed.filter { !$0.isWhitespace }).uppercased()
    }

    /// The normalised code, or why what was typed cannot be one.
    public static func validated(_ typed: String) throws(ImportCodeError) -> String {
        let code = normalise(typed)
        guard !code.isEmpty else { throw .empty }
        if let wrong = code.first(where: { !alphabet.contains($0) }) { throw .invalidCharacter(wrong) }
        guard code.count == length else { throw .wrongLength(code.count) }
        return code
    }

    public static func isValid(_ typed: String) -> Bool {
        (try? validated(typed)) != nil
    }
}

/// Why typed text is not an import code.
public enum ImportCodeError: Error, Sendable, Hashable, LocalizedError {
    case empty
    case wrongLength(Int)
    case invalidCharacter(Character)

    /// The short, stable reason the API and the CLI report.
    public var code: String {
        switch self {
        case .empty: "empty import code"
        case .wrongLength: "wrong import code length"
        case .invalidCharacter: "invalid import code character"
        }
    }

    public var errorDescription: String? {
        switch self {
        case .empty:
            "type the 6-letter import code the company gave you"
        case .wrongLength(let count):
            "an import code has 6 letters, this one has \(count): check it with the company"
        case .invalidCharacter(let character) where "IO01".contains(character):
            "import codes have no I, O, 1 or 0 (“\(character)”): the letters are A–Z without I and O"
        case .invalidCharacter(let character):
            "“\(character)” cannot be in an import code: it has 6 letters A–Z, without I and O"
        }
    }
}
