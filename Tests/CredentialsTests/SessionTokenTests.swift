import Foundation
import Testing
import Credentials

/// Session tokens are 32 random bytes in base64url; the database stores their SHA-256.
@Suite struct SessionTokenTests {
    @Test func aTokenIsThirtyTwoBytesOfBase64URLWithoutPadding() throws {
        let token = SessionToken.generate()
        #expect(token.count == 43)
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        #expect(token.allSatisfy(alphabet.contains))
        let standard = token.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/") + "="
        #expect(Data(base64Encoded: standard)?.count == 32)
    }

    @Test func tokensDoNotRepeat() {
        let tokens = Set((0..<200).map { _ in SessionToken.generate() })
        #expect(tokens.count == 200)
    }

    /// FIPS 180-2 Appendix B.1: SHA-256("abc").
    @Test func theDigestIsSHA256InLowercaseHex() {
        #expect(SessionToken.digest("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let token = SessionToken.generate()
        #expect(SessionToken.digest(token) == SessionToken.digest(token))
        #expect(SessionToken.digest(token) != SessionToken.digest(SessionToken.generate()))
    }
}
