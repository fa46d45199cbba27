import BarcodeKit
import BarcodeWallet
import Foundation
import Hummingbird
import WebCore

// The JSON the wallet API reads and writes.

struct RegisterRequest: Decodable {
    let nickname: String
    let password: String
    let firstName: String?
    let lastName: String?
    let address: String?
    let email: String?
    let paymentNumber: String?

    var profile: NewProfile {
        NewProfile(
            nickname: nickname, password: password, firstName: firstName ?? "", lastName: lastName ?? "", address: address ?? "",
            email: email ?? "", paymentNumber: paymentNumber ?? "")
    }
}

struct LoginRequest: Decodable {
    let nickname: String
    let password: String
}

struct PasswordRequest: Decodable {
    let password: String
}

/// `PUT /api/barcodes/me`: the fields the payment SMS uses.
struct ProfileChangesRequest: Decodable {
    let firstName, lastName, address, email: String
    /// Left out: kept as it is; `""` clears it.
    let paymentNumber: String?

    var changes: WalletStore.ProfileChanges {
        .init(firstName: firstName, lastName: lastName, address: address, email: email, paymentNumber: paymentNumber)
    }
}

/// `POST /api/barcodes/me/password`.
struct PasswordChangeRequest: Decodable {
    let currentPassword: String
    let newPassword: String
}

struct SaveRequest: Decodable {
    let format: String
    let text: String
    let description: String?
}

struct UserBody: ResponseEncodable {
    let id: Int64
    let nickname: String
    let firstName: String
    let lastName: String
    let address: String
    let email: String
    let paymentNumber: String
    let isDefault: Bool

    init(_ user: WalletUser) {
        paymentNumber = user.paymentNumber
        id = user.id
        nickname = user.nickname
        firstName = user.firstName
        lastName = user.lastName
        address = user.address
        email = user.email
        isDefault = user.isDefault
    }
}

struct SessionBody: ResponseEncodable {
    let token: String
    let expires: Date
    let user: UserBody

    init(_ session: WalletSession) {
        token = session.token
        expires = session.expires
        user = UserBody(session.user)
    }
}

struct MeaningBody: Encodable {
    struct Detail: Encodable { let label, value: String }

    let kind: String
    let link: String?
    let needsConfirmation: Bool
    let country: String?
    let details: [Detail]
    let password: String?
    /// A contact, as a vCard 3.0 to save.
    let vCard: String?

    init(_ text: String, _ format: BarcodeFormat) {
        let view = CodeMeaningView(text, format: format)
        (kind, link, needsConfirmation, country) = (view.kind, view.link, view.needsConfirmation, view.country)
        details = view.details.map { Detail(label: $0.label, value: $0.value) }
        password = view.secret
        if case .contact(let contact)? = ScannedContent.parse(text), format == .qrCode || format == .code128 { vCard = contact.vCard } else { vCard = nil }
    }
}

struct ScannedBody: Encodable {
    let format: String
    let text: String
    let meaning: MeaningBody
}

struct ScanBody: ResponseEncodable {
    let barcodes: [ScannedBody]
}

struct CodeBody: ResponseEncodable {
    let id: Int64
    let format: String
    let text: String
    /// An EAN-2/EAN-5 add-on saved beside an EAN/UPC number (a book's price, an issue).
    let addOn: String?
    let description: String?
    let savedAt: Date
    let owner: String
    let isOwn: Bool
    let meaning: MeaningBody
    let picture: String

    init(_ code: SavedCode) {
        id = code.id
        format = code.format.rawValue
        text = code.text
        addOn = code.addOn
        description = code.description
        savedAt = code.savedAt
        owner = code.ownerNickname
        isOwn = code.isOwn
        meaning = MeaningBody(MainAndAddOn(main: code.text, addOn: code.addOn).stored, code.format)
        picture = WalletViews.renderPath(format: code.format, text: code.text).replacingOccurrences(of: "/barcodes/", with: "/api/barcodes/")
    }
}

struct CodeList: ResponseEncodable {
    let codes: [CodeBody]
}

struct SMSBody: ResponseEncodable {
    let to: String
    /// Who gave `to`: `profile`, `operator` (the wallet's), or `request` (the caller's `?to=`).
    let recipientSource: String
    let body: String
    let link: String
}
