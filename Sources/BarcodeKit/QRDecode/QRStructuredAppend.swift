/// Joining the symbols of a structured-append sequence (ISO/IEC 18004:2015 §8): up to 16
/// symbols that share a count and a parity byte (the XOR of every data byte of the whole
/// message) and together hold one message, in index order.
///
/// Parts of other sequences and repeated reads of the same symbol may be mixed in; the
/// first sequence whose every index is present is joined. The parity is used to tell
/// sequences apart, not checked against the data: encoders compute it over different
/// representations of the text (Shift JIS or UTF-8 bytes), and each symbol has already
/// passed its own Reed–Solomon check.
extension QRSymbolDecoder {
    /// The message of the first complete sequence among `parts`, or nil when none is
    /// complete. Byte data is interpreted over the whole message, so a character split
    /// between two symbols is kept whole, and an ECI stays in force into the next symbol.
    public static func joinStructuredAppend(_ parts: [QRSymbolContent]) -> String? {
        guard let sequence = completeSequence(parts.map { ($0.structuredAppend, $0) }) else { return nil }
        var pieces: [QRTextPiece] = []
        var eciInForce: Int?
        for part in sequence {
            for var piece in part.pieces {
                switch piece.characterSet {
                case .eci(let eci): eciInForce = eci
                case .unspecified: if let eciInForce { piece.characterSet = .eci(eciInForce) }
                default: break
                }
                pieces.append(piece)
            }
        }
        return (try? QRTextAssembler.text(of: pieces)) ?? sequence.map(\.text).joined()
    }

    /// The texts of the first complete sequence among `parts`, joined in index order; nil
    /// when none is complete.
    public static func joinStructuredAppend(_ parts: [DecodedBarcode]) -> String? {
        completeSequence(parts.map { ($0.details.structuredAppend, $0.text) })?.joined()
    }

    /// The parts of the first sequence (by count and parity, in order of first appearance)
    /// that has all of its indices, sorted by index.
    private static func completeSequence<Part>(_ parts: [(DecodedBarcode.StructuredAppend?, Part)]) -> [Part]? {
        var sequences: [(count: Int, parity: UInt8, parts: [Int: Part])] = []
        for case let (header?, part) in parts where header.index < header.count {
            if let found = sequences.firstIndex(where: { $0.count == header.count && $0.parity == header.parity }) {
                if sequences[found].parts[header.index] == nil { sequences[found].parts[header.index] = part }
            } else {
                sequences.append((header.count, header.parity, [header.index: part]))
            }
        }
        guard let complete = sequences.first(where: { $0.parts.count == $0.count }) else { return nil }
        return (0..<complete.count).compactMap { complete.parts[$0] }
    }
}
