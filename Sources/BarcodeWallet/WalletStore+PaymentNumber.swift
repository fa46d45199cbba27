import GRDB

/// The payment SMS's recipient (issue 39: it was always blank): the profile's number, else the
/// number the wallet's operator set, else none, and then no SMS can be sent.
extension WalletStore {
    static let operatorPaymentNumberSetting = "operator_payment_number"

    /// The number the wallet's operator set for profiles without their own; `""` when none.
    public func operatorPaymentNumber() -> String {
        (try? reading { db in
            try String.fetchOne(db, sql: "SELECT value FROM barcode_setting WHERE name = ?", arguments: [Self.operatorPaymentNumberSetting])
        }) ?? ""
    }

    /// Sets (or, with a blank `number`, clears) the operator's number; returns it as stored.
    @discardableResult
    public func setOperatorPaymentNumber(_ number: String) throws(WalletError) -> String {
        let stored = try PaymentNumber.normalized(number, field: "operator's payment SMS number")
        try writing { db in
            if stored.isEmpty {
                try db.execute(sql: "DELETE FROM barcode_setting WHERE name = ?", arguments: [Self.operatorPaymentNumberSetting])
            } else {
                try db.execute(
                    sql: "INSERT INTO barcode_setting (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value",
                    arguments: [Self.operatorPaymentNumberSetting, stored])
            }
        }
        return stored
    }

    /// Where `user`'s payment SMS goes; nil when neither the profile nor the operator gave a number.
    public func paymentRecipient(for user: WalletUser) -> PaymentRecipient? {
        if !user.paymentNumber.isEmpty { return PaymentRecipient(number: user.paymentNumber, source: .profile) }
        let number = operatorPaymentNumber()
        return number.isEmpty ? nil : PaymentRecipient(number: number, source: .operator)
    }
}
