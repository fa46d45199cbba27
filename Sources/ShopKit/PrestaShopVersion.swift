import Foundation

/// A PrestaShop version as the webservice's `PSWS-Version` header gives it (`1.6.1.9`), and what
/// the webservice can do at that version (API-NOTES §13). ShopKit chooses features by version
/// instead of refusing every shop but one, as the thesis's framework did with 1.5.
public struct PrestaShopVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let components: [Int]

    /// nil unless `text` is dot-separated numbers (`1.6.1.9`, `8.2.1`, `9.0.0`).
    public init?(_ text: String) {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ".", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.count <= 5 else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.allSatisfy(\.isASCII), let number = Int(part), number >= 0 else { return nil }
            numbers.append(number)
        }
        components = numbers
    }

    public var description: String { components.map(String.init).joined(separator: ".") }

    public static func < (lhs: PrestaShopVersion, rhs: PrestaShopVersion) -> Bool {
        for index in 0..<max(lhs.components.count, rhs.components.count) {
            let left = index < lhs.components.count ? lhs.components[index] : 0
            let right = index < rhs.components.count ? rhs.components[index] : 0
            if left != right { return left < right }
        }
        return false
    }

    public static func == (lhs: PrestaShopVersion, rhs: PrestaShopVersion) -> Bool {
        !(lhs < rhs) && !(rhs < lhs)
    }

    public func hash(into hasher: inout Hasher) {
        var trimmed = components
        while trimmed.last == 0 { trimmed.removeLast() }
        hasher.combine(trimmed)
    }

    private static func v(_ text: String) -> PrestaShopVersion { PrestaShopVersion(text)! }

    /// `output_format=JSON` (1.6.0.9 and later).
    public var hasJSONOutput: Bool { self >= Self.v("1.6.0.9") }
    /// The PATCH method and permission (8.0 and later).
    public var hasPatch: Bool { self >= Self.v("8.0") }
    /// `Local-Content-Sha1` answered with 304 (working from 8.0).
    public var hasConditionalGet: Bool { self >= Self.v("8.0") }
    /// Customer passwords as bcrypt (1.7 and later; older hashes may remain until a login).
    public var hashesPasswordsWithBcrypt: Bool { self >= Self.v("1.7") }
    /// Cart rows carry `id_customization` (1.7 and later).
    public var cartRowsHaveCustomization: Bool { self >= Self.v("1.7") }
    /// The order's cart rules resource: `order_discounts` before 1.7, `order_cart_rules` after.
    public var orderCartRulesResource: String { self >= Self.v("1.7") ? "order_cart_rules" : "order_discounts" }
    /// 1.5's API root says `shop_name`, later ones `shopName`.
    public var rootShopNameAttribute: String { self >= Self.v("1.6") ? "shopName" : "shop_name" }
    /// Customers' `secure_key` and `last_passwd_gen` are read-only (9.0 and later; writing them is error 93).
    public var customerSecureKeyIsReadOnly: Bool { self >= Self.v("9.0") }
}
