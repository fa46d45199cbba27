import Crypto
import Foundation

/// The compact signed text a ticket's QR Code holds: `BT1.` and the base64url (no padding)
/// of the content bytes followed by their Ed25519 signature.
///
/// Content bytes, big-endian: format version (1), serial (8), valid from and valid until as
/// Unix seconds (4 + 4, enough until 2106), then the operator and product codes, each a
/// length byte and UTF-8. A 10-character operator and product make 96 bytes, 132 characters:
/// a version 6-L QR Code that a phone camera reads at arm's length. A pass is format 2: the
/// same, then its holder's name and card number, each a length byte and UTF-8 (the card's
/// length may be 0), so the holder is printed on the signed ticket and cannot be changed.
///
/// Formats 3 (a ride) and 4 (a pass) name the key that signed them (issue 39: every operator
/// has its own): after the version byte, the key id (``TicketSigningKeys``) as a length byte and
/// UTF-8, then the rest as in formats 1 and 2. Those older payloads, signed with the server's one
/// key, still verify with it.
public enum TicketPayload {
    static let prefix = "BT1."
    static let formatVersion: UInt8 = 1
    static let holderFormatVersion: UInt8 = 2
    static let keyedFormatVersion: UInt8 = 3
    static let keyedHolderFormatVersion: UInt8 = 4
    /// Codes are short identifiers; the bound keeps the payload small and rejects garbage early.
    public static let maximumCodeLength = 32
    /// A holder's name in UTF-8 bytes, and a card number.
    public static let maximumHolderLength = 64
    public static let maximumCardLength = 32

    /// Signs `ticket` with the operator's (or the server's) private key.
    public static func issue(_ ticket: Ticket, signingKey: Curve25519.Signing.PrivateKey) throws(TicketRejection) -> String {
        let content = try contentBytes(of: ticket)
        guard let signature = try? signingKey.signature(for: content) else {
            throw .malformed(reason: "the ticket could not be signed")
        }
        return prefix + base64URL(content + Array(signature))
    }

    /// Checks the signature first, then the validity at `instant`: an inspector's check, with
    /// nothing but the public key.
    public static func verify(_ payload: String, publicKey: Curve25519.Signing.PublicKey, at instant: Date) throws(TicketRejection) -> Ticket {
        try verify(payload, at: instant) { _ in publicKey }
    }

    /// Checks the payload with the key `key` picks for it from what the payload states, signature
    /// unchecked: its key id (nil for a format 1 or 2 payload, signed before operators had keys)
    /// and its operator, which the key must belong to. `key` answers nil for a key it does not hold.
    public static func verify(
        _ payload: String, at instant: Date, key: (_ unverified: Ticket) -> Curve25519.Signing.PublicKey?
    ) throws(TicketRejection) -> Ticket {
        let (content, signature) = try signedParts(of: payload)
        // The key id is read before the signature is checked: it says which key to check with.
        let unverified = try ticket(from: content)
        guard let publicKey = key(unverified) else { throw .unknownKey(unverified.keyID ?? TicketSigningKeys.serverKeyID) }
        guard publicKey.isValidSignature(signature, for: content) else { throw .badSignature }
        if instant < unverified.validity.start { throw .notYetValid(until: unverified.validity.start) }
        if instant >= unverified.validity.end { throw .expired(at: unverified.validity.end) }
        return unverified
    }

    /// The ticket as the payload states it, signature unchecked: what an inspector's device reads
    /// first to pick the key (never to trust).
    public static func unverifiedTicket(_ payload: String) throws(TicketRejection) -> Ticket {
        try ticket(from: try signedParts(of: payload).content)
    }

    private static func signedParts(of payload: String) throws(TicketRejection) -> (content: [UInt8], signature: [UInt8]) {
        let trimmed = payload.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.hasPrefix(prefix) else {
            throw .malformed(reason: "a Bottega ticket starts with \(prefix)")
        }
        guard let bytes = bytes(fromBase64URL: String(trimmed.dropFirst(prefix.count))) else {
            throw .malformed(reason: "the text after \(prefix) is not base64url")
        }
        let signatureLength = 64
        guard bytes.count > signatureLength else { throw .malformed(reason: "the payload is too short to hold a signature") }
        return (Array(bytes.dropLast(signatureLength)), Array(bytes.suffix(signatureLength)))
    }

