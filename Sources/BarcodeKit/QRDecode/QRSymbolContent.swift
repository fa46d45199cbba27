/// What one QR Code symbol holds, with the facts a reader reports about it.
public struct QRSymbolContent: Sendable, Hashable {
    /// The data as text: byte segments interpreted by their ECI or, without one, by
    /// `QRByteTextGuess`; kanji segments from Shift JIS; FNC1 separators as GS (0x1D).
    public let text: String
    /// The segments' data bytes in order (digits and alphanumeric characters as ASCII, kanji
    /// as Shift JIS pairs, `%` under FNC1 already turned into GS), before any character-set
    /// interpretation; ECI, FNC1 and structured-append headers are not included.
    public let rawBytes: [UInt8]
    /// 1…40 (Model 1: 1…14).
    public let version: Int
    public let errorCorrection: QRErrorCorrection
    /// The data mask pattern 0…7 (Table 10).
    public let mask: Int
    /// Set when the symbol is one of a structured-append sequence (§8).
    public let structuredAppend: DecodedBarcode.StructuredAppend?
    /// The AIM symbology identifier of `text` (ISO/IEC 18004:2015 §6.7 and Annex F): "]Q0"
    /// Model 1, "]Q1" Model 2, "]Q3" FNC1 in first position (GS1), "]Q5" FNC1 in second
    /// position. The even modifiers ("]Q2", "]Q4", "]Q6") announce a transmission in the ECI
    /// protocol, with "\nnnnnn" escape sequences in the data; `text` is already decoded
    /// Unicode with no escapes, so they are not used — `hasECI` says whether the symbol
    /// declared a character set (zxing-cpp reports plain text the same way).
    public let symbologyIdentifier: String
    /// The symbol holds at least one ECI designator (§7.4.2).
    public let hasECI: Bool
    /// The symbol was read transposed (printed mirror-inverted or seen from behind).
    public let isMirrored: Bool
    /// Codewords the Reed–Solomon decoder changed, over all blocks.
    public let correctedErrors: Int
    /// True for a QR Code Model 1 symbol (the original model of AIM ITS/97-001).
    public let isModel1: Bool

    /// The pieces the text was made from, kept so structured-append parts can be joined
    /// before the character set is guessed (a character may straddle two symbols).
    let pieces: [QRTextPiece]
}
