import Testing
import Credentials

/// 8 to 128 characters, not blank; the messages say what to do.
@Suite struct PasswordPolicyTests {
    @Test func eightToOneHundredTwentyEightCharactersAreAccepted() throws {
        try PasswordPolicy.check("abcdefgh")
        try PasswordPolicy.check(String(repeating: "x", count: 128))
        try PasswordPolicy.check("two words")
        // Spaces are allowed inside and around a password that is not only spaces.
        try PasswordPolicy.check("   a    ")
    }

    @Test func sevenCharactersAreTooFewAndTheMessageSaysHowMany() {
        #expect(throws: CredentialError.passwordTooShort(length: 7, minimum: 8)) { try PasswordPolicy.check("abcdefg") }
        #expect(throws: CredentialError.passwordTooShort(length: 0, minimum: 8)) { try PasswordPolicy.check("") }
        let message = CredentialError.passwordTooShort(length: 7, minimum: 8).errorDescription ?? ""
        #expect(message.contains("at least 8"))
    }

    @Test func oneHundredTwentyNineCharactersAreTooMany() {
        #expect(throws: CredentialError.passwordTooLong(length: 129, maximum: 128)) {
            try PasswordPolicy.check(String(repeating: "x", count: 129))
        }
        #expect(CredentialError.passwordTooLong(length: 129, maximum: 128).errorDescription?.contains("at most 128") == true)
    }

    @Test func onlyWhitespaceIsRefused() {
        #expect(throws: CredentialError.passwordBlank) { try PasswordPolicy.check("        ") }
        #expect(throws: CredentialError.passwordBlank) { try PasswordPolicy.check("\t\t\t\t\n\n\n\n") }
    }

    @Test func charactersAreCountedAsPeopleSeeThem() throws {
        // Seven family emoji are seven characters but dozens of UTF-8 bytes: still too short.
        #expect(throws: CredentialError.self) { try PasswordPolicy.check(String(repeating: "👨‍👩‍👧", count: 7)) }
        try PasswordPolicy.check(String(repeating: "👨‍👩‍👧", count: 8))
    }
}
