/// A wallet profile as the screens show it: never its password hash.
public struct WalletUser: Sendable, Hashable, Codable, Identifiable {
    public var id: Int64
    public var nickname: String
    public var firstName: String
    public var lastName: String
    public var address: String
    public var email: String
    /// The built-in user everyone is when logged out (``WalletStore/defaultUser``).
    public var isDefault: Bool
    /// Where the profile's payment SMS goes (``PaymentNumber``); empty: the wallet operator's.
    public var paymentNumber: String

    public init(
        id: Int64, nickname: String, firstName: String, lastName: String, address: String, email: String, isDefault: Bool,
        paymentNumber: String = ""
    ) {
        self.paymentNumber = paymentNumber
        self.id = id
        self.nickname = nickname
        self.firstName = firstName
        self.lastName = lastName
        self.address = address
        self.email = email
        self.isDefault = isDefault
    }

    /// The default user's id and nickname, fixed by the first migration (``BarcodeWalletSchema``):
    /// the Padova thesis's shared profile, who you are when logged out. Its codes are everyone's.
    public static let defaultID: Int64 = 1
    public static let defaultNickname = "everyone"

    /// The default user as the migration creates it: no name, address, e-mail or password.
    static let builtInDefault = WalletUser(
        id: defaultID, nickname: defaultNickname, firstName: "", lastName: "", address: "", email: "", isDefault: true)
}
