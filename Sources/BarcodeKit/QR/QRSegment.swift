/// A run of input bytes encoded in one mode; segments refer to the input, they do not copy it.
struct QRSegment: Sendable, Hashable {
    var mode: QRMode
    /// Byte offsets into the input.
    var range: Range<Int>

    var characterCount: Int { range.count / mode.bytesPerCharacter }

    /// Mode indicator, character count indicator and data (§7.4).
    func bitCount(version: Int) -> Int {
        4 + mode.characterCountBits(version: version) + mode.dataBits(characters: characterCount)
    }
}
