import Crypto
import CryptoExtras
import Foundation

/// Hashes passwords with scrypt and a random salt, and checks a password against a stored hash.
///
/// scrypt (RFC 7914) is memory-hard: each guess at N = 2^15, r = 8 needs 32 MiB for its whole
/// duration, so guessing in parallel on GPUs costs memory as well as time. Percival proposed
/// N = 2^14, r = 8, p = 1 for interactive log-ins in 2009 (under 100 ms then); `standard` doubles
/// that and takes about 85 ms per hash or verification in a release build on Bottega's 2-core
/// machine (BoringSSL's scrypt; OpenSSL's, through Python, took 107 ms). Each running hash holds
/// its 32 MiB, so ten simultaneous log-ins need 320 MiB. OWASP's Password Storage Cheat Sheet asks for 2^17 today: stored strings carry their
/// parameters (``StoredPasswordHash``), so raising ``Cost/standard`` is enough — old hashes still
/// verify and are replaced at the next log-in (``needsRehash(_:)``).
public struct PasswordHasher: Sendable {
    /// scrypt's cost parameters. Memory per hash is 128 · 2^logRounds · blockSize bytes.
    public struct Cost: Sendable, Hashable {
        /// log2 of N, the CPU/memory cost ("ln" in the stored string).
        public var logRounds: Int
        /// r, the block size.
        public var blockSize: Int
        /// p, the parallelisation factor.
        public var parallelism: Int

        public init(logRounds: Int, blockSize: Int, parallelism: Int) {
            self.logRounds = logRounds
            self.blockSize = blockSize
            self.parallelism = parallelism
        }

        /// N = 2^15, r = 8, p = 1: 32 MiB per hash.
        public static let standard = Cost(logRounds: 15, blockSize: 8, parallelism: 1)
        /// N = 2^10, r = 8, p = 1: 1 MiB and 32 times less work, for test suites only.
        public static let testing = Cost(logRounds: 10, blockSize: 8, parallelism: 1)

        /// Bytes scrypt's large array takes: 128 · N · r (RFC 7914 §6, ROMix's V).
        /// Saturates at `Int.max` for parameters no machine could run.
        public var memoryBytes: Int {
            guard (0..<48).contains(logRounds), blockSize >= 0 else { return .max }
            let (bytes, overflow) = (128 << logRounds).multipliedReportingOverflow(by: blockSize)
            return overflow ? .max : bytes
        }

        /// Parameters a server can afford to verify: N from 2^1 to 2^20, r up to 32, p up to 16,
        /// and at most 256 MiB of memory. A stored string outside this is treated as damaged.
        public var isAffordable: Bool {
            (1...20).contains(logRounds) && (1...32).contains(blockSize) && (1...16).contains(parallelism)
                && memoryBytes <= 256 << 20
        }
    }

    /// The cost new hashes are made with; stored hashes with another cost ``needsRehash(_:)``.
    public let cost: Cost

    /// Bytes of salt and of derived key: 16 random bytes of salt (NIST SP 800-132 §5.1 asks for at
    /// least 128 bits, which makes two passwords sharing a salt practically impossible) and 32 of hash.
    static let saltLength = 16
    static let hashLength = 32

    public init(cost: Cost = .standard) {
        self.cost = cost
    }

    /// A new stored string for `password` with a fresh salt: hashing one password twice gives two
    /// different strings. Check the password with ``PasswordPolicy`` first; this hashes anything.
    public func hash(_ password: String) throws(CredentialError) -> String {
        guard cost.isAffordable else {
            throw .hashingFailed(reason: "the cost N = 2^\(cost.logRounds), r = \(cost.blockSize), p = \(cost.parallelism) is outside what verification accepts")
        }
        let salt = SecureRandom.bytes(Self.saltLength)
        let derived = try derive(password, salt: salt, cost: cost, length: Self.hashLength)
        return StoredPasswordHash(cost: cost, salt: salt, hash: derived).encoded
    }

    /// Whether `password` is the one `stored` was made from, using the parameters recorded in
    /// `stored`. A malformed, truncated or unaffordable stored string gives `false`, never a crash.
    /// The final comparison takes the same time wherever the first difference is.
    public func verify(_ password: String, against stored: String) -> Bool {
        guard let parsed = StoredPasswordHash(parsing: stored),
              let derived = try? derive(password, salt: parsed.salt, cost: parsed.cost, length: parsed.hash.count)
        else { return false }
        return constantTimeEqual(derived, parsed.hash)
    }

    /// Whether `stored` should be replaced by a new hash of the same password (which the caller
    /// has just verified): it is malformed, or its cost, salt or hash length is not this hasher's.
    /// A lower configured cost also counts, so the configured cost is always what is stored.
    public func needsRehash(_ stored: String) -> Bool {
        guard let parsed = StoredPasswordHash(parsing: stored) else { return true }
        return parsed.cost != cost || parsed.salt.count != Self.saltLength || parsed.hash.count != Self.hashLength
    }

    /// Does the work of one verification and throws the result away, so that a log-in with an
    /// unknown name takes as long as one with a known name and a wrong password: otherwise the
    /// response time tells which names exist (OWASP Authentication Cheat Sheet, "Authentication
    /// Responses").
    public func spendVerificationTime(_ password: String) {
        _ = try? derive(password, salt: [UInt8](repeating: 0, count: Self.saltLength), cost: cost, length: Self.hashLength)
    }

    /// scrypt over the password's UTF-8 in Unicode Normalization Form C, so "é" typed as one code
    /// point or as "e" + combining accent (as some keyboards send it) is the same password
    /// (NIST SP 800-63B §5.1.1.2 asks for normalisation before hashing).
    private func derive(_ password: String, salt: [UInt8], cost: Cost, length: Int) throws(CredentialError) -> [UInt8] {
        let bytes = Array(password.precomposedStringWithCanonicalMapping.utf8)
        do {
            let key = try KDF.Scrypt.deriveKey(
                from: bytes, salt: salt, outputByteCount: length,
                rounds: 1 << cost.logRounds, blockSize: cost.blockSize, parallelism: cost.parallelism)
            return key.withUnsafeBytes { Array($0) }
        } catch {
            throw .hashingFailed(reason: String(describing: error))
        }
    }
}
