import Foundation

/// Why a sync was refused, naming the command (0-based `index` into the commands, written
/// 1-based in the message). Nothing of the sync was applied.
public struct SyncApplyError: Error, Sendable, Equatable, LocalizedError {
    public var index: Int
    public var count: Int
    public var reason: Reason

    public enum Reason: Sendable, Equatable {
        /// A product or discount names a supplier the company never synced (or deleted).
        case unknownSupplier(remoteID: String)
        /// A product this device does not have, sent without a supplier (the thesis's product
        /// line has none, and no `listino` line came with it).
        case productWithoutSupplier(remoteID: String)
        case unknownCustomer(remoteID: String)
        case unknownProduct(remoteID: String)
        /// A discount names a product of another supplier than its own.
        case productOfAnotherSupplier(productRemoteID: String, supplierRemoteID: String)
        /// Another of the company's products of the same supplier has this code.
        case duplicateProductCode(String)
        case emptyIdentifier
        /// The record itself is not valid (a required field, a minimum quantity, discount levels).
        case invalidRecord(AgentStoreError)
    }

    public init(index: Int, count: Int, reason: Reason) {
        self.index = index
        self.count = count
        self.reason = reason
    }

    /// The short, stable reason the API and the CLI report.
    public var code: String {
        switch reason {
        case .unknownSupplier: "sync unknown supplier"
        case .productWithoutSupplier: "sync product without supplier"
        case .unknownCustomer: "sync unknown customer"
        case .unknownProduct: "sync unknown product"
        case .productOfAnotherSupplier: "sync product of another supplier"
        case .duplicateProductCode: "sync duplicate product code"
        case .emptyIdentifier: "sync empty identifier"
        case .invalidRecord(let error): "sync " + error.code
        }
    }

    public var errorDescription: String? {
        let what: String = switch reason {
        case .unknownSupplier(let remote): "it names supplier \(remote), which the company has not sent"
        case .productWithoutSupplier(let remote):
            "product \(remote) is new on this device and its line names no supplier (no listino line came with it)"
        case .unknownCustomer(let remote): "it names customer \(remote), which the company has not sent"
        case .unknownProduct(let remote): "it names product \(remote), which the company has not sent"
        case .productOfAnotherSupplier(let product, let supplier): "product \(product) is not in supplier \(supplier)'s price list"
        case .duplicateProductCode(let code): "another product of the same supplier has the code \(code)"
        case .emptyIdentifier: "its company code or record id is empty"
        case .invalidRecord(let error): error.errorDescription ?? error.code
        }
        return "the sync was not applied (nothing changed): command \(index + 1) of \(count): \(what); sync again, and tell the company if it persists"
    }
}
