/// Customers and their addresses. Signing in (checking a password) is ``CustomerLogin``'s job
/// (Sources/ShopKit/Login), not this one's.
public struct ShopCustomers: Sendable {
    let connection: ShopConnection

    /// Creates the customer (POST `customers`); the created record, with its id. The model's
    /// `passwordHash` is sent as `passwd` as given: hash it the way the shop's version expects
    /// (API-NOTES §12) before calling.
    public func register(_ customer: Customer) async throws(ShopError) -> Customer {
        guard customer.id == nil else { throw .invalidArgument("a new customer has no id yet (the shop gives one); clear `id`") }
        for (name, value) in [("email", customer.email), ("firstname", customer.firstname), ("lastname", customer.lastname)]
        where (value ?? "").isEmpty {
            throw .invalidArgument("registering a customer needs \(name)")
        }
        return try await connection.create(customer)
    }

    public func customer(id: Int) async throws(ShopError) -> Customer {
        try await connection.get(Customer.self, id: id)
    }

    /// The ids of the customer's addresses (`filter[id_customer]`, as the OCA connector asks).
    public func addressIDs(ofCustomer id: Int) async throws(ShopError) -> [Int] {
        let request = try ShopConnection.build { () throws(WebserviceRequestError) in
            try WebserviceRequest.list("addresses").filter("id_customer", .plain(String(id))).limit(offset: 0, count: 1000)
        }
        return try await connection.ids(request, element: "address")
    }

    public func address(id: Int) async throws(ShopError) -> Address {
        try await connection.get(Address.self, id: id)
    }

    /// The customer's addresses: their ids, then each record.
    public func addresses(ofCustomer id: Int) async throws(ShopError) -> [Address] {
        var addresses: [Address] = []
        for addressID in try await addressIDs(ofCustomer: id) {
            addresses.append(try await connection.get(Address.self, id: addressID))
        }
        return addresses
    }

    /// Adds an address for its customer (`customerID` must be set).
    public func addAddress(_ address: Address) async throws(ShopError) -> Address {
        guard address.customerID != nil else { throw .invalidArgument("an address needs the customer it belongs to (customerID)") }
        guard address.id == nil else { throw .invalidArgument("a new address has no id yet; clear `id`") }
        return try await connection.create(address)
    }

    /// Replaces the address's fields the model changed (a PUT from the shop's full record).
    public func updateAddress(_ address: Address) async throws(ShopError) -> Address {
        try await connection.update(address)
    }
}
