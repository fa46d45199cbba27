import Foundation

/// The self-describing string a password is stored as:
/// `scrypt$ln=15$r=8$p=1$<salt base64>$<hash base64>`.
///
/// The cost parameters travel with each hash (as in the PHC string format, whose field names
/// `ln`, `r`, `p` these are), so the cost can be raised later: old hashes still verify with
/// their own parameters and are replaced at the next log-in. Base64 is the standard alphabet
/// with padding (RFC 4648 §4); neither contains `$`.
struct StoredPasswordHash: Equatable {
    static let algorithm = "scrypt"

    var cost: PasswordHasher.Cost
    var salt: [UInt8]
    var hash: [UInt8]

    var encoded: String {
        "\(Self.algorithm)$ln=\(cost.logRounds)$r=\(cost.blockSize)$p=\(cost.parallelism)$"
            + Data(salt).base64EncodedString() + "$" + Data(hash).base64EncodedString()
    }

    init(cost: PasswordHasher.Cost, salt: [UInt8], hash: [UInt8]) {
        self.cost = cost
        self.salt = salt
        self.hash = hash
    }

    /// `nil` for anything that is not exactly this format with parameters a verification can
    /// afford: a damaged or hostile string must neither crash nor make one log-in allocate
    /// gigabytes (see ``PasswordHasher/Cost/isAffordable``).
    init?(parsing stored: String) {
        let fields = stored.split(separator: "$", omittingEmptySubsequences: false)
        guard fields.count == 6, fields[0] == Self.algorithm,
              let logRounds = Self.parameter("ln", fields[1]),
              let blockSize = Self.parameter("r", fields[2]),
              let parallelism = Self.parameter("p", fields[3]),
              let salt = Data(base64Encoded: String(fields[4])), salt.count >= 8, salt.count <= 64,
              let hash = Data(base64Encoded: String(fields[5])), hash.count >= 16, hash.count <= 64
        else { return nil }
        let cost = PasswordHasher.Cost(logRounds: logRounds, blockSize: blockSize, parallelism: parallelism)
        guard cost.isAffordable else { return nil }
        self.init(cost: cost, salt: Array(salt), hash: Array(hash))
    }

    /// The value of `name=digits`, at most three digits so no overflow is possible.
    private static func parameter(_ name: String, _ field: Substring) -> Int? {
        guard field.hasPrefix(name + "=") else { return nil }
        let digits = field.dropFirst(name.count + 1)
        guard !digits.isEmpty, digits.count <= 3, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }
}

/// Whether two byte strings are equal, in a time that depends only on their length: a
/// comparison that stops at the first difference tells an attacker who can time it how many
/// leading bytes of a guess were right.
func constantTimeEqual(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
    guard lhs.count == rhs.count else { return false }
    var difference: UInt8 = 0
    for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
    return difference == 0
}
