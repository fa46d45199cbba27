import Foundation
import ShopKit
import WebCore

/// Logging in, registering and the customer's addresses.
extension Storefront {
    /// Checks the password against the shop's customer, then attaches the customer (and the
    /// visitor's cart, if any) to the session.
    /// Logs a customer in, through the login throttle (per e-mail, per address — the client's
    /// ``WebRequestContext/clientNetwork`` — and both): 429 (``TooManyAttempts``) while closed; a
    /// wrong password counts.
    func logIn(email: String, password: String, session: inout ShopSession, clientNetwork: String) async throws -> CustomerView {
        guard !email.trimmingCharacters(in: .whitespaces).isEmpty else { throw ShopFailure.input("email", "Give the email of your account.") }
        guard !password.isEmpty else { throw ShopFailure.input("password", "Give your password.") }
        let keys = LoginAttempt(scope: "shop", account: email, source: clientNetwork)
        try await services.loginThrottle.check(keys)
        let login = services.login
        let accounts = try await run { try await login.accounts(withEmail: email) }
        // bcrypt on the slow-work threads, not the task answering requests (issue 19).
        let customer: Customer
        do {
            customer = try await run { try await SlowWork.current.result { () throws(LoginError) in try login.check(password, against: accounts) }.get() }
        } catch let failure as ShopFailure where failure.code == "invalid_credentials" {
            try await services.loginThrottle.failed(keys)
            throw failure
        }
        try await services.loginThrottle.succeeded(keys)
        return try await attach(customer, to: &session)
    }

    func attach(_ customer: Customer, to session: inout ShopSession) async throws -> CustomerView {
        let id = customer.id ?? 0
        let name = [customer.firstname, customer.lastname].compactMap { $0 }.joined(separator: " ")
        session.customerID = id
        session.customerName = name
        if let cartID = session.cartID {
            _ = try await run { try await services.facade.carts.attach(cartID: cartID, customerID: id) }
        }
        return CustomerView(id: id, name: name, email: customer.email ?? "")
    }

    struct Registration: Decodable, Sendable {
        var firstname: String?
        var lastname: String?
        var email: String?
        var password: String?
        var birthday: String?
        /// The screen's form only: where to go after registering.
        var next: String?
    }

    /// Creates the customer: names, a plausible email not yet registered, a password of 8 or
    /// more characters, a birthday that passes the shop's age rule (the thesis refused under-18s).
    func register(_ form: Registration, session: inout ShopSession, today: ShopDate = ShopMoney.today()) async throws -> CustomerView {
        let firstname = (form.firstname ?? "").trimmingCharacters(in: .whitespaces)
        let lastname = (form.lastname ?? "").trimmingCharacters(in: .whitespaces)
        let email = (form.email ?? "").trimmingCharacters(in: .whitespaces)
        let password = form.password ?? ""
        guard !firstname.isEmpty else { throw ShopFailure.input("firstname", "Give your first name.") }
        guard !lastname.isEmpty else { throw ShopFailure.input("lastname", "Give your last name.") }
        guard email.contains("@"), email.contains("."), !email.contains(" ") else {
            throw ShopFailure.input("email", "“\(email)” is not an email address.")
        }
        guard password.count >= 8 else { throw ShopFailure.input("password", "The password needs at least 8 characters.") }
        guard let birthday = ShopDate((form.birthday ?? "").trimmingCharacters(in: .whitespaces)) else {
            throw ShopFailure.input("birthday", "Give your birthday as a real date, YYYY-MM-DD (e.g. 1990-04-30): “\((form.birthday ?? "").trimmingCharacters(in: .whitespaces))” is not one.")
        }
        do throws(LoginError) {
            try services.ageRule.check(birthday: birthday, today: today)
        } catch {
            throw ShopFailure.from(error, scrub: services.scrub)
        }
        let settings = await settings()
        let created: Customer = try await run {
            let existing = try await services.login.lookup.customers(withEmail: email)
            if existing.contains(where: { $0.deleted != true && $0.isGuest != true && ($0.email ?? "").lowercased() == email.lowercased() }) {
                throw ShopFailure(.conflict, "email_taken", "An account with \(email) exists already: log in instead.", field: "email")
            }
            var customer = Customer()
            customer.firstname = firstname
            customer.lastname = lastname
            customer.email = email
            customer.birthday = birthday
            customer.active = true
            customer.isGuest = false
            customer.languageID = settings.languageID
            // The shop hashes whatever `passwd` it is sent (`Customer::setWsPasswd`, API-NOTES
            // §12), so the plain password goes, over the webservice only, never stored here.
            customer.passwordHash = password
            return try await services.facade.customers.register(customer)
        }
        return try await attach(created, to: &session)
    }

    func requireCustomer(_ session: ShopSession?) throws -> Int {
        guard let id = session?.customerID else {
            throw ShopFailure(.unauthorized, "login_required", "Log in or register first.")
        }
        return id
    }

