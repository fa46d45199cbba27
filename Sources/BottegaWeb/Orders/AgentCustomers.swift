import Foundation
import Hummingbird
import OrderKit

/// `/orders/customers`: the agent's customers; synced ones are read-only.
extension AgentScreenRoutes {
    struct CustomerForm: Decodable {
        let companyName: String
        let contact: String?
        let vatNumber: String?
        let email: String?
        let phone: String?
        let address: String?
        let city: String?
        let province: String?
        let postcode: String?
    }

    func registerCustomers(on group: RouterGroup<WebRequestContext>) {
        group.get("customers") { _, _ in
            let customers = try store.customers().map { customer -> [String: Any] in
                ["id": customer.id ?? 0, "name": customer.companyName, "city": customer.city, "email": customer.email, "synced": customer.origin.isReadOnly]
            }
            return screens.page("orders/customers", ["title": "Customers", "customers": customers, "empty": customers.isEmpty])
        }
        group.post("customers") { request, _ in
            let form = try await FormBody.decode(CustomerForm.self, from: request)
            try change(back: "/orders/customers") {
                _ = try store.save(Customer(
                    companyName: form.companyName, contact: form.contact ?? "", vatNumber: form.vatNumber ?? "", phone: form.phone ?? "",
                    email: form.email ?? "", address: form.address ?? "", city: form.city ?? "", province: form.province ?? "", postcode: form.postcode ?? ""
                ))
            }
            return seeOther("/orders/customers")
        }
        group.post("customers/:id/delete") { _, context in
            let id = context.parameters.get("id", as: Int64.self) ?? -1
            try change(back: "/orders/customers") { try store.delete(.customer, id: id) }
            return seeOther("/orders/customers")
        }
    }
}
