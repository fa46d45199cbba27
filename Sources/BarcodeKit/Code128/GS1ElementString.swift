/// GS1-128 data written the way it is printed under the symbol: each application identifier
/// (AI) in parentheses followed by its data, e.g. `(01)09501101530003(17)260101`.
///
/// Parentheses were chosen over a separator character because they are what the human-readable
/// line shows (GS1 General Specifications §4.15), so the input doubles as the symbol's text.
/// The price is that `(` and `)` are refused inside data, although CSET 82 allows them.
///
/// The symbol begins with FNC1 (ISO/IEC 15417 §4.3.4.1, GS1 §5.4.3.1). A field whose AI
/// does not have a predefined length (the predefined-length table of GS1 General Specifications §7.8) is ended with FNC1 unless it
/// is the last field, so that a reader knows where the next AI starts.
struct GS1ElementString: Sendable, Hashable {
    struct Field: Sendable, Hashable {
        var applicationIdentifier: String
        var data: String
    }

    var fields: [Field]

    /// Total length (AI digits plus data) of element strings whose length is predefined,
    /// keyed by the first two AI digits (GS1 General Specifications §7.8).
    static let predefinedLengths: [String: Int] = [
        "00": 20, "01": 16, "02": 16, "03": 16, "04": 18,
        "11": 8, "12": 8, "13": 8, "14": 8, "15": 8, "16": 8, "17": 8, "18": 8, "19": 8,
        "20": 4,
        "31": 10, "32": 10, "33": 10, "34": 10, "35": 10, "36": 10,
        "41": 16,
    ]

    /// CSET 82 punctuation allowed in GS1 data besides letters and digits (GS1 §7.11,
    /// Figure 7.11-1); `(` and `)` are excluded here because they delimit the AIs.
    private static let punctuation = Set("!\"%&'*+,-./:;<=>?_".utf8)

    private static let syntaxHint = "GS1-128 data must be written as (AI)data…, e.g. \"(01)09501101530003(17)260101\""

    /// Parses `text`, reporting the first character that breaks the `(AI)data` syntax.
    init(parsing text: String) throws(BarcodeError) {
        let characters = Array(text)
        var fields: [Field] = []
        var index = 0
        guard !characters.isEmpty else { throw .unsupported(Self.syntaxHint) }
        while index < characters.count {
            guard characters[index] == "(" else {
                throw .invalidCharacter(
                    characters[index], position: index + 1, format: .code128,
                    allowed: "\"(\" opening an application identifier here; \(Self.syntaxHint)")
            }
            index += 1
            var identifier = ""
            while index < characters.count, characters[index] != ")" {
                guard characters[index].isASCII, characters[index].isNumber else {
                    throw .invalidCharacter(
                        characters[index], position: index + 1, format: .code128,
                        allowed: "digits inside the parentheses of an application identifier")
                }
                identifier.append(characters[index])
                index += 1
            }
            guard index < characters.count, (2...4).contains(identifier.count) else {
                throw .unsupported(
                    "application identifier \"(\(identifier)\" must be 2 to 4 digits closed by \")\"; \(Self.syntaxHint)")
            }
            index += 1
            var data = ""
            while index < characters.count, characters[index] != "(" {
                let character = characters[index]
                guard Self.isCSET82(character) else {
                    throw .invalidCharacter(
                        character, position: index + 1, format: .code128,
                        allowed: "GS1 data characters: A–Z, a–z, 0–9 and !\"%&'*+,-./:;<=>?_")
                }
                data.append(character)
                index += 1
            }
            guard !data.isEmpty else {
                throw .wrongLength(0, format: .code128, expected: "data after application identifier (\(identifier))")
            }
            if let total = Self.predefinedLengths[String(identifier.prefix(2))], identifier.count + data.count != total {
                throw .wrongLength(
                    data.count, format: .code128,
                    expected: "\(total - identifier.count) data characters after application identifier (\(identifier))")
            }
            fields.append(Field(applicationIdentifier: identifier, data: data))
        }
        let dataCharacters = fields.reduce(0) { $0 + $1.applicationIdentifier.count + $1.data.count }
        guard dataCharacters <= Self.maximumDataCharacters else {
            throw .tooLong(
                bytes: dataCharacters, format: .code128,
                limit: "a GS1-128 symbol carries at most \(Self.maximumDataCharacters) characters of AIs and data (GS1 General Specifications §5.4.1); split them over two symbols")
        }
        self.fields = fields
    }

    /// GS1 General Specifications §5.4.1: at most 48 data characters per GS1-128 symbol
    /// (application identifiers included, FNC1 separators not), so scanners can rely on it.
    static let maximumDataCharacters = 48

    /// The elements to encode: FNC1, then each field, with FNC1 after variable-length fields
    /// that are followed by another.
    var elements: [Code128Element] {
        var elements: [Code128Element] = [.fnc1]
        for (index, field) in fields.enumerated() {
            elements += (field.applicationIdentifier + field.data).utf8.map { .byte($0) }
            let isLast = index == fields.count - 1
            if !isLast, Self.predefinedLengths[String(field.applicationIdentifier.prefix(2))] == nil {
                elements.append(.fnc1)
            }
        }
        return elements
    }

    /// The human-readable interpretation: AIs in parentheses (GS1 §4.15).
    var text: String {
        fields.map { "(\($0.applicationIdentifier))\($0.data)" }.joined()
    }

    private static func isCSET82(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return false }
        switch ascii {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return punctuation.contains(ascii)
        }
    }
}
