import Foundation
import OrderCompany
import OrderKit
import Testing

/// Which discount applies: the product's own overrides the supplier-wide one, for that customer only.
@Suite struct DiscountResolutionTests {
    let wholeList = Discount(id: 1, supplierID: 10, customerID: 20, productID: nil, levels: [10])
    let forProduct = Discount(id: 2, supplierID: 10, customerID: 20, productID: 30, levels: [15, 5])
    let otherCustomer = Discount(id: 3, supplierID: 10, customerID: 21, productID: 30, levels: [50])
    let otherSupplier = Discount(id: 4, supplierID: 11, customerID: 20, productID: nil, levels: [40])

    var all: [Discount] { [wholeList, forProduct, otherCustomer, otherSupplier] }

    @Test func productDiscountOverridesTheSupplierWideOne() {
        #expect(DiscountResolution.applicable(in: all, supplierID: 10, customerID: 20, productID: 30) == forProduct)
        // Order of the candidates does not matter.
        #expect(DiscountResolution.applicable(in: all.reversed(), supplierID: 10, customerID: 20, productID: 30) == forProduct)
    }

    @Test func supplierWideDiscountCoversTheOtherProducts() {
        #expect(DiscountResolution.applicable(in: all, supplierID: 10, customerID: 20, productID: 31) == wholeList)
        #expect(DiscountResolution.applicable(in: all, supplierID: 10, customerID: 20, productID: nil) == wholeList)
    }

    @Test func otherCustomersAndSuppliersDiscountsNeverApply() {
        #expect(DiscountResolution.applicable(in: all, supplierID: 10, customerID: 22, productID: 30) == nil)
        #expect(DiscountResolution.applicable(in: [otherCustomer, otherSupplier], supplierID: 10, customerID: 20, productID: 30) == nil)
        #expect(DiscountResolution.applicable(in: [Discount](), supplierID: 10, customerID: 20, productID: 30) == nil)
    }

    @Test func theCompanysDiscountWinsOverTheAgentsForTheSameProduct() {
        let synced = Discount(id: 5, supplierID: 10, customerID: 20, productID: 30, levels: [20],
                              origin: .synced(company: "ACME", remoteID: "s1"))
        let newerLocal = Discount(id: 6, supplierID: 10, customerID: 20, productID: 30, levels: [25])
        #expect(DiscountResolution.applicable(in: [newerLocal, synced, wholeList], supplierID: 10, customerID: 20, productID: 30) == synced)
        // A synced whole-list discount does not beat a local product one: specificity first.
        let syncedWhole = Discount(id: 7, supplierID: 10, customerID: 20, levels: [30], origin: .synced(company: "ACME", remoteID: "s2"))
        #expect(DiscountResolution.applicable(in: [syncedWhole, newerLocal], supplierID: 10, customerID: 20, productID: 30) == newerLocal)
    }
}
