/// Reads a Micro QR Code module grid (ISO/IEC 18004:2015; sizes 11, 13, 15, 17): format
/// information, unmasking, codewords in placement order, Reed–Solomon over the single block,
/// then the Micro QR bit stream.
enum MicroQRDecoding {
    static func decode(_ modules: BitMatrix, mirrored: Bool) throws(QRDecodeError) -> QRSymbolContent {
        let size = modules.size
        let version = (size - 9) / 2
        guard let (symbol, mask) = MicroQRSymbol.readFormat(modules) else { throw .formatInformationUnreadable }
        guard symbol.version == version else {
            throw .versionInformationMismatch(encoded: symbol.version, fromSize: version)
        }
        // Data bits first (the last data codeword of M1 and M3 has 4), then whole
        // error-correction codewords; the half codeword takes the high nibble for Reed–Solomon.
        let order = QRPlacement.dataModuleOrder(isFunction: MicroQRSymbol.isFunction(size: size), size: size, timingColumn: nil)
        let pattern = MicroQRSymbol.maskPatterns[mask]
        func bit(_ n: Int) -> Bool {
            let index = order[n]
            return modules.modules[index] != QRMask.inverts(pattern, x: index % size, y: index / size)
        }
        var block = [UInt8](repeating: 0, count: symbol.dataCodewords + symbol.errorCorrectionCodewords)
        for n in 0..<symbol.dataBits where bit(n) { block[n >> 3] |= 0x80 >> UInt8(n & 7) }
        for n in 0..<(symbol.errorCorrectionCodewords * 8) where bit(symbol.dataBits + n) {
            block[symbol.dataCodewords + (n >> 3)] |= 0x80 >> UInt8(n & 7)
        }
        guard let corrected = ReedSolomonDecoder.correct(
            &block, degree: symbol.errorCorrectionCodewords, maxErrors: symbol.correctableErrors)
        else { throw .tooManyErrors(block: 1, blocks: 1) }
        // A correction that touched the unused low nibble of a half codeword is not one.
        if symbol.dataBits % 8 != 0, block[symbol.dataCodewords - 1] & 0x0F != 0 {
            throw .tooManyErrors(block: 1, blocks: 1)
        }
        let stream = try MicroQRBitstream.parse(Array(block[..<symbol.dataCodewords]), bitCount: symbol.dataBits, version: version)
        return try QRSymbolContent(
            stream: stream, version: version, errorCorrection: symbol.errorCorrection, mask: mask,
            isMirrored: mirrored, correctedErrors: corrected, isMicroQR: true)
    }
}
