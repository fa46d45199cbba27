/// A supplier whose products the agent sells; orders are e-mailed to it. Name and e-mail are
/// required (the order cannot reach a supplier without an address).
public struct Supplier: Sendable, Hashable, Codable, Identifiable {
    public var id: Int64?
    public var name: String
    public var email: String
    public var contact: String
    public var phone: String
    public var mobile: String
    public var fax: String
    public var city: String
    public var address: String
    public var origin: RecordOrigin

    public init(
        id: Int64? = nil, name: String, email: String, contact: String = "", phone: String = "", mobile: String = "", fax: String = "",
        city: String = "", address: String = "", origin: RecordOrigin = .local
    ) {
        self.id = id
        self.name = name
        self.email = email
        self.contact = contact
        self.phone = phone
        self.mobile = mobile
        self.fax = fax
        self.city = city
        self.address = address
        self.origin = origin
    }
}
