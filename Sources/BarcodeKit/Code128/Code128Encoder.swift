/// Encodes text as a Code 128 symbol (ISO/IEC 15417:2007), or as GS1-128 when asked.
///
/// The code sets are chosen by ``Code128CodeSetPlanner`` for the fewest symbol characters;
/// the symbol is start character, data, check character and stop pattern, with a quiet zone
/// of 10 modules each side (§4.4.3).
public enum Code128Encoder {
    /// The quiet zone each side, in modules (ISO/IEC 15417 §4.4.3: at least 10X).
    public static let quietZone = 10

    /// The symbol for `text`.
    ///
    /// - Parameters:
    ///   - text: Any ISO 8859-1 text; characters above U+007F are carried with FNC4. With
    ///     `gs1`, application identifiers in parentheses and their data, e.g.
    ///     `(01)09501101530003(17)260101` (see ``symbolValues(for:gs1:)``).
    ///   - gs1: Encode as GS1-128: FNC1 after the start character and FNC1 after each
    ///     variable-length field that is not the last.
    /// - Returns: The modules without quiet zones; `text` is the human-readable line (for
    ///   GS1-128 with the AIs in parentheses), spread evenly under the data characters.
    /// - Throws: `BarcodeError.invalidCharacter` with the character's 1-based position for
    ///   anything outside ISO 8859-1 (or, with `gs1`, outside the GS1 syntax and character set);
    ///   `wrongLength` for empty input or a GS1 field of the wrong predefined length.
    public static func encode(_ text: String, gs1: Bool = false) throws(BarcodeError) -> LinearSymbol {
        let values = try symbolValues(for: text, gs1: gs1) + [Code128Patterns.stop]
        let modules = values.flatMap(Code128Patterns.modules(for:))
        let humanText = gs1 ? try GS1ElementString(parsing: text).text : text
        return LinearSymbol(
            format: .code128, modules: modules, quietZone: (left: quietZone, right: quietZone), text: humanText,
            humanReadable: layOut(humanText, symbolCount: values.count - 1))
    }

    /// The symbol values from the start character to the check character (the stop, 106,
    /// is not included).
    ///
    /// With `gs1`, `text` must be `(AI)data` fields: parentheses rather than a separator
    /// character, because that is what the human-readable line shows. Fields whose AI has a
    /// predefined length (such as 01, 11–17, 20, 31xx–36xx) must have that length.
    public static func symbolValues(for text: String, gs1: Bool = false) throws(BarcodeError) -> [Int] {
        let elements = gs1 ? try GS1ElementString(parsing: text).elements : try Code128Element.bytes(of: text)
        guard !elements.isEmpty else {
            throw .wrongLength(0, format: .code128, expected: "at least one character to encode")
        }
        guard let values = Code128CodeSetPlanner.values(for: elements) else {
            // Unreachable: every ISO 8859-1 byte and FNC1 has a set that carries it.
            throw .unsupported("Code 128 found no code set sequence for \"\(text)\"")
        }
        return values + [checkValue(for: values)]
    }

    /// The symbol check character (§4.4.5): the start value plus each following value times
    /// its position (1, 2, …), modulo 103.
    public static func checkValue(for values: [Int]) -> Int {
        values.enumerated().reduce(0) { sum, entry in sum + entry.element * max(entry.offset, 1) } % 103
    }

    /// Centres of the human-readable characters, evenly over the data characters (between the
    /// start and check characters): ISO/IEC 15417 §4.6 leaves the layout to the application.
    private static func layOut(_ text: String, symbolCount: Int) -> [(character: Character, centre: Double)] {
        let dataStart = Double(Code128Patterns.symbolModules)
        let dataWidth = Double((symbolCount - 2) * Code128Patterns.symbolModules)
        let characters = Array(text)
        return characters.enumerated().map { index, character in
            (character, dataStart + dataWidth * (Double(index) + 0.5) / Double(characters.count))
        }
    }
}
