/// A run of data bytes and the character set they are to be read in.
struct QRTextPiece: Sendable, Hashable {
    enum CharacterSet: Sendable, Hashable {
        /// Numeric and alphanumeric mode: ASCII in every character set.
        case ascii
        /// Byte mode with no ECI in force: the character set is guessed (`QRByteTextGuess`).
        case unspecified
        /// Byte mode after an ECI designator (§7.4.2).
        case eci(Int)
        /// Kanji mode: Shift JIS double-byte characters (§7.4.6).
        case shiftJIS
        /// Hanzi mode (GB/T 18284, not in ISO/IEC 18004): GB 2312 double-byte characters.
        case gb2312
    }

    var bytes: [UInt8]
    var characterSet: CharacterSet
}
