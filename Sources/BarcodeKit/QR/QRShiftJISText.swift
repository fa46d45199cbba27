import Foundation

/// Unicode text as Shift JIS, for kanji mode (ISO/IEC 18004:2015 §7.4.6), when every reader
/// will turn it back into the same text.
///
/// Kanji mode holds Shift JIS double-byte codes 0x8140–0x9FFC and 0xE040–0xEBBF in 13 bits
/// instead of UTF-8's 24, so Japanese text gets much smaller symbols. It is used only when
/// the whole text survives the trip through Shift JIS unchanged, and only with the codes
/// every Shift JIS table agrees on: JIS X 0208 (lead bytes 0x81–0x84, 0x88–0x9F,
/// 0xE0–0xEA), without the codes that Windows-31J and JIS map to different characters
/// (0x815C ―/—, 0x815F ＼/\, 0x8160 ～/〜, 0x8161 ∥/‖, 0x817C －/−, 0x8191 ￠/¢, 0x8192 ￡/£,
/// 0x81CA ￢/¬), and without "\" and "~", which JIS X 0201 readers show as "¥" and "‾".
enum QRShiftJISText {
    private static let ambiguousCodes: Set<Int> = [0x815C, 0x815F, 0x8160, 0x8161, 0x817C, 0x8191, 0x8192, 0x81CA]

    /// The Shift JIS bytes of `text`, or nil when it has no double-byte character or any
    /// character that might not come back the same.
    static func bytes(for text: String) -> [UInt8]? {
        guard let data = text.data(using: .shiftJIS), String(data: data, encoding: .shiftJIS) == text else { return nil }
        let bytes = Array(data)
        var hasDoubleByte = false
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead == 0x5C || lead == 0x7E { return nil }
            guard (0x81...0x9F).contains(lead) || (0xE0...0xFC).contains(lead) else {
                index += 1
                continue
            }
            guard index + 1 < bytes.count else { return nil }
            let code = Int(lead) << 8 | Int(bytes[index + 1])
            let jisX0208 = (0x81...0x84).contains(lead) || (0x88...0x9F).contains(lead) || (0xE0...0xEA).contains(lead)
            guard jisX0208, !ambiguousCodes.contains(code) else { return nil }
            hasDoubleByte = true
            index += 2
        }
        return hasDoubleByte ? bytes : nil
    }
}
