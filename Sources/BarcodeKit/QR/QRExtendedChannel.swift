/// The ECI mode indicator (0111) and, for UTF-8, the one-byte designator 000026
/// (ISO/IEC 18004:2015 §7.4.2.2; AIM ECI assignment 26 = UTF-8).
enum QRExtendedChannel {
    static let indicator: UInt32 = 0b0111
    static let utf8Designator: UInt32 = 26
    /// Mode indicator plus an 8-bit designator (values 0...127 take one byte).
    static let headerBits = 12
}
