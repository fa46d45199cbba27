import Amounts
import Foundation
import OrderCompany
import OrderKit
import WebCore

extension MasterDataScreen where Record == Product {
    // Computed: a generic type cannot have a stored static property.
    /// The product: code required, one supplier's; description, price (decimal text,
    /// "49,90" or "49.90"), minimum quantity.
    static var products: MasterDataScreen<Product> {
        MasterDataScreen(
            kind: .product, path: "products", title: "Products",
            list: { try $0.products() },
            fetch: { try $0.product(id: $1) },
            store: { try $0.save($1) },
            draft: { fields, id in
                let supplierID = try FormRead.id(fields, "supplierID", label: "supplier") ?? 0
                return Product(
                    id: id, code: FormRead.text(fields, "code"), supplierID: supplierID, description: FormRead.text(fields, "description"),
                    price: try MasterDataInput.price(fields["price"] ?? ""),
                    minimumQuantity: try MasterDataInput.minimumQuantity(fields["minimumQuantity"] ?? "")
                )
            },
            values: { product in
                [
                    "supplierID": product.supplierID.map { .number($0) } ?? .text(""), "code": .text(product.code), "description": .text(product.description),
                    // "1234.50": `italianNumber` groups thousands ("1.234,50"), which a price never
                    // takes back (a point there would be the decimal separator).
                    "price": .text(product.price.plainText), "minimumQuantity": .number(Int64(product.minimumQuantity)),
                ]
            },
            form: { store, _ in
                [
                    FormField(name: "supplierID", label: "Supplier", input: .select(
                        [FormField.Option(value: "", label: "—")] + (try store.suppliers()).map { FormField.Option(value: String($0.id ?? 0), label: $0.name) }
                    ), required: true),
                    FormField(name: "code", label: "Code", input: .text(), required: true),
                    FormField(name: "description", label: "Description", input: .text()),
                    FormField(name: "price", label: "Price (€)", input: .text(inputMode: "decimal"), required: true, hint: "such as 49,90 or 49.90"),
                    FormField(name: "minimumQuantity", label: "Minimum quantity", input: .text(type: "number", inputMode: "numeric"), hint: "1 or more"),
                ]
            },
            summary: { store, product in
                let supplier = try product.supplierID.map { try store.supplier(id: $0)?.name ?? "—" } ?? "any of the company's suppliers"
                let title = product.description.isEmpty ? product.code : "\(product.code) — \(product.description)"
                return (title, "\(product.price.formattedItalian) · min. \(product.minimumQuantity) · \(supplier)")
            },
            id: \.id,
            origin: \.origin
        )
    }
}
