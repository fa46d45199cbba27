/// How one kind of field value is read from and written to a record field (API-NOTES §5:
/// every value is a string; the model's types are parsed here, carefully).
struct FieldCodec<Value: Sendable & Hashable>: Sendable {
    enum Decoded {
        case value(Value)
        /// Empty, or the webservice's "none" (`0000-00-00 00:00:00`).
        case none
        case invalid
    }

    /// For error messages: "a whole number", "0 or 1".
    let expected: String
    let decode: @Sendable (WebserviceField.Value) -> Decoded
    let encode: @Sendable (Value) -> WebserviceField.Value

    /// A codec over a scalar field's text, where an empty text means none.
    static func scalar(_ expected: String, parse: @escaping @Sendable (String) -> Value?, write: @escaping @Sendable (Value) -> String) -> FieldCodec {
        FieldCodec(
            expected: expected,
            decode: { value in
                guard case .text(let text) = value else { return .invalid }
                if text.isEmpty { return .none }
                return parse(text).map(Decoded.value) ?? .invalid
            },
            encode: { .text(write($0)) })
    }
}

extension FieldCodec where Value == String {
    /// Text as sent; an empty element is the empty string (the field is there, and empty).
    static let text = FieldCodec(
        expected: "text",
        decode: { value in
            guard case .text(let text) = value else { return .invalid }
            return .value(text)
        },
        encode: { .text($0) })
}

extension FieldCodec where Value == Int {
    /// A whole number (ids, quantities, positions).
    static let int = scalar("a whole number", parse: { Int($0) }, write: { String($0) })
}

extension FieldCodec where Value == Bool {
    /// The webservice's booleans are `0` and `1`.
    static let bool = scalar("0 or 1", parse: { $0 == "1" ? true : $0 == "0" ? false : nil }, write: { $0 ? "1" : "0" })
}

extension FieldCodec where Value == ShopDecimal {
    static let decimal = scalar("a decimal number with at most 6 places", parse: { ShopDecimal($0) }, write: { $0.webserviceText })
}

extension FieldCodec where Value == ShopDateTime {
    /// `YYYY-MM-DD HH:MM:SS`; `0000-00-00 00:00:00` is none.
    static let dateTime = FieldCodec(
        expected: "a date YYYY-MM-DD HH:MM:SS",
        decode: { value in
            guard case .text(let text) = value else { return .invalid }
            if text.isEmpty || text == "0000-00-00 00:00:00" || text == "0000-00-00" { return .none }
            return ShopDateTime(text).map(Decoded.value) ?? .invalid
        },
        encode: { .text($0.description) })
}

extension FieldCodec where Value == ShopDate {
    /// `YYYY-MM-DD`; `0000-00-00` is none.
    static let date = FieldCodec(
        expected: "a date YYYY-MM-DD",
        decode: { value in
            guard case .text(let text) = value else { return .invalid }
            if text.isEmpty || text == "0000-00-00" { return .none }
            return ShopDate(text).map(Decoded.value) ?? .invalid
        },
        encode: { .text($0.description) })
}

extension FieldCodec where Value == LocalizedText {
    /// An i18n field; JSON's plain string (one language returned) is the unspecified language.
    static let localized = FieldCodec(
        expected: "texts by language",
        decode: { value in
            switch value {
            case .languages(let languages):
                var texts: [Int: String] = [:]
                for language in languages { texts[language.languageID] = language.text }
                return .value(LocalizedText(texts))
            case .text(let text):
                return .value(LocalizedText([LocalizedText.unspecifiedLanguage: text]))
            case .nested:
                return .invalid
            }
        },
        encode: { text in
            .languages(text.languageIDs.map { LanguageValue(languageID: $0, text: text.texts[$0] ?? "") })
        })
}
