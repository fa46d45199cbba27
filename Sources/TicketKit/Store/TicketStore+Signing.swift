import BarcodeKit
import Crypto
import Foundation

/// The signing keys (``TicketSigningKeys``), and what an inspector's device does with a ticket.
extension TicketStore {
    /// The server's own key, created with the database and kept in the key file: it signed every
    /// ticket before operators had keys, and still verifies those.
    public func signingKey() throws -> Curve25519.Signing.PrivateKey { key }

    /// The server's own public key (``signingKey()``).
    public func publicKey() throws -> Curve25519.Signing.PublicKey { key.publicKey }

    /// The key `operatorCode`'s tickets are signed with now, and its id.
    public func signingKey(operatorCode: String) throws -> (id: String, key: Curve25519.Signing.PrivateKey) {
        let id = TicketSigningKeys.keyID(operatorCode: operatorCode)
        guard let key = TicketSigningKeys.privateKey(keyID: id, keys: keys) else {
            throw TicketStoreError.damagedRecord("the key file gives no signing key for \(id)")
        }
        return (id, key)
    }

    /// The public key named `keyID` (nil: the server's own), when this server holds it.
    public func publicKey(keyID: String?) -> Curve25519.Signing.PublicKey? {
        guard let keyID else { return key.publicKey }
        guard TicketSigningKeys.operatorCode(ofKeyID: keyID) != nil else { return nil }
        return TicketSigningKeys.privateKey(keyID: keyID, keys: keys)?.publicKey
    }

    /// Every operator's key in the catalogue, then the server's own: what inspectors' devices load.
    public func publicKeys() throws -> [TicketPublicKey] {
        let operators = try catalogue().operators.map(\.code)
        return try operators.map { code in
            let (id, key) = try signingKey(operatorCode: code)
            return TicketPublicKey(keyId: id, operator: code, publicKey: key.publicKey)
        } + [TicketPublicKey(keyId: TicketSigningKeys.serverKeyID, operator: nil, publicKey: key.publicKey)]
    }

    /// Checks the payload's signature with the key it names, which must be its own operator's (or,
    /// for a ticket from before operators had keys, the server's), then its validity at `instant`.
    /// With `operatorCode`, an inspector of that operator: another operator's genuine ticket is
    /// ``TicketRejection/otherOperator(ticket:inspector:)``, never valid.
    public func verify(_ payload: String, at instant: Date, operator operatorCode: String? = nil) throws(TicketRejection) -> Ticket {
        let ticket = try TicketPayload.verify(payload, at: instant) { unverified in
            guard let keyID = unverified.keyID else { return key.publicKey }
            // A key signs its own operator's tickets only: ATM's key cannot vouch for a Padova ticket.
            guard TicketSigningKeys.operatorCode(ofKeyID: keyID) == unverified.operatorCode else { return nil }
            return publicKey(keyID: keyID)
        }
        if let operatorCode, ticket.operatorCode != operatorCode {
            throw .otherOperator(ticket: ticket.operatorCode, inspector: operatorCode)
        }
        return ticket
    }

    /// The ticket's QR Code, at level M: 15 % of the symbol may be lost to a phone screen's glare
    /// or a crack.
    public func qrCode(for payload: String) throws(BarcodeError) -> BitMatrix {
        try QREncoder.encode(payload, ecc: .medium).matrix
    }
}
