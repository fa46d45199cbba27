/// Reads and writes the storefront needs beyond the thesis's facade: the shop's countries and
/// settings (default country, currency, language), and carts for visitors who have not logged
/// in yet (attached to the customer once they do).
extension ShopInformation {
    /// The active countries, in one request (`display=full`).
    public func countries() async throws(ShopError) -> [Country] {
        let request = try ShopConnection.build { () throws(WebserviceRequestError) in
            try WebserviceRequest.list("countries").display(.full).filter("active", .plain("1"))
        }
        return try await connection.all(Country.self, request)
    }

    public func country(id: Int) async throws(ShopError) -> Country {
        try await connection.get(Country.self, id: id)
    }

    /// Configuration values by name (`PS_COUNTRY_DEFAULT`…), all in one request; a name the
    /// shop does not have is missing from the answer.
    public func configurationValues(_ names: [String]) async throws(ShopError) -> [String: String] {
        guard !names.isEmpty else { return [:] }
        let request = try ShopConnection.build { () throws(WebserviceRequestError) in
            try WebserviceRequest.list("configurations").display(.full).filter("name", .anyOf(names))
        }
        var values: [String: String] = [:]
        for configuration in try await connection.all(Configuration.self, request) {
            guard let name = configuration.name, names.contains(name), values[name] == nil else { continue }
            values[name] = configuration.value
        }
        return values
    }
}

extension ShopCarts {
    /// An empty cart for a visitor who has not logged in (`id_customer` 0), to be attached with
    /// ``attach(cartID:customerID:)`` when they do.
    public func createForVisitor(currencyID: Int, languageID: Int) async throws(ShopError) -> Cart {
        var cart = Cart()
        cart.customerID = 0
        cart.currencyID = currencyID
        cart.languageID = languageID
        cart.rows = []
        return try await connection.create(cart)
    }

    /// Gives the cart to the customer (and their delivery address, when known), keeping its rows.
    public func attach(cartID: Int, customerID: Int, addressID: Int? = nil) async throws(ShopError) -> Cart {
        var cart = try await cart(id: cartID)
        cart.customerID = customerID
        if let addressID {
            cart.addressDeliveryID = addressID
            cart.addressInvoiceID = addressID
            cart.rows = cart.rows?.map { row in
                var changed = row
                changed.addressDeliveryID = addressID
                return changed
            }
        }
        return try await connection.update(cart)
    }
}

extension ShopCheckout {
    /// An order as the shop stored it (for the storefront's confirmation screen).
    public func placedOrder(id: Int) async throws(ShopError) -> Order {
        try await connection.get(Order.self, id: id)
    }
}

/// States and provinces (the thesis's `getStateWithId:`, `getActiveStates`,
/// `getActiveStatesForCountry:`): what an address form offers where the country has them.
extension ShopInformation {
    public func state(id: Int) async throws(ShopError) -> State {
        try await connection.get(State.self, id: id)
    }

    /// Every active state of every country, in one request.
    public func activeStates() async throws(ShopError) -> [State] {
        let request = try ShopConnection.build { () throws(WebserviceRequestError) in
            try WebserviceRequest.list("states").display(.full).filter("active", .plain("1"))
        }
        return try await connection.all(State.self, request)
    }

    /// The active states of one country, by name; empty for a country without states.
    public func activeStates(ofCountry countryID: Int) async throws(ShopError) -> [State] {
        let request = try ShopConnection.build { () throws(WebserviceRequestError) in
            try WebserviceRequest.list("states").display(.full).filter("id_country", .equals(String(countryID))).filter("active", .plain("1"))
        }
        return try await connection.all(State.self, request).sorted { ($0.name ?? "") < ($1.name ?? "") }
    }
}
