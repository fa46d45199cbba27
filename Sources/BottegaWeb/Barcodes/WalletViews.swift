import BarcodeKit
import BarcodeWallet
import Foundation

/// What the wallet's templates show, as plain dictionaries (Mustache reads them directly).
enum WalletViews {
    static func renderPath(format: BarcodeFormat, text: String) -> String {
        var components = URLComponents()
        components.path = "/barcodes/render.svg"
        components.queryItems = [URLQueryItem(name: "format", value: format.rawValue), URLQueryItem(name: "text", value: text)]
        return components.string ?? "/barcodes/render.svg"
    }

    static func meaning(_ text: String, format: BarcodeFormat) -> [String: Any] {
        let meaning = ScannedTextMeaning.classify(text, format: format)
        var view: [String: Any] = ["link": meaning.link.absoluteString, "isWebsite": meaning.kind == .website]
        if let country = meaning.country { view["country"] = country }
        return view
    }

    static func row(_ code: SavedCode) -> [String: Any] {
        var view: [String: Any] = [
            "id": code.id, "format": code.format.rawValue, "formatLabel": code.format.displayName, "text": code.text,
            "picture": renderPath(format: code.format, text: code.text), "savedAt": day(code.savedAt),
            "owner": code.ownerNickname, "isOwn": code.isOwn,
        ]
        if let description = code.description, !description.isEmpty { view["description"] = description }
        return view
    }

    static func user(_ user: WalletUser) -> [String: Any] {
        ["nickname": user.nickname, "firstName": user.firstName, "lastName": user.lastName, "address": user.address, "email": user.email, "isDefault": user.isDefault]
    }

    static func day(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle().year().month().day())
    }
}
