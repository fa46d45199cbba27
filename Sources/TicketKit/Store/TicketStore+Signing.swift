import BarcodeKit
import Crypto
import Foundation

/// The store's signing key, and what an inspector's device does with a ticket.
extension TicketStore {
    /// The key every ticket of this store is signed with, created with the database and kept
    /// in `ticket_signing_key`.
    public func signingKey() throws -> Curve25519.Signing.PrivateKey { key }

    /// What an inspector's device needs to check tickets offline.
    public func publicKey() throws -> Curve25519.Signing.PublicKey { key.publicKey }

    /// Checks the payload's signature with the store's key, then its validity at `instant`.
    public func verify(_ payload: String, at instant: Date) throws(TicketRejection) -> Ticket {
        try TicketPayload.verify(payload, publicKey: key.publicKey, at: instant)
    }

    /// The ticket's QR Code (level M: 15 % of the symbol may be lost, a phone screen's glare
    /// or a crack, while a 132-character payload stays at version 6).
    public func qrCode(for payload: String) throws(BarcodeError) -> BitMatrix {
        try QREncoder.encode(payload, ecc: .medium).matrix
    }
}