    func addresses(customerID: Int, selected: Int? = nil) async throws -> [AddressView] {
        let countries = try await countryNames()
        return try await run {
            let list = try await services.facade.customers.addresses(ofCustomer: customerID).filter { $0.deleted != true }
            let chosen = selected ?? list.first?.id
            return list.map { address in
                let lines = [
                    [address.firstname, address.lastname].compactMap { $0 }.joined(separator: " "), address.address1 ?? "",
                    [address.postcode, address.city].compactMap { $0 }.joined(separator: " "), countries[address.countryID ?? 0] ?? "",
                ].filter { !$0.isEmpty }.joined(separator: ", ")
                return AddressView(id: address.id ?? 0, alias: address.alias ?? "Address", lines: lines, countryID: address.countryID ?? 0, selected: address.id == chosen)
            }
        }
    }

    func countryNames() async throws -> [Int: String] {
        Dictionary(try await countries(selected: nil).map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    }

    func countries(selected: Int?) async throws -> [CountryChoice] {
        let settings = await settings()
        let chosen = selected ?? settings.countryID
        return try await run {
            try await services.facade.information.countries()
                .map { CountryChoice(id: $0.id ?? 0, name: $0.name?.best(preferring: [settings.languageID]) ?? $0.isoCode ?? "", selected: $0.id == chosen) }
                .sorted { $0.name < $1.name }
        }
    }

    struct AddressForm: Decodable, Sendable {
        var alias: String?
        var firstname: String?
        var lastname: String?
        var address1: String?
        var postcode: String?
        var city: String?
        var country: String?
        var state: String?
        var phone: String?

        enum CodingKeys: String, CodingKey { case alias, firstname, lastname, address1, postcode, city, country, state, phone }

        /// The country as the form's text or, from JSON, a number.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let text = { (key: CodingKeys) in try? container.decodeIfPresent(String.self, forKey: key) }
            (alias, firstname, lastname, address1) = (text(.alias), text(.firstname), text(.lastname), text(.address1))
            (postcode, city, phone) = (text(.postcode), text(.city), text(.phone))
            country = text(.country) ?? (try? container.decodeIfPresent(Int.self, forKey: .country)).flatMap { $0.map(String.init) }
            state = text(.state) ?? (try? container.decodeIfPresent(Int.self, forKey: .state)).flatMap { $0.map(String.init) }
        }
    }

    func addAddress(_ form: AddressForm, customerID: Int) async throws -> AddressView {
        func field(_ value: String?, _ name: String, _ label: String) throws -> String {
            let text = (value ?? "").trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { throw ShopFailure.input(name, "Give the \(label).") }
            return text
        }
        var address = Address()
        address.customerID = customerID
        address.alias = (form.alias ?? "").trimmingCharacters(in: .whitespaces).isEmpty ? "My address" : form.alias
        address.firstname = try field(form.firstname, "firstname", "first name")
        address.lastname = try field(form.lastname, "lastname", "last name")
        address.address1 = try field(form.address1, "address1", "street and number")
        address.postcode = try field(form.postcode, "postcode", "postcode")
        address.city = try field(form.city, "city", "city")
        address.phone = form.phone
        let countries = try await countryNames()
        guard let countryID = Int(form.country ?? ""), countries[countryID] != nil else {
            throw ShopFailure.input("country", "Choose a country from the list.")
        }
        address.countryID = countryID
        address.stateID = try await checkedState(form.state, countryID: countryID, countryName: countries[countryID] ?? "")
        let created = try await run { try await services.facade.customers.addAddress(address) }
        return AddressView(id: created.id ?? 0, alias: created.alias ?? "", lines: "", countryID: countryID, selected: true)
    }

    /// The state a country with states needs (the shop front requires it; the webservice
    /// alone would accept an address without one), or 0 for a country without states.
    func checkedState(_ text: String?, countryID: Int, countryName: String) async throws -> Int {
        let trimmed = (text ?? "").trimmingCharacters(in: .whitespaces)
        let country = try await run { try await services.facade.information.country(id: countryID) }
        guard country.containsStates == true else {
            guard trimmed.isEmpty || trimmed == "0" else { throw ShopFailure.input("state", "\(countryName) has no states or provinces: leave the state empty.") }
            return 0
        }
        let states = try await run { try await services.facade.information.activeStates(ofCountry: countryID) }
        guard let id = Int(trimmed), states.contains(where: { $0.id == id }) else {
            throw ShopFailure.input("state", "Choose the state or province in \(countryName): an address there needs one.")
        }
        return id
    }

    /// The states of the active countries that have them, by country, for the address form.
    func stateGroups(selected: Int?) async throws -> [StateGroup] {
        let settings = await settings()
        return try await run {
            let countries = try await services.facade.information.countries().filter { $0.containsStates == true }
            var groups: [StateGroup] = []
            for country in countries.sorted(by: { ($0.name?.best(preferring: [settings.languageID]) ?? "") < ($1.name?.best(preferring: [settings.languageID]) ?? "") }) {
                let states = try await services.facade.information.activeStates(ofCountry: country.id ?? 0)
                guard !states.isEmpty else { continue }
                groups.append(StateGroup(
                    countryID: country.id ?? 0, country: country.name?.best(preferring: [settings.languageID]) ?? country.isoCode ?? "",
                    states: states.map { CountryChoice(id: $0.id ?? 0, name: $0.name ?? $0.isoCode ?? "", selected: $0.id == selected) }))
            }
            return groups
        }
    }
}

struct StateGroup: Encodable, Sendable {
    let countryID: Int
    let country: String
    let states: [CountryChoice]
}
