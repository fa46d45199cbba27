import Foundation

/// Turns the pieces of one symbol (or of a joined structured-append sequence) into text.
enum QRTextAssembler {
    static func text(of pieces: [QRTextPiece]) throws(QRDecodeError) -> String {
        // Neighbours in one character set are decoded together, so a multi-byte character
        // split between two segments (or two structured-append symbols) stays whole.
        var merged: [QRTextPiece] = []
        for piece in pieces {
            if let last = merged.indices.last, merged[last].characterSet == piece.characterSet {
                merged[last].bytes += piece.bytes
            } else {
                merged.append(piece)
            }
        }
        let pieces = merged
        // All byte data without ECI is guessed as one: a symbol is written in one
        // character set, and splitting the guess could read one half as UTF-8 and the other
        // as ISO 8859-1.
        let unspecified = pieces.filter { $0.characterSet == .unspecified }.flatMap(\.bytes)
        let guess = QRByteTextGuess.guess(unspecified, besideKanji: pieces.contains { $0.characterSet == .shiftJIS })
        var text = ""
        for (index, piece) in pieces.enumerated() {
            switch piece.characterSet {
            case .ascii:
                text += QRByteTextGuess.latin1(piece.bytes)
            case .unspecified:
                var bytes = piece.bytes
                if index == pieces.firstIndex(where: { $0.characterSet == .unspecified }), guess == .utf8,
                    bytes.starts(with: [0xEF, 0xBB, 0xBF])
                {
                    bytes.removeFirst(3)  // byte-order mark
                }
                text += decode(bytes, as: guess)
            case .eci(let eci):
                text += try decode(bytes: piece.bytes, eci: eci)
            case .shiftJIS:
                guard let part = String(data: Data(piece.bytes), encoding: .shiftJIS) else {
                    throw .textNotInCharacterSet(eci: 20)
                }
                text += part
            case .gb2312:
                guard let part = String(data: Data(piece.bytes), encoding: ECICharacterSet.gb18030) else {
                    throw .textNotInCharacterSet(eci: 29)
                }
                text += part
            }
        }
        return text
    }

    private static func decode(_ bytes: [UInt8], as guess: QRByteTextGuess) -> String {
        switch guess {
        case .utf8: String(decoding: bytes, as: UTF8.self)
        case .shiftJIS: String(data: Data(bytes), encoding: .shiftJIS) ?? QRByteTextGuess.latin1(bytes)
        case .isoLatin1: QRByteTextGuess.latin1(bytes)
        }
    }

    /// Byte data under an ECI. UTF-8 that is not valid keeps its readable parts with
    /// U+FFFD in place of the bad bytes, as other readers show it; other character sets
    /// refuse bytes they do not define.
    private static func decode(bytes: [UInt8], eci: Int) throws(QRDecodeError) -> String {
        guard let encoding = ECICharacterSet.encoding(for: eci) else { throw .unsupportedECI(eci) }
        if encoding == .utf8 { return String(decoding: bytes, as: UTF8.self) }
        if encoding == .isoLatin1 { return QRByteTextGuess.latin1(bytes) }
        if bytes.isEmpty { return "" }
        guard let text = String(data: Data(bytes), encoding: encoding) else { throw .textNotInCharacterSet(eci: eci) }
        return text
    }
}
