import Credentials
import Foundation

/// What the registration form sends. ``validated()`` checks every field before anything is hashed
/// or stored; the nickname's uniqueness is checked by ``WalletStore/register(_:)``.
public struct NewProfile: Sendable, Hashable {
    public var nickname: String
    public var password: String
    public var firstName: String
    public var lastName: String
    public var address: String
    public var email: String
    /// Optional: where the payment SMS goes (``PaymentNumber``); blank for the wallet operator's.
    public var paymentNumber: String

    public init(nickname: String, password: String, firstName: String, lastName: String, address: String, email: String, paymentNumber: String = "") {
        self.paymentNumber = paymentNumber
        self.nickname = nickname
        self.password = password
        self.firstName = firstName
        self.lastName = lastName
        self.address = address
        self.email = email
    }

    public static let nicknameLength = 3...32
    public static let maximumNameLength = 100
    public static let maximumAddressLength = 200
    /// RFC 5321 §4.5.3.1.3: a forward path is at most 256 octets, so an address at most 254.
    public static let maximumEmailLength = 254

    /// The profile with surrounding spaces trimmed from every field but the password (which is
    /// taken exactly as typed), or the first field that is wrong and what to do about it.
    public func validated() throws(WalletError) -> NewProfile {
        var profile = self
        profile.nickname = nickname.trimmingCharacters(in: .whitespacesAndNewlines)
        profile.firstName = firstName.trimmingCharacters(in: .whitespacesAndNewlines)
        profile.lastName = lastName.trimmingCharacters(in: .whitespacesAndNewlines)
        profile.address = address.trimmingCharacters(in: .whitespacesAndNewlines)
        profile.email = email.trimmingCharacters(in: .whitespacesAndNewlines)

        // Every field is checked, so one answer names all that is wrong.
        var problems: [WalletError] = []
        func check(_ body: () throws(WalletError) -> Void) {
            do { try body() } catch { problems.append(error) }
        }
        check { () throws(WalletError) in try Self.checkNickname(profile.nickname) }
        do {
            try PasswordPolicy.check(password)
        } catch {
            problems.append(.invalidPassword(problem: error.errorDescription ?? error.code))
        }
        check { () throws(WalletError) in try Self.checkText(profile.firstName, field: "first name", maximum: Self.maximumNameLength) }
        check { () throws(WalletError) in try Self.checkText(profile.lastName, field: "last name", maximum: Self.maximumNameLength) }
        check { () throws(WalletError) in try Self.checkText(profile.address, field: "address", maximum: Self.maximumAddressLength) }
        check { () throws(WalletError) in try Self.checkEmail(profile.email) }
        check { () throws(WalletError) in profile.paymentNumber = try PaymentNumber.normalized(profile.paymentNumber) }
        guard let first = problems.first else { return profile }
        guard problems.count > 1 else { throw first }
        throw .invalidProfileFields(problems.map { problem in
            switch problem {
            case .invalidProfile(let field, let text): FieldProblem(field: field, problem: text)
            case .invalidPassword(let text): FieldProblem(field: "password", problem: text)
            default: FieldProblem(field: "profile", problem: problem.localizedDescription)
            }
        })
    }

    /// The form's input names, by the field names the problems use.
    public static let inputNames = [
        "nickname": "nickname", "password": "password", "first name": "firstName", "last name": "lastName",
        "address": "address", "e-mail": "email", "e-mail address": "email", "payment SMS number": "paymentNumber",
    ]

    /// 3–32 ASCII letters, digits, `.`, `-` and `_`. ASCII only: the nickname is compared
    /// ignoring case, which SQLite's NOCASE does for ASCII alone, and look-alike letters from other
    /// scripts ("аdmin" with a Cyrillic а) could otherwise impersonate a profile.
    static func checkNickname(_ nickname: String) throws(WalletError) {
        guard nicknameLength.contains(nickname.count) else {
            throw .invalidProfile(field: "nickname", problem: "has \(nickname.count) characters; choose one of \(nicknameLength.lowerBound) to \(nicknameLength.upperBound)")
        }
        if let bad = nickname.first(where: { !($0.isASCII && ($0.isLetter || $0.isNumber || ".-_".contains($0))) }) {
            throw .invalidProfile(field: "nickname", problem: "cannot contain \"\(bad)\"; use only letters A–Z, digits, dots, hyphens and underscores")
        }
    }

    /// Required, at most `maximum` characters, and no control characters (a line break in a name
    /// would break the payment SMS and every one-line display).
    static func checkText(_ text: String, field: String, maximum: Int) throws(WalletError) {
        guard !text.isEmpty else { throw .invalidProfile(field: field, problem: "is empty; fill it in") }
        guard text.count <= maximum else {
            throw .invalidProfile(field: field, problem: "has \(text.count) characters; shorten it to at most \(maximum)")
        }
        guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalidProfile(field: field, problem: "contains a line break or control character; write it on one line")
        }
    }

    /// Plausible, not verified: one `@` with something before it, and a domain after it with a dot
    /// inside, no spaces. Only sending a message proves an address works, so anything stricter
    /// (RFC 5322's full grammar) would refuse real addresses without catching typos.
    static func checkEmail(_ email: String) throws(WalletError) {
        guard email.count <= maximumEmailLength else {
            throw .invalidProfile(field: "e-mail address", problem: "has \(email.count) characters; at most \(maximumEmailLength) are possible")
        }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        let plausible = parts.count == 2 && !parts[0].isEmpty
            && !email.contains(where: { $0.isWhitespace || $0.unicodeScalars.contains { $0.properties.generalCategory == .control } })
            && parts[1].split(separator: ".", omittingEmptySubsequences: false).count >= 2
            && parts[1].split(separator: ".", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty }
        guard plausible else {
            throw .invalidProfile(field: "e-mail address", problem: "\"\(email)\" does not look like an address; write it as name@example.com")
        }
    }
}
