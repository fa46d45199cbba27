import Foundation
import Testing
@testable import Credentials

/// scrypt hashing of stored passwords: round trip, refusals, the stored string's format, and
/// robustness against damaged stored strings.
@Suite struct PasswordHasherTests {
    let hasher = PasswordHasher(cost: .testing)

    @Test func theRightPasswordVerifiesAndAWrongOneDoesNot() throws {
        let stored = try hasher.hash("correct horse battery staple")
        #expect(hasher.verify("correct horse battery staple", against: stored))
        #expect(!hasher.verify("correct horse battery stapler", against: stored))
        #expect(!hasher.verify("Correct horse battery staple", against: stored))
        #expect(!hasher.verify("", against: stored))
    }

    @Test func theStoredStringRecordsItsParametersSaltAndHash() throws {
        let stored = try hasher.hash("correct horse battery staple")
        let fields = stored.split(separator: "$", omittingEmptySubsequences: false).map(String.init)
        #expect(fields.count == 6)
        #expect(Array(fields.prefix(4)) == ["scrypt", "ln=10", "r=8", "p=1"])
        #expect(Data(base64Encoded: fields[4])?.count == 16)
        #expect(Data(base64Encoded: fields[5])?.count == 32)
        #expect(!stored.contains("correct"))
    }

    @Test func hashingOnePasswordTwiceGivesDifferentStringsThatBothVerify() throws {
        let first = try hasher.hash("same password")
        let second = try hasher.hash("same password")
        #expect(first != second)
        #expect(hasher.verify("same password", against: first))
        #expect(hasher.verify("same password", against: second))
    }

    /// RFC 7914 §12, the third test vector (N = 16384, r = 8, p = 1), written as a stored string:
    /// verification must use the parameters in the string, not the hasher's own.
    @Test func verificationUsesTheStoredParametersOnRFC7914sTestVector() {
        let stored = "scrypt$ln=14$r=8$p=1$U29kaXVtQ2hsb3JpZGU=$"
            + "cCO9yzr9c0hGHAbNgf046/2o+7qQT44+qbVD9lRdofLVQylVYT8Pz2LUlwUkKpr55h6F3A1lHkDfzwF7RVdYhw=="
        #expect(hasher.verify("pleaseletmein", against: stored))
        #expect(!hasher.verify("pleaseletmeout", against: stored))
    }

    @Test(arguments: [
        "",
        "scrypt",
        "plain text password",
        "bcrypt$ln=10$r=8$p=1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
        "scrypt$ln=10$r=8$p=1$AAAAAAAAAAAAAAAAAAAAAA==",
        "scrypt$ln=10$r=8$p=1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=$extra",
        "scrypt$ln=ten$r=8$p=1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
        "scrypt$ln=-1$r=8$p=1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
        "scrypt$ln=0$r=8$p=1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
        // 2^40 rounds would ask for 128 TiB: refused before anything is allocated.
        "scrypt$ln=40$r=8$p=1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
        "scrypt$ln=99999999999999999999$r=8$p=1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
        "scrypt$ln=10$r=0$p=1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
        "scrypt$ln=10$r=8$p=1$not base64!$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
        "scrypt$ln=10$r=8$p=1$AAAAAAAAAAAAAAAAAAAAAA==$",
        "scrypt$ln=10$r=8$p=1$AAAAAAAAAAAAAAAAAAAAAA==$AAAA",
        "scrypt$r=8$ln=10$p=1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
    ])
    func aMalformedStoredStringNeverVerifies(stored: String) {
        #expect(!hasher.verify("anything at all", against: stored))
        #expect(hasher.needsRehash(stored))
    }

    @Test func aTruncatedRealHashNeverVerifies() throws {
        let stored = try hasher.hash("correct horse battery staple")
        for length in [stored.count - 1, stored.count - 5, stored.count / 2, 7] {
            #expect(!hasher.verify("correct horse battery staple", against: String(stored.prefix(length))))
        }
    }

    @Test func aHashOfAnotherCostNeedsRehashingButStillVerifies() throws {
        let older = PasswordHasher(cost: .init(logRounds: 9, blockSize: 8, parallelism: 1))
        let stored = try older.hash("correct horse battery staple")
        #expect(stored.hasPrefix("scrypt$ln=9$r=8$p=1$"))
        #expect(hasher.verify("correct horse battery staple", against: stored))
        #expect(hasher.needsRehash(stored))
        #expect(!older.needsRehash(stored))
        #expect(!hasher.needsRehash(try hasher.hash("correct horse battery staple")))
    }

    @Test func thePasswordIsNormalisedSoBothSpellingsOfAnAccentMatch() throws {
        let composed = "caff\u{E8} corretto"        // è as one code point
        let decomposed = "caffe\u{300} corretto"    // e + combining grave accent
        #expect(Array(composed.utf8) != Array(decomposed.utf8))
        let stored = try hasher.hash(composed)
        #expect(hasher.verify(decomposed, against: stored))
    }

    @Test func theStandardCostIsTheBriefsAndCostsThirtyTwoMebibytes() {
        #expect(PasswordHasher().cost == PasswordHasher.Cost(logRounds: 15, blockSize: 8, parallelism: 1))
        #expect(PasswordHasher.Cost.standard.memoryBytes == 32 << 20)
        #expect(PasswordHasher.Cost.standard.isAffordable)
        #expect(!PasswordHasher.Cost(logRounds: 62, blockSize: 8, parallelism: 1).isAffordable)
    }

    @Test func anUnaffordableCostIsRefusedWhenHashing() {
        let hasher = PasswordHasher(cost: .init(logRounds: 30, blockSize: 8, parallelism: 1))
        #expect(throws: CredentialError.self) { try hasher.hash("correct horse battery staple") }
    }

    @Test func equalityIsByteExact() {
        #expect(constantTimeEqual([1, 2, 3], [1, 2, 3]))
        #expect(!constantTimeEqual([1, 2, 3], [1, 2, 4]))
        #expect(!constantTimeEqual([1, 2, 3], [1, 2]))
        #expect(constantTimeEqual([], []))
    }
}
