/// Decodes a QR Code or Micro QR Code symbol from its module grid (ISO/IEC 18004:2015 §7
/// read backwards): format information, version, unmasking, codeword placement,
/// de-interleaving, Reed–Solomon correction per block and the data bit stream. Grids of 11,
/// 13, 15 and 17 modules are Micro QR M1–M4; 21…177 are QR Code Model 2 versions 1–40.
///
/// The grid is the symbol without quiet zone, one `true` per dark module, as a detector
/// samples it. Text is returned only when every block checks out after correction; a
/// grid that fails is tried once more transposed, which is how a mirror-image symbol
/// (printed on the back of a transparency, or seen in a mirror) reads.
public enum QRSymbolDecoder {
    public static func decode(_ modules: BitMatrix) throws(QRDecodeError) -> QRSymbolContent {
        do {
            return try decode(modules, mirrored: false)
        } catch {
            if let content = try? decode(modules.transposed(), mirrored: true) { return content }
            throw error
        }
    }

    private static func decode(_ modules: BitMatrix, mirrored: Bool) throws(QRDecodeError) -> QRSymbolContent {
        let size = modules.size
        if [11, 13, 15, 17].contains(size) { return try MicroQRDecoding.decode(modules, mirrored: mirrored) }
        guard (21...177).contains(size), (size - 17) % 4 == 0 else { throw .invalidSize(size) }
        let version = (size - 17) / 4
        guard let header = QRSymbolHeader.read(modules) else { throw .formatInformationUnreadable }
        // The size fixes the version; the version information only guards against a grid
        // sampled with the wrong module count. When both copies are damaged the size is used
        // and Reed–Solomon decides.
        if version >= 7, let encoded = QRSymbolHeader.readVersion(modules), encoded != version {
            throw .versionInformationMismatch(encoded: encoded, fromSize: version)
        }
        let ecc = header.errorCorrection
        let codewords = QRCodewordReader.codewords(of: modules, version: version, mask: header.mask)
        let (data, corrected) = try QRCodewordReader.correctedData(
            codewords,
            dataLengths: QRCapacity.dataBlockLengths(version: version, ecc: ecc),
            degree: QRCapacity.errorCorrectionCodewordsPerBlock(version: version, ecc: ecc),
            maxErrors: QRMisdecodeProtection.correctableErrorsPerBlock(version: version, ecc: ecc))
        let stream = try QRBitstream.parse(data, version: version)
        return try QRSymbolContent(
            stream: stream, version: version, errorCorrection: ecc, mask: header.mask,
            isMirrored: mirrored, correctedErrors: corrected, isMicroQR: false)
    }
}

extension QRSymbolContent {
    init(
        stream: QRBitstream, version: Int, errorCorrection: QRErrorCorrection, mask: Int,
        isMirrored: Bool, correctedErrors: Int, isMicroQR: Bool
    ) throws(QRDecodeError) {
        var pieces = stream.pieces
        if case .second(let applicationIndicator) = stream.fnc1 {
            // AIM transmits the application indicator ahead of the data (§7.4.8.3).
            pieces.insert(QRTextPiece(bytes: Array(applicationIndicator.utf8), characterSet: .ascii), at: 0)
        }
        self.text = try QRTextAssembler.text(of: pieces)
        self.rawBytes = pieces.flatMap(\.bytes)
        self.version = version
        self.errorCorrection = errorCorrection
        self.mask = mask
        self.structuredAppend = stream.structuredAppend
        self.symbologyIdentifier = Self.symbologyIdentifier(fnc1: stream.fnc1)
        self.hasECI = stream.hasECI
        self.isMirrored = isMirrored
        self.correctedErrors = correctedErrors
        self.isMicroQR = isMicroQR
        self.pieces = pieces
    }

    /// 1, plus 2 for FNC1 in first position or 4 for FNC1 in second position (the
    /// ECI-protocol modifiers, one more each, do not apply to plain text; 0 is Model 1).
    static func symbologyIdentifier(fnc1: QRBitstream.FNC1?) -> String {
        var modifier = 1
        switch fnc1 {
        case .first: modifier += 2
        case .second: modifier += 4
        case nil: break
        }
        return "]Q\(modifier)"
    }
}

extension BitMatrix {
    /// The grid mirrored about its main diagonal: module (x, y) becomes (y, x).
    func transposed() -> BitMatrix {
        var result = BitMatrix(size: size)
        for y in 0..<size {
            for x in 0..<size where self[x, y] { result[y, x] = true }
        }
        return result
    }
}
