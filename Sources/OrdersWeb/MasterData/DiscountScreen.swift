import Foundation
import OrderCompany
import OrderKit
import WebCore

extension MasterDataScreen where Record == Discount {
    // Computed: a generic type cannot have a stored static property.
    /// The issue's discount: supplier + customer + optional product (none: the supplier's whole
    /// price list), up to three cascaded levels such as 10+5+2.
    static var discounts: MasterDataScreen<Discount> {
        MasterDataScreen(
            kind: .discount, path: "discounts", title: "Discounts",
            list: { try $0.discounts() },
            fetch: { try $0.discount(id: $1) },
            store: { try $0.save($1) },
            draft: { fields, id in
                Discount(
                    id: id, supplierID: try FormRead.id(fields, "supplierID", label: "supplier") ?? 0,
                    customerID: try FormRead.id(fields, "customerID", label: "customer") ?? 0,
                    productID: try FormRead.id(fields, "productID", label: "product", required: false),
                    levels: try MasterDataInput.discountLevels(fields["levels"] ?? "")
                )
            },
            values: { discount in
                [
                    "supplierID": .number(discount.supplierID), "customerID": .number(discount.customerID),
                    "productID": discount.productID.map { .number($0) } ?? .none, "levels": .text(DiscountCascade.text(discount.levels)),
                ]
            },
            form: { store, shown in
                let suppliers = try store.suppliers()
                let names = Dictionary(suppliers.compactMap { supplier in supplier.id.map { ($0, supplier.name) } }) { first, _ in first }
                // The first hundred customers and products and the chosen ones: with 20,000
                // customers and 2,000 products the form was a page of over 1 MB (issue 44).
                let customers = try FirstAndChosen.records(
                    store.customers(limit: FirstAndChosen.limit), chosen: shown["customerID"].flatMap { Int64($0) }, id: \.id, lookUp: store.customer(id:))
                let products = try FirstAndChosen.records(
                    store.products(limit: FirstAndChosen.limit), chosen: shown["productID"].flatMap { Int64($0) }, id: \.id, lookUp: store.product(id:))
                let (customerCount, productCount) = (try store.customerCount(), try store.productCount())
                return [
                    FormField(name: "supplierID", label: "Supplier", input: .select(
                        [FormField.Option(value: "", label: "—")] + suppliers.map { FormField.Option(value: String($0.id ?? 0), label: $0.name) }
                    ), required: true),
                    FormField(name: "customerID", label: "Customer", input: .select(
                        [FormField.Option(value: "", label: "—")] + customers.map { FormField.Option(value: String($0.id ?? 0), label: $0.companyName) }
                    ), required: true, hint: FirstAndChosen.hint(customerCount, "customers"), suggest: customerCount > FirstAndChosen.limit ? "customer" : nil),
                    FormField(name: "productID", label: "Product", input: .select(
                        [FormField.Option(value: "", label: "The supplier's whole price list")] + products.map {
                            FormField.Option(value: String($0.id ?? 0), label: "\($0.code) — \($0.supplierID.flatMap { names[$0] } ?? "the company's")")
                        }
                    ), hint: ["a product discount overrides the whole-list one", FirstAndChosen.hint(productCount, "products")].compactMap { $0 }.joined(separator: "; "),
                    suggest: productCount > FirstAndChosen.limit ? "product" : nil),
                    FormField(name: "levels", label: "Discount (%)", input: .text(inputMode: "decimal"), required: true,
                              hint: "up to three cascaded levels, such as 10 or 10+5+2"),
                ]
            },
            summary: { store, discount in
                let customer = try store.customer(id: discount.customerID)?.companyName ?? "—"
                let supplier = try store.supplier(id: discount.supplierID)?.name ?? "—"
                let product = try discount.productID.flatMap { try store.product(id: $0)?.code } ?? "whole price list"
                return ("\(customer) · \(supplier)", "\(DiscountCascade.text(discount.levels)) % · \(product)")
            },
            id: \.id,
            origin: \.origin
        )
    }
}