    static func contentBytes(of ticket: Ticket) throws(TicketRejection) -> [UInt8] {
        let start = ticket.validity.start.timeIntervalSince1970.rounded(.down)
        let end = ticket.validity.end.timeIntervalSince1970.rounded(.up)
        guard start >= 0, end <= Double(UInt32.max), start < end else {
            throw .malformed(reason: "the validity must lie between 1970 and 2106 and not be empty")
        }
        var bytes: [UInt8]
        if let keyID = ticket.keyID {
            let id = Array(keyID.utf8)
            guard !id.isEmpty, id.count <= maximumCodeLength + 8 else { throw .malformed(reason: "a key id has 1 to \(maximumCodeLength + 8) bytes") }
            bytes = [ticket.holder == nil ? keyedFormatVersion : keyedHolderFormatVersion, UInt8(id.count)] + id
        } else {
            bytes = [ticket.holder == nil ? formatVersion : holderFormatVersion]
        }
        bytes += bigEndian(ticket.serial)
        bytes += bigEndian(UInt32(start))
        bytes += bigEndian(UInt32(end))
        for code in [ticket.operatorCode, ticket.productCode] {
            let utf8 = Array(code.utf8)
            guard !utf8.isEmpty, utf8.count <= maximumCodeLength else {
                throw .malformed(reason: "codes have 1 to \(maximumCodeLength) bytes; \"\(code)\" has \(utf8.count)")
            }
            bytes.append(UInt8(utf8.count))
            bytes += utf8
        }
        if let holder = ticket.holder {
            let name = Array(holder.utf8), card = Array((ticket.cardNumber ?? "").utf8)
            guard !name.isEmpty, name.count <= maximumHolderLength, card.count <= maximumCardLength else {
                throw .malformed(reason: "a holder has 1 to \(maximumHolderLength) bytes and a card number at most \(maximumCardLength)")
            }
            bytes += [UInt8(name.count)] + name + [UInt8(card.count)] + card
        }
        return bytes
    }

    static func ticket(from content: [UInt8]) throws(TicketRejection) -> Ticket {
        var reader = ByteReader(bytes: content)
        let version = reader.byte()
        let known: Set<UInt8?> = [formatVersion, holderFormatVersion, keyedFormatVersion, keyedHolderFormatVersion]
        guard known.contains(version) else { throw .malformed(reason: "unknown ticket format version") }
        let isKeyed = version == keyedFormatVersion || version == keyedHolderFormatVersion
        let isPass = version == holderFormatVersion || version == keyedHolderFormatVersion
        var keyID: String?
        if isKeyed {
            guard let id = reader.text(maximum: maximumCodeLength + 8), !id.isEmpty else { throw .malformed(reason: "the signed content names no key") }
            keyID = id
        }
        guard let serial = reader.integer(UInt64.self), let start = reader.integer(UInt32.self),
              let end = reader.integer(UInt32.self), start < end,
              let operatorCode = reader.code(), let productCode = reader.code()
        else { throw .malformed(reason: "the signed content does not have the ticket layout") }
        var holder: String?, card: String?
        if isPass {
            guard let name = reader.text(maximum: maximumHolderLength), !name.isEmpty, let number = reader.text(maximum: maximumCardLength) else {
                throw .malformed(reason: "the signed content does not have the pass layout")
            }
            (holder, card) = (name, number.isEmpty ? nil : number)
        }
        guard reader.isAtEnd else { throw .malformed(reason: "the signed content does not have the ticket layout") }
        return Ticket(
            operatorCode: operatorCode, productCode: productCode,
            validity: DateInterval(start: Date(timeIntervalSince1970: Double(start)), end: Date(timeIntervalSince1970: Double(end))),
            serial: serial, holder: holder, cardNumber: card, keyID: keyID)
    }

    private static func bigEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        (0..<(T.bitWidth / 8)).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }

    private static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    private static func bytes(fromBase64URL text: String) -> [UInt8]? {
        guard text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64).map(Array.init)
    }
}

/// Reads the content bytes front to back; every read is nil past the end.
private struct ByteReader {
    let bytes: [UInt8]
    var offset = 0

    var isAtEnd: Bool { offset == bytes.count }

    mutating func byte() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func integer<T: FixedWidthInteger>(_: T.Type) -> T? {
        let size = T.bitWidth / 8
        guard offset + size <= bytes.count else { return nil }
        defer { offset += size }
        return bytes[offset..<(offset + size)].reduce(T.zero) { ($0 << 8) | T($1) }
    }

    /// A length byte (0 allowed) and that many bytes of UTF-8, at most `maximum`.
    mutating func text(maximum: Int) -> String? {
        guard let length = byte().map(Int.init), length <= maximum, offset + length <= bytes.count else { return nil }
        defer { offset += length }
        return String(validating: bytes[offset..<(offset + length)], as: UTF8.self)
    }

    mutating func code() -> String? {
        guard let length = byte().map(Int.init), length > 0, length <= TicketPayload.maximumCodeLength,
              offset + length <= bytes.count else { return nil }
        defer { offset += length }
        return String(validating: bytes[offset..<(offset + length)], as: UTF8.self)
    }
}
