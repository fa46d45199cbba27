/// What a new password must be: long enough to resist guessing, short enough that hashing it
/// cannot be used to tie up the server, and not blank.
///
/// NIST SP 800-63B §5.1.1.2 (memorized secrets): at least 8 characters, allow at least 64,
/// allow spaces and every printable character, and impose no composition rules (no "one digit,
/// one capital"), which make passwords harder to remember without making them stronger.
public enum PasswordPolicy {
    public static let minimumLength = 8
    public static let maximumLength = 128

    /// Accepts `password` or says what to change. Length counts characters as a person sees
    /// them (extended grapheme clusters), so "é" is one whichever way it was typed.
    public static func check(_ password: String) throws(CredentialError) {
        let length = password.count
        if length < minimumLength { throw .passwordTooShort(length: length, minimum: minimumLength) }
        if length > maximumLength { throw .passwordTooLong(length: length, maximum: maximumLength) }
        if password.allSatisfy(\.isWhitespace) { throw .passwordBlank }
    }
}
