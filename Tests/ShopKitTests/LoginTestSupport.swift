import ShopKit

/// Stands in for `GET /api/customers?filter[email]=…`: the customers whose email equals the
/// one asked, ignoring case as MySQL does; remembers what it was asked.
actor FakeCustomerLookup: CustomerLookup {
    private let customers: [Customer]
    private(set) var asked: [String] = []

    init(_ customers: [Customer]) { self.customers = customers }

    func customers(withEmail email: String) async throws(LoginError) -> [Customer] {
        asked.append(email)
        return customers.filter { $0.email?.lowercased() == email.lowercased() }
    }
}

enum LoginSamples {
    static let password = "Tr0ub4dor&3"

    /// Real bcrypt hashes of `password`, made with Python's `crypt` module (libxcrypt):
    /// `crypt.crypt("Tr0ub4dor&3", "$2y$10$abcdefghijklmnopqrstuu")`, and the same with
    /// `"$2b$04$ZYXWVUTSRQPONMLKJIHGFe"` and `"$2a$04$0123456789ABCDEFGHIJKe"`.
    static let bcrypt2y = "$2y$10$abcdefghijklmnopqrstuu5l2mO2YzyEsHJLgg3Urz7twlBz7iAAK"
    static let bcrypt2b = "$2b$04$ZYXWVUTSRQPONMLKJIHGFedd6koLJe1gPrcevv1LJ7oKLvp558ud2"
    static let bcrypt2a = "$2a$04$0123456789ABCDEFGHIJKeNa7TOBDR64vtZ2.ZmvtKLbns0teiTDa"

    /// A made-up cookie key and `hashlib.md5(b"TEST_COOKIE_KEY_0123456789" + b"Tr0ub4dor&3").hexdigest()`.
    static let cookieKey = "TEST_COOKIE_KEY_0123456789"
    static let md5 = "b42a34975ca635e4efb7a94f040987aa"

    static func customer(
        _ id: Int, email: String = "anna@example.com", hash: String = bcrypt2y, active: Bool = true, deleted: Bool = false, guest: Bool = false
    ) -> Customer {
        var customer = Customer()
        customer.id = id
        customer.email = email
        customer.passwordHash = hash
        customer.active = active
        customer.deleted = deleted
        customer.isGuest = guest
        customer.firstname = "Anna"
        customer.lastname = "Rossi"
        return customer
    }
}
