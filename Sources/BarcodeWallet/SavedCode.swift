import BarcodeKit
import Foundation

/// One code in a user's history: the code, and who saved it when with which description.
public struct SavedCode: Sendable, Hashable, Codable, Identifiable {
    /// The code's id (`barcode_code.id`), shared by every user who saved the same code.
    public var id: Int64
    public var format: BarcodeFormat
    /// The code; for EAN/UPC the main number alone.
    public var text: String
    /// The EAN-2/EAN-5 add-on printed beside an EAN/UPC number (a book's price, an issue), if any.
    public var addOn: String?
    public var description: String?
    public var savedAt: Date
    /// Who saved it: the viewer, or the default user whose codes everyone sees.
    public var ownerID: Int64
    public var ownerNickname: String
    /// Whether the viewer saved it, and so may delete it.
    public var isOwn: Bool

    /// `text` as the wallet stores it: an EAN/UPC number's add-on after a space is parted from it.
    public init(id: Int64, format: BarcodeFormat, text: String, description: String?, savedAt: Date, ownerID: Int64, ownerNickname: String, isOwn: Bool) {
        self.id = id
        self.format = format
        let parts = MainAndAddOn.mainLengths(format).isEmpty ? MainAndAddOn(main: text, addOn: nil) : MainAndAddOn(stored: text)
        self.text = parts.main
        self.addOn = parts.addOn
        self.description = description
        self.savedAt = savedAt
        self.ownerID = ownerID
        self.ownerNickname = ownerNickname
        self.isOwn = isOwn
    }

    /// The longest description kept, in characters.
    public static let maximumDescriptionLength = 200
}
