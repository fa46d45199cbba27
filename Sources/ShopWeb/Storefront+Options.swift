import ShopKit
import WebCore

/// One picker per attribute group (Size, Color) instead of one list of whole combinations:
/// the values each group offers among the product's combinations, and the combination a set of
/// chosen values names.
extension Storefront {
    static func pickers(_ detail: ProductDetail, chosen: Combination?, _ settings: ShopSettingsCache.Settings) -> [AttributePicker] {
        let language = [settings.languageID]
        let offered = Set(detail.combinations.flatMap { $0.optionValueIDs ?? [] })
        let chosenValues = Set(chosen?.optionValueIDs ?? [])
        return detail.options.sorted { ($0.position ?? 0, $0.id ?? 0) < ($1.position ?? 0, $1.id ?? 0) }.compactMap { option in
            let values = detail.optionValues
                .filter { $0.attributeGroupID == option.id && offered.contains($0.id ?? 0) }
                .sorted { ($0.position ?? 0, $0.id ?? 0) < ($1.position ?? 0, $1.id ?? 0) }
            guard let id = option.id, !values.isEmpty else { return nil }
            return AttributePicker(
                groupID: id, name: option.publicName?.best(preferring: language) ?? option.name?.best(preferring: language) ?? "Option \(id)",
                field: "attribute_\(id)",
                values: values.map { CountryChoice(id: $0.id ?? 0, name: $0.name?.best(preferring: language) ?? "\($0.id ?? 0)", selected: chosenValues.contains($0.id ?? 0)) })
        }
    }

    /// The combination with exactly these values (group id → value id), or nil.
    static func combination(for selection: [Int: Int], in detail: ProductDetail) -> Combination? {
        let wanted = Set(selection.values)
        return detail.combinations.first { Set($0.optionValueIDs ?? []) == wanted }
            ?? detail.combinations.first { wanted.isSubset(of: Set($0.optionValueIDs ?? [])) }
    }

    /// The combination id the pickers name on the product page.
    func combinationID(product id: Int, selection: [Int: Int]) async throws -> Int {
        let detail = try await run { try await catalogue.productDetail(id: id) }
        guard let found = Self.combination(for: selection, in: detail), let combinationID = found.id else {
            throw ShopFailure.input("combination", "Product \(id) is not sold with these options together; choose another one.")
        }
        return combinationID
    }
}

struct AttributePicker: Encodable, Sendable {
    let groupID: Int
    let name: String
    /// The form field: `attribute_<group>`.
    let field: String
    let values: [CountryChoice]
}
