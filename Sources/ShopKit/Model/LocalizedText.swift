/// A multilingual text: one text per language id, as an i18n field carries it (API-NOTES §6).
public struct LocalizedText: Sendable, Hashable, Encodable {
    /// Language id 0: the JSON output's plain string, sent when one language was asked for
    /// (or the shop has one) without saying which.
    public static let unspecifiedLanguage = 0

    /// The texts by language id.
    public var texts: [Int: String]

    public init(_ texts: [Int: String] = [:]) {
        self.texts = texts
    }

    public subscript(languageID: Int) -> String? {
        get { texts[languageID] }
        set { texts[languageID] = newValue }
    }

    /// The text to show: the first preferred language that has a non-empty text, else the
    /// unspecified language, else the lowest language id with a non-empty text, else "".
    /// A shop need not translate every field, and an empty translation is no translation.
    public func best(preferring languageIDs: [Int] = []) -> String {
        for id in languageIDs + [Self.unspecifiedLanguage] {
            if let text = texts[id], !text.isEmpty { return text }
        }
        return texts.sorted { $0.key < $1.key }.first { !$0.value.isEmpty }?.value ?? ""
    }

    /// Language ids in ascending order, as the writer sends them.
    public var languageIDs: [Int] { texts.keys.sorted() }

    /// Encoded as an object keyed by language id: `{"1":"Faded Short Sleeves T-shirt"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: LanguageKey.self)
        for id in languageIDs {
            try container.encode(texts[id], forKey: LanguageKey(intValue: id))
        }
    }

    private struct LanguageKey: CodingKey {
        let intValue: Int?
        let stringValue: String
        init(intValue: Int) { self.intValue = intValue; stringValue = String(intValue) }
        init?(stringValue: String) { intValue = Int(stringValue); self.stringValue = stringValue }
    }
}
