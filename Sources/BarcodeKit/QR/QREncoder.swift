/// Encodes text or bytes as a QR Code (ISO/IEC 18004:2015, Model 2, versions 1–40).
///
/// The smallest version at or above `minimumVersion` that holds the data is chosen, the
/// data is split into numeric, alphanumeric, byte (and, for Japanese text, kanji) segments
/// so the bit stream is as short as possible, and unless a mask is requested the mask with
/// the lowest penalty (§7.8.3) is used.
public enum QREncoder {
    /// Encodes `text`. ASCII text goes as it is. Other text goes as UTF-8 after ECI 26, so
    /// readers do not fall back to ISO 8859-1, the default of §7.4.2.2 — unless the text is
    /// Japanese that Shift JIS holds exactly (`QRShiftJISText`) and kanji mode makes the
    /// stream shorter: then kanji, hiragana, katakana and the other JIS X 0208 characters
    /// take 13 bits each in kanji mode, and ECI 20 (Shift JIS) is written only when some
    /// byte segment holds non-ASCII Shift JIS (half-width katakana, or a double-byte
    /// character cheaper in byte mode between its neighbours).
    public static func encode(
        _ text: String, ecc: QRErrorCorrection = .medium, minimumVersion: Int = 1, mask: Int? = nil
    ) throws(BarcodeError) -> QRCode {
        let bytes = Array(text.utf8)
        guard bytes.contains(where: { $0 >= 0x80 }) else {
            return try encode(plan(bytes: bytes, header: .none, allowKanji: false, ecc: ecc, minimumVersion: minimumVersion),
                              ecc: ecc, mask: mask)
        }
        let kanjiPlan = QRShiftJISText.bytes(for: text).flatMap { shiftJIS in
            try? plan(bytes: shiftJIS, header: .shiftJISForNonASCIIBytes, allowKanji: true, ecc: ecc, minimumVersion: minimumVersion)
        }
        let unicodePlan: Plan
        do {
            unicodePlan = try plan(bytes: bytes, header: .utf8, allowKanji: false, ecc: ecc, minimumVersion: minimumVersion)
        } catch {
            guard let kanjiPlan else { throw error }
            return try encode(kanjiPlan, ecc: ecc, mask: mask)
        }
        if let kanjiPlan, (kanjiPlan.version, kanjiPlan.dataBits) < (unicodePlan.version, unicodePlan.dataBits) {
            return try encode(kanjiPlan, ecc: ecc, mask: mask)
        }
        return try encode(unicodePlan, ecc: ecc, mask: mask)
    }

    /// Encodes arbitrary bytes without ECI (readers interpret byte segments by their own
    /// default or guess). Numeric and alphanumeric segments are still used for ASCII runs.
    public static func encode(
        bytes: [UInt8], ecc: QRErrorCorrection = .medium, minimumVersion: Int = 1, mask: Int? = nil
    ) throws(BarcodeError) -> QRCode {
        try encode(plan(bytes: bytes, header: .none, allowKanji: false, ecc: ecc, minimumVersion: minimumVersion),
                   ecc: ecc, mask: mask)
    }

    /// Encodes Shift JIS text: double-byte kanji (0x8140–0x9FFC, 0xE040–0xEBBF) may go in
    /// kanji mode (13 bits each instead of 16) where that makes the symbol shorter. ECI 20
    /// (Shift JIS) is declared when a byte segment holds non-ASCII bytes, which readers
    /// would otherwise have to guess.
    public static func encode(
        shiftJIS bytes: [UInt8], ecc: QRErrorCorrection = .medium, minimumVersion: Int = 1, mask: Int? = nil
    ) throws(BarcodeError) -> QRCode {
        try encode(plan(bytes: bytes, header: .shiftJISForNonASCIIBytes, allowKanji: true, ecc: ecc, minimumVersion: minimumVersion),
                   ecc: ecc, mask: mask)
    }

    /// The ECI designator, if any, that opens the bit stream.
    enum ECIHeader {
        case none
        /// ECI 26 before UTF-8 text.
        case utf8
        /// ECI 20 when a byte segment holds Shift JIS beyond ASCII; kanji segments are
        /// Shift JIS by definition and need none.
        case shiftJISForNonASCIIBytes

