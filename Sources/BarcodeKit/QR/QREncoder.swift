/// Encodes text or bytes as a QR Code (ISO/IEC 18004:2015, Model 2, versions 1–40).
///
/// The smallest version at or above `minimumVersion` that holds the data is chosen, the
/// data is split into numeric, alphanumeric, byte (and, for Shift JIS input, kanji) segments
/// so the bit stream is as short as possible, and unless a mask is requested the mask with
/// the lowest penalty (§7.8.3) is used.
public enum QREncoder {
    /// Encodes `text` as UTF-8. When the text has any non-ASCII character the stream begins
    /// with ECI 26 (UTF-8), so readers do not fall back to ISO 8859-1, the default of
    /// §7.4.2.2; pure ASCII text gets no ECI, which every reader understands and which costs
    /// 12 bits less. Kanji mode is not used for text (it needs a Unicode → Shift JIS table).
    public static func encode(
        _ text: String, ecc: QRErrorCorrection = .medium, minimumVersion: Int = 1, mask: Int? = nil
    ) throws(BarcodeError) -> QRCode {
        let bytes = Array(text.utf8)
        let needsECI = bytes.contains { $0 >= 0x80 }
        return try encode(bytes: bytes, utf8ECI: needsECI, allowKanji: false, ecc: ecc, minimumVersion: minimumVersion, mask: mask)
    }

    /// Encodes arbitrary bytes without ECI (readers interpret byte segments by their own
    /// default or guess). Numeric and alphanumeric segments are still used for ASCII runs.
    public static func encode(
        bytes: [UInt8], ecc: QRErrorCorrection = .medium, minimumVersion: Int = 1, mask: Int? = nil
    ) throws(BarcodeError) -> QRCode {
        try encode(bytes: bytes, utf8ECI: false, allowKanji: false, ecc: ecc, minimumVersion: minimumVersion, mask: mask)
    }

    /// Encodes Shift JIS text: double-byte kanji (0x8140–0x9FFC, 0xE040–0xEBBF) may go in
    /// kanji mode (13 bits each instead of 16) where that makes the symbol shorter.
    public static func encode(
        shiftJIS bytes: [UInt8], ecc: QRErrorCorrection = .medium, minimumVersion: Int = 1, mask: Int? = nil
    ) throws(BarcodeError) -> QRCode {
        try encode(bytes: bytes, utf8ECI: false, allowKanji: true, ecc: ecc, minimumVersion: minimumVersion, mask: mask)
    }

    /// The version, segments and final (interleaved) codewords for `bytes`; the matrix is
    /// built from these. Internal so tests can compare the placed codewords.
    struct Plan {
        var version: Int
        var segments: [QRSegment]
        var codewords: [UInt8]
    }

    static func plan(
        bytes: [UInt8], utf8ECI: Bool, allowKanji: Bool, ecc: QRErrorCorrection, minimumVersion: Int
    ) throws(BarcodeError) -> Plan {
        guard QRCapacity.versions.contains(minimumVersion) else {
            throw .unsupported("QR Code versions are 1 to 40; minimum version \(minimumVersion) does not exist")
        }
        let eciBits = utf8ECI ? QRExtendedChannel.headerBits : 0
        var version = minimumVersion
        var groupSegments: [QRSegment] = []
        var groupEnd = 0  // last version of the character-count group the segments were made for
        while version <= 40 {
            if version > groupEnd {
                groupSegments = QRSegmentation.segments(for: bytes, version: version, allowKanji: allowKanji)
                groupEnd = version <= 9 ? 9 : (version <= 26 ? 26 : 40)
            }
            let bits = eciBits + QRSegmentation.bitCount(of: groupSegments, version: version)
            if bits <= QRCapacity.dataCodewords(version: version, ecc: ecc) * 8 {
                let data = QRDataCodewords.make(
                    segments: groupSegments, bytes: bytes, utf8ECI: utf8ECI, version: version, ecc: ecc)
                let codewords = QRInterleaving.finalCodewords(data: data, version: version, ecc: ecc)
                return Plan(version: version, segments: groupSegments, codewords: codewords)
            }
            version += 1
        }
        let largestBytes = (QRCapacity.dataCodewords(version: 40, ecc: ecc) * 8 - eciBits - 4 - 16) / 8
        throw .tooLong(
            bytes: bytes.count, format: .qrCode,
            limit: "version 40-\(ecc.letter) holds at most \(largestBytes) bytes of binary data"
                + " (more for digits or upper-case text); use a lower error-correction level or split the data")
    }

    private static func encode(
        bytes: [UInt8], utf8ECI: Bool, allowKanji: Bool, ecc: QRErrorCorrection, minimumVersion: Int, mask: Int?
    ) throws(BarcodeError) -> QRCode {
        if let mask, !QRMask.patterns.contains(mask) {
            throw .unsupported("QR Code masks are 0 to 7; mask \(mask) does not exist")
        }
        let plan = try plan(
            bytes: bytes, utf8ECI: utf8ECI, allowKanji: allowKanji, ecc: ecc, minimumVersion: minimumVersion)
        var layout = QRMatrixLayout(version: plan.version)
        QRPlacement.place(plan.codewords, in: &layout)
        let chosen = mask ?? bestMask(for: layout, ecc: ecc)
        QRMask.apply(chosen, to: &layout.modules, isFunction: layout.isFunction, size: layout.size)
        layout.drawFormatInformation(QRFormatInformation.formatBits(ecc: ecc, mask: chosen))
        var matrix = BitMatrix(size: layout.size)
        for index in 0..<layout.modules.count where layout.modules[index] {
            matrix[index % layout.size, index / layout.size] = true
        }
        return QRCode(version: plan.version, ecc: ecc, mask: chosen, matrix: matrix)
    }

    /// The mask with the lowest penalty (§7.8.3), scored on the whole symbol with that
    /// mask's format information written in, as ZXing does; ties go to the lower mask
    /// number. (segno scores before writing format information, so it may pick another
    /// mask for the same data — any mask is valid for a reader.)
    static func bestMask(for layout: QRMatrixLayout, ecc: QRErrorCorrection) -> Int {
        var best = 0
        var bestScore = Int.max
        var trial = layout
        for mask in QRMask.patterns {
            trial.modules = layout.modules
            QRMask.apply(mask, to: &trial.modules, isFunction: layout.isFunction, size: layout.size)
            trial.drawFormatInformation(QRFormatInformation.formatBits(ecc: ecc, mask: mask))
            let score = QRPenalty.score(trial.modules, size: layout.size)
            if score < bestScore {
                best = mask
                bestScore = score
            }
        }
        return best
    }
}
