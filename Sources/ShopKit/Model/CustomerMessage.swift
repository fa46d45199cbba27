/// One message of a customer thread (the contact form, an order's messages), from the customer
/// or an employee (`id_employee` 0 means the customer wrote it). The only recording is an
/// empty list; the fields follow the 8.x documentation's blank schema and field table.
public struct CustomerMessage: ResourceModel {
    public static let element = "customer_message"
    public static let resource = "customer_messages"

    public var id: Int?
    /// `id_employee`: 0 when the customer wrote it.
    public var employeeID: Int?
    public var customerThreadID: Int?
    public var ipAddress: String?
    public var message: String?
    /// `file_name`: an attachment stored in the shop's upload folder.
    public var fileName: String?
    public var userAgent: String?
    /// `private`: a note between employees, never shown to the customer.
    public var isPrivate: Bool?
    public var dateAdd: ShopDateTime?
    public var dateUpd: ShopDateTime?
    public var read: Bool?

    public init() {}

    /// Whether the customer wrote it (no employee), when the record says.
    public var isFromCustomer: Bool? { employeeID.map { $0 == 0 } }

    public static let schema = RecordSchema<CustomerMessage>(
        fields: [
            .field("id", \.id, .int),
            .field("id_employee", \.employeeID, .int),
            .field("id_customer_thread", \.customerThreadID, .int),
            .field("ip_address", \.ipAddress, .text),
            .field("message", \.message, .text),
            .field("file_name", \.fileName, .text),
            .field("user_agent", \.userAgent, .text),
            .field("private", \.isPrivate, .bool),
            .field("date_add", \.dateAdd, .dateTime),
            .field("date_upd", \.dateUpd, .dateTime),
            .field("read", \.read, .bool),
        ]
    )
}
