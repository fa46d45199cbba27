/// The ECI mode indicator (0111) and the one-byte designators the encoder writes
/// (ISO/IEC 18004:2015 §7.4.2.2; AIM ECI assignments 20 = Shift JIS, 26 = UTF-8).
enum QRExtendedChannel {
    static let indicator: UInt32 = 0b0111
    static let shiftJISDesignator: UInt32 = 20
    static let utf8Designator: UInt32 = 26
    /// Mode indicator plus an 8-bit designator (values 0...127 take one byte).
    static let headerBits = 12
}
