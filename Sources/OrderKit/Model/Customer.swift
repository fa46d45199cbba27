/// A customer the agent sells to. Only the company name is required (the thesis's form).
public struct Customer: Sendable, Hashable, Codable, Identifiable {
    /// The store's row id; nil until stored.
    public var id: Int64?
    public var companyName: String
    public var contact: String
    public var vatNumber: String
    public var taxCode: String
    public var iban: String
    public var phone: String
    public var mobile: String
    public var fax: String
    public var email: String
    public var address: String
    public var city: String
    public var province: String
    public var postcode: String
    public var notes: String
    public var origin: RecordOrigin

    public init(
        id: Int64? = nil, companyName: String, contact: String = "", vatNumber: String = "", taxCode: String = "", iban: String = "",
        phone: String = "", mobile: String = "", fax: String = "", email: String = "", address: String = "", city: String = "",
        province: String = "", postcode: String = "", notes: String = "", origin: RecordOrigin = .local
    ) {
        self.id = id
        self.companyName = companyName
        self.contact = contact
        self.vatNumber = vatNumber
        self.taxCode = taxCode
        self.iban = iban
        self.phone = phone
        self.mobile = mobile
        self.fax = fax
        self.email = email
        self.address = address
        self.city = city
        self.province = province
        self.postcode = postcode
        self.notes = notes
        self.origin = origin
    }
}
