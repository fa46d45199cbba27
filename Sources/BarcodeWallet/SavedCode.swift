import BarcodeKit
import Foundation

/// One code in a user's history: the code, and who saved it when with which description.
public struct SavedCode: Sendable, Hashable, Codable, Identifiable {
    /// The code's id (`barcode_code.id`), shared by every user who saved the same code.
    public var id: Int64
    public var format: BarcodeFormat
    public var text: String
    public var description: String?
    public var savedAt: Date
    /// Who saved it: the viewer, or the default user whose codes everyone sees.
    public var ownerID: Int64
    public var ownerNickname: String
    /// Whether the viewer saved it, and so may delete it.
    public var isOwn: Bool

    public init(id: Int64, format: BarcodeFormat, text: String, description: String?, savedAt: Date, ownerID: Int64, ownerNickname: String, isOwn: Bool) {
        self.id = id
        self.format = format
        self.text = text
        self.description = description
        self.savedAt = savedAt
        self.ownerID = ownerID
        self.ownerNickname = ownerNickname
        self.isOwn = isOwn
    }

    /// The longest description kept, in characters.
    public static let maximumDescriptionLength = 200
}
