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
    ///   GS1-128 with the AIs in parentheses), and `humanReadable` is empty so that renderers
    ///   centre it.
    /// - Throws: `BarcodeError.invalidCharacter` with the character's 1-based position for
    ///   anything outside ISO 8859-1 (or, with `gs1`, outside the GS1 syntax and character set);
    ///   `wrongLength` for empty input or a GS1 field of the wrong predefined length.
    public static func encode(_ text: String, gs1: Bool = false) throws(BarcodeError) -> LinearSymbol {
        let values = try symbolValues(for: text, gs1: gs1) + [Code128Patterns.stop]
        let modules = values.flatMap(Code128Patterns.modules(for:))
        let humanText = gs1 ? try GS1ElementString(parsing: text).text : text
        // ISO/IEC 15417 §4.6 places the human-readable line anywhere near the symbol, one
        // character per data character only by coincidence, so no per-character centres are
        // given: renderers centre `text` under the bars.
        return LinearSymbol(
            format: .code128, modules: modules, quietZone: (left: quietZone, right: quietZone), text: humanText)
    }

    /// The symbol values from the start character to the check character (the stop, 106,
    /// is not included).
    ///
    /// With `gs1`, `text` must be `(AI)data` fields: parentheses rather than a separator
    /// character, because that is what the human-readable line shows. Fields whose AI has a
    /// predefined length (such as 00–04, 11–20, 31xx–36xx, 41) must have that length.
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
}