        func designator(segments: [QRSegment], bytes: [UInt8]) -> UInt32? {
            switch self {
            case .none: nil
            case .utf8: QRExtendedChannel.utf8Designator
            case .shiftJISForNonASCIIBytes:
                segments.contains { $0.mode == .byte && bytes[$0.range].contains { $0 >= 0x80 } }
                    ? QRExtendedChannel.shiftJISDesignator : nil
            }
        }
    }

    /// The version, segments and final (interleaved) codewords for `bytes`; the matrix is
    /// built from these. Internal so tests can compare the placed codewords.
    struct Plan {
        var version: Int
        var segments: [QRSegment]
        var codewords: [UInt8]
        /// Bits of the stream before terminator and padding, ECI header included.
        var dataBits: Int
        var eciDesignator: UInt32?
    }

    static func plan(
        bytes: [UInt8], utf8ECI: Bool, allowKanji: Bool, ecc: QRErrorCorrection, minimumVersion: Int
    ) throws(BarcodeError) -> Plan {
        try plan(bytes: bytes, header: utf8ECI ? .utf8 : .none, allowKanji: allowKanji, ecc: ecc, minimumVersion: minimumVersion)
    }

    static func plan(
        bytes: [UInt8], header: ECIHeader, allowKanji: Bool, ecc: QRErrorCorrection, minimumVersion: Int
    ) throws(BarcodeError) -> Plan {
        guard QRCapacity.versions.contains(minimumVersion) else {
            throw .unsupported("QR Code versions are 1 to 40; minimum version \(minimumVersion) does not exist")
        }
        var version = minimumVersion
        var groupSegments: [QRSegment] = []
        var designator: UInt32?
        var groupEnd = 0  // last version of the character-count group the segments were made for
        while version <= 40 {
            if version > groupEnd {
                groupSegments = QRSegmentation.segments(for: bytes, version: version, allowKanji: allowKanji)
                designator = header.designator(segments: groupSegments, bytes: bytes)
                groupEnd = version <= 9 ? 9 : (version <= 26 ? 26 : 40)
            }
            let bits = (designator == nil ? 0 : QRExtendedChannel.headerBits)
                + QRSegmentation.bitCount(of: groupSegments, version: version)
            if bits <= QRCapacity.dataCodewords(version: version, ecc: ecc) * 8 {
                let data = QRDataCodewords.make(
                    segments: groupSegments, bytes: bytes, eciDesignator: designator, version: version, ecc: ecc)
                let codewords = QRInterleaving.finalCodewords(data: data, version: version, ecc: ecc)
                return Plan(version: version, segments: groupSegments, codewords: codewords, dataBits: bits,
                            eciDesignator: designator)
            }
            version += 1
        }
        let eciBits = header == .none ? 0 : QRExtendedChannel.headerBits
        // Version 40's data bits after the mode indicator, less the character count's.
        let available = QRCapacity.dataCodewords(version: 40, ecc: ecc) * 8 - eciBits - 4
        let alphanumeric = Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:".utf8)
        if header == .none, bytes.allSatisfy({ (0x30...0x39).contains($0) }) {
            let bits = available - 14
            throw .qrDoesNotFit(count: bytes.count, mode: "numeric", unit: "digits",
                                maximum: bits / 10 * 3 + (bits % 10 >= 7 ? 2 : bits % 10 >= 4 ? 1 : 0), level: ecc.letter)
        }
        if header == .none, bytes.allSatisfy(alphanumeric.contains) {
            let bits = available - 13
            throw .qrDoesNotFit(count: bytes.count, mode: "alphanumeric", unit: "characters",
                                maximum: bits / 11 * 2 + (bits % 11 >= 6 ? 1 : 0), level: ecc.letter)
        }
        throw .qrDoesNotFit(count: bytes.count, mode: "byte", unit: "bytes", maximum: (available - 16) / 8, level: ecc.letter)
    }

    private static func encode(_ plan: Plan, ecc: QRErrorCorrection, mask: Int?) throws(BarcodeError) -> QRCode {
        if let mask, !QRMask.patterns.contains(mask) {
            throw .unsupported("QR Code masks are 0 to 7; mask \(mask) does not exist")
        }
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
