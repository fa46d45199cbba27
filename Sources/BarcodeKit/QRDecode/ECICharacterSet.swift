import Foundation

/// The character sets of the AIM ECI assignments (AIM ITS/04-001, ECI Part 3) that
/// Foundation can decode, by ECI number.
///
/// Foundation names only some of them; the others are Core Foundation encodings, which
/// `String.Encoding` reaches as 0x8000_0000 | CFStringEncoding (the value
/// `CFStringConvertEncodingToNSStringEncoding` returns).
enum ECICharacterSet {
    /// ECI 899: 8-bit binary data, shown byte for byte as ISO 8859-1.
    static let binary = 899

    static func encoding(for eci: Int) -> String.Encoding? {
        switch eci {
        case 0, 2: coreFoundation(0x0400)  // Code page 437 (kCFStringEncodingDOSLatinUS)
        case 1, 3, binary: .isoLatin1  // ISO 8859-1
        case 4: .isoLatin2
        case 5...12: coreFoundation(0x0203 + eci - 5)  // ISO 8859-3 … 8859-10
        case 13: coreFoundation(0x020B)  // ISO 8859-11 (Thai)
        case 15...18: coreFoundation(0x020D + eci - 15)  // ISO 8859-13 … 8859-16
        case 20: .shiftJIS
        case 21: .windowsCP1250
        case 22: .windowsCP1251
        case 23: .windowsCP1252
        case 24: coreFoundation(0x0506)  // Windows-1256 (Arabic)
        case 25: .utf16BigEndian
        case 26: .utf8
        case 27, 170: .ascii  // US-ASCII; ISO 646 invariant
        case 28: coreFoundation(0x0A03)  // Big5
        case 29, 32: coreFoundation(0x0632)  // GB 2312 (read as its superset GB 18030), GB 18030
        case 30: coreFoundation(0x0940)  // EUC-KR
        case 31: coreFoundation(0x0631)  // GBK
        case 33: .utf16LittleEndian
        case 34: .utf32BigEndian
        case 35: .utf32LittleEndian
        default: nil
        }
    }

    /// GB 18030, which reads GB 2312 (Hanzi mode) as well.
    static let gb18030 = coreFoundation(0x0632)

    private static func coreFoundation(_ value: Int) -> String.Encoding {
        String.Encoding(rawValue: 0x8000_0000 | UInt(value))
    }
}
