import Foundation
import OrderCompany
import OrderKit
import WebCore

extension MasterDataScreen where Record == Customer {
    // Computed: a generic type cannot have a stored static property.
    /// The customer: company name required; contact, VAT number, tax code, IBAN,
    /// phones, e-mail, address, city, province, postcode, notes.
    static var customers: MasterDataScreen<Customer> {
        MasterDataScreen(
            kind: .customer, path: "customers", title: "Customers",
            list: { try $0.customers() },
            fetch: { try $0.customer(id: $1) },
            store: { try $0.save($1) },
            draft: { fields, id in
                let text = { FormRead.text(fields, $0) }
                return Customer(
                    id: id, companyName: text("companyName"), contact: text("contact"), vatNumber: text("vatNumber"), taxCode: text("taxCode"),
                    iban: text("iban"), phone: text("phone"), mobile: text("mobile"), fax: text("fax"), email: text("email"),
                    address: text("address"), city: text("city"), province: text("province"), postcode: text("postcode"), notes: text("notes")
                )
            },
            values: { customer in
                [
                    "companyName": .text(customer.companyName), "contact": .text(customer.contact), "vatNumber": .text(customer.vatNumber),
                    "taxCode": .text(customer.taxCode), "iban": .text(customer.iban), "phone": .text(customer.phone), "mobile": .text(customer.mobile),
                    "fax": .text(customer.fax), "email": .text(customer.email), "address": .text(customer.address), "city": .text(customer.city),
                    "province": .text(customer.province), "postcode": .text(customer.postcode), "notes": .text(customer.notes),
                ]
            },
            form: { _, _ in
                [
                    FormField(name: "companyName", label: "Company name", input: .text(), required: true),
                    FormField(name: "contact", label: "Contact", input: .text()),
                    FormField(name: "vatNumber", label: "VAT number", input: .text(inputMode: "numeric")),
                    FormField(name: "taxCode", label: "Tax code", input: .text()),
                    FormField(name: "iban", label: "IBAN", input: .text()),
                    FormField(name: "phone", label: "Phone", input: .text(type: "tel")),
                    FormField(name: "mobile", label: "Mobile", input: .text(type: "tel")),
                    FormField(name: "fax", label: "Fax", input: .text(type: "tel")),
                    FormField(name: "email", label: "E-mail", input: .text(type: "email")),
                    FormField(name: "address", label: "Address", input: .text()),
                    FormField(name: "city", label: "City", input: .text()),
                    FormField(name: "province", label: "Province", input: .text(), hint: "two letters, such as FC"),
                    FormField(name: "postcode", label: "Postcode", input: .text(inputMode: "numeric")),
                    FormField(name: "notes", label: "Notes", input: .area),
                ]
            },
            summary: { _, customer in (customer.companyName, [customer.city, customer.email].filter { !$0.isEmpty }.joined(separator: " · ")) },
            id: \.id,
            origin: \.origin,
            attach: { store, customer, orderID in
                guard var order = try store.order(id: orderID) else { return }
                order.customerID = customer.id
                try store.update(order)
            }
        )
    }
}
