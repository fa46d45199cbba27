import BarcodeKit
import Foundation

/// Checking a code before it is saved, and the words for it in messages.
enum WalletCode {
    /// The longest text kept: a version 40-L QR Code holds 2,953 bytes, and the encoder refuses
    /// longer ones anyway; this bounds the work before encoding is even tried.
    static let maximumTextLength = 4_296

    /// The text as it is stored, after BarcodeKit accepted it for `format`.
    ///
    /// EAN/UPC numbers go through ``EANUPC/check(_:as:)`` (digits, length, check digit; spaces around
    /// them are dropped, since none can be part of the number), an EAN-2/EAN-5 add-on kept after a
    /// space (``MainAndAddOn``), and UPC-E is stored as its full
    /// 8 digits so the 6-, 7- and 8-digit forms of one number are one code. Code 128 and QR Code
    /// text is kept exactly as given and accepted when their encoders can draw it: the symbol the
    /// history shows must exist.
    static func normalized(_ text: String, format: BarcodeFormat) throws(WalletError) -> String {
        switch format {
        case .ean13, .ean8, .upcA, .upcE:
            // A book's price or a magazine's issue (EAN-2/EAN-5) is kept beside the number.
            let parts = MainAndAddOn(text, format: format)
            do {
                return MainAndAddOn(main: try EANUPC.check(parts.main, as: format).digits, addOn: parts.addOn).stored
            } catch {
                throw .invalidCode(format: format, problem: error.errorDescription ?? "\(error)")
            }
        case .code128, .qrCode, .microQRCode:
            guard !text.isEmpty else { throw .invalidCode(format: format, problem: "it is empty") }
            guard text.count <= maximumTextLength else {
                throw .invalidCode(format: format, problem: "\(text.count) characters are more than any symbol holds")
            }
            do {
                _ = try BarcodeDrawing.symbol(format: format, text: text)
            } catch {
                throw .invalidCode(format: format, problem: error.errorDescription ?? "\(error)")
            }
            return text
        }
    }

    /// `text` on one line and at most 40 characters, for a message that quotes it.
    static func shortened(_ text: String) -> String {
        let oneLine = String(text.map { $0.isNewline ? " " : $0 })
        return oneLine.count <= 40 ? oneLine : String(oneLine.prefix(39)) + "…"
    }

    /// The calendar day of `date` as ISO 8601 (2025-11-23), in UTC: the Kit does not know the
    /// reader's time zone, and this form cannot be misread as day/month or month/day.
    static func day(of date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day())
    }
}
