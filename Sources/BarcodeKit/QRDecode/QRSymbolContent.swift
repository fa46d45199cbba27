/// What one QR Code symbol holds, with the facts a reader reports about it.
public struct QRSymbolContent: Sendable, Hashable {
    /// The data as text: byte segments interpreted by their ECI or, without one, by
    /// `QRByteTextGuess`; kanji segments from Shift JIS; FNC1 separators as GS (0x1D).
    public let text: String
    /// The segments' data bytes in order (digits and alphanumeric characters as ASCII, kanji
    /// as Shift JIS pairs, `%` under FNC1 already turned into GS), before any character-set
    /// interpretation; ECI, FNC1 and structured-append headers are not included.
    public let rawBytes: [UInt8]
    /// 1…40, or 1…4 for Micro QR M1…M4.
    public let version: Int
    /// The level; Micro QR M1 (error detection only) is reported as `.low`.
    public let errorCorrection: QRErrorCorrection
    /// The data mask pattern 0…7 (Table 10), or Micro QR's 0…3.
    public let mask: Int
    /// Set when the symbol is one of a structured-append sequence (§8).
    public let structuredAppend: DecodedBarcode.StructuredAppend?
    /// The AIM symbology identifier of `text` (ISO/IEC 18004:2015 Annex F): "]Q1", "]Q3" with
    /// FNC1 in first position (GS1), "]Q5" with FNC1 in second position ("]Q0" would be
    /// Model 1, which this decoder does not read). The even modifiers ("]Q2", "]Q4", "]Q6")
    /// announce a transmission in the ECI protocol, with "\nnnnnn" escape sequences in the
    /// data; `text` is decoded Unicode with no escapes, so they are not used — `hasECI` says
    /// whether the symbol declared a character set (zxing-cpp reports plain text the same way).
    public let symbologyIdentifier: String
    /// The symbol holds at least one ECI designator (§7.4.2).
    public let hasECI: Bool
    /// The symbol was read transposed (printed mirror-inverted or seen from behind).
    public let isMirrored: Bool
    /// Codewords the Reed–Solomon decoder changed, over all blocks.
    public let correctedErrors: Int
    /// A Micro QR Code symbol (11–17 modules, one finder pattern).
    public let isMicroQR: Bool

    /// The pieces the text was made from, kept so structured-append parts can be joined
    /// before the character set is guessed (a character may straddle two symbols).
    let pieces: [QRTextPiece]
}
