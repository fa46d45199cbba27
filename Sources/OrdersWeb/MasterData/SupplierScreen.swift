import Foundation
import OrderCompany
import OrderKit
import WebCore

extension MasterDataScreen where Record == Supplier {
    // Computed: a generic type cannot have a stored static property.
    /// The supplier: name and e-mail required (orders are e-mailed to it); contact,
    /// phones, city, address.
    static var suppliers: MasterDataScreen<Supplier> {
        MasterDataScreen(
            kind: .supplier, path: "suppliers", title: "Suppliers",
            list: { try $0.suppliers() },
            fetch: { try $0.supplier(id: $1) },
            store: { try $0.save($1) },
            draft: { fields, id in
                let text = { FormRead.text(fields, $0) }
                return Supplier(
                    id: id, name: text("name"), email: text("email"), contact: text("contact"), phone: text("phone"), mobile: text("mobile"),
                    fax: text("fax"), city: text("city"), address: text("address")
                )
            },
            values: { supplier in
                [
                    "name": .text(supplier.name), "email": .text(supplier.email), "contact": .text(supplier.contact), "phone": .text(supplier.phone),
                    "mobile": .text(supplier.mobile), "fax": .text(supplier.fax), "city": .text(supplier.city), "address": .text(supplier.address),
                ]
            },
            form: { _, _ in
                [
                    FormField(name: "name", label: "Name", input: .text(), required: true),
                    FormField(name: "email", label: "E-mail", input: .text(type: "email"), required: true, hint: "orders are e-mailed here"),
                    FormField(name: "contact", label: "Contact", input: .text()),
                    FormField(name: "phone", label: "Phone", input: .text(type: "tel")),
                    FormField(name: "mobile", label: "Mobile", input: .text(type: "tel")),
                    FormField(name: "fax", label: "Fax", input: .text(type: "tel")),
                    FormField(name: "address", label: "Address", input: .text()),
                    FormField(name: "city", label: "City", input: .text()),
                ]
            },
            summary: { _, supplier in (supplier.name, [supplier.city, supplier.email].filter { !$0.isEmpty }.joined(separator: " · ")) },
            id: \.id,
            origin: \.origin,
            attach: { store, supplier, orderID in
                guard var order = try store.order(id: orderID) else { return }
                order.supplierID = supplier.id
                try store.update(order)
            }
        )
    }
}
