/// The sales agent using the app: printed on every order and copied on its e-mail.
public struct Agent: Sendable, Hashable, Codable {
    public var name: String
    public var phone: String
    public var fax: String
    public var mobile: String
    public var email: String
    public var address: String
    public var city: String

    public init(name: String, phone: String = "", fax: String = "", mobile: String = "", email: String = "", address: String = "", city: String = "") {
        self.name = name
        self.phone = phone
        self.fax = fax
        self.mobile = mobile
        self.email = email
        self.address = address
        self.city = city
    }
}
