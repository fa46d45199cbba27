import BarcodeKit
import BarcodeWallet
import Foundation
import WebCore

/// The wallet's screens as typed views: each computes its own flags, and Mustache reads their
/// stored properties.
enum WalletViews {
    static func renderPath(format: BarcodeFormat, text: String) -> String {
        var components = URLComponents()
        components.path = "/barcodes/render.svg"
        components.queryItems = [URLQueryItem(name: "format", value: format.rawValue), URLQueryItem(name: "text", value: text)]
        return components.string ?? "/barcodes/render.svg"
    }

    static func day(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle().year().month().day())
    }
}

struct WalletUserView: Encodable {
    let nickname, firstName, lastName, address, email, paymentNumber: String
    let isDefault: Bool

    init(_ user: WalletUser) {
        paymentNumber = user.paymentNumber
        (nickname, firstName, lastName, address, email, isDefault) = (user.nickname, user.firstName, user.lastName, user.address, user.email, user.isDefault)
    }
}

/// Where a scanned text leads: the action matching what it carries (``ScannedTextMeaning``), the
/// details it holds (a Wi-Fi network, a contact, GS1 fields), and the GS1 country of a product.
struct CodeMeaningView: Encodable {
    struct Detail: Encodable { let label, value: String }

    let kind: String
    let link: String?
    let action: String?
    /// Plain text goes to a search engine only after the user agrees.
    let needsConfirmation: Bool
    let country: String?
    let details: [Detail]
    let hasDetails: Bool
    /// A Wi-Fi password, shown with a copy button.
    let secret: String?
    /// A contact: the text to post back for its .vcf.
    let contactText: String?

    init(_ text: String, format: BarcodeFormat) {
        let meaning = ScannedTextMeaning.classify(text, format: format)
        kind = meaning.kind.rawValue
        link = meaning.link?.absoluteString
        needsConfirmation = meaning.needsConfirmation
        country = meaning.country
        action = switch meaning.kind {
        case .website: "Open the website"
        case .webSearch: "Search the web for this text"
        case .phone: "Call"
        case .sms: "Write the SMS"
        case .email: "Write the e-mail"
        case .geo: "Open the map"
        case .product, .gs1: "Search for the product"
        case .book: "Find the book"
        case .magazine: "Find the magazine"
        case .wifi, .contact: nil
        }
        var details: [Detail] = []
        var secret: String?
        var contactText: String?
        switch meaning.content {
        case .wifi(let ssid, let password, let security, let hidden)?:
            details = [Detail(label: "Network", value: ssid), Detail(label: "Security", value: security ?? "open (no password)")]
            if hidden { details.append(Detail(label: "Hidden network", value: "yes")) }
            secret = password
        case .contact(let contact)?:
            details = [Detail(label: "Name", value: contact.name)] + contact.phones.map { Detail(label: "Phone", value: $0) }
                + contact.emails.map { Detail(label: "E-mail", value: $0) }
            for (label, value) in [("Organisation", contact.organisation), ("Address", contact.address), ("Web", contact.url), ("Note", contact.note)] {
                if let value, !value.isEmpty { details.append(Detail(label: label, value: value)) }
            }
            contactText = text
        case .phone(let number)?: details = [Detail(label: "Number", value: number)]
        case .sms(let number, let body)?:
            details = [Detail(label: "To", value: number)] + (body.map { [Detail(label: "Message", value: $0)] } ?? [])
        case .email(let to, let subject, let body)?:
            details = [Detail(label: "To", value: to)] + [("Subject", subject), ("Message", body)].compactMap { label, value in value.map { Detail(label: label, value: $0) } }
        case .geo(let latitude, let longitude, let query)?:
            details = [Detail(label: "Latitude", value: String(latitude)), Detail(label: "Longitude", value: String(longitude))]
                + (query.map { [Detail(label: "Place", value: $0)] } ?? [])
        case .gs1(let fields)?:
            details = fields.map { Detail(label: "(\($0.identifier)) \($0.name)", value: $0.value) }
        case nil: break
        }
        let parts = MainAndAddOn(text, format: format)
        if parts.addOn != nil || meaning.kind == .magazine {
            details.append(Detail(label: "Number", value: parts.main))
            if meaning.kind == .magazine, let issn = ScannedTextMeaning.issn(fromEAN13: parts.main) { details.append(Detail(label: "ISSN", value: issn)) }
            if let addOn = parts.addOn {
                details.append(Detail(label: meaning.kind == .magazine ? "Issue (add-on)" : meaning.kind == .book ? "Price (add-on)" : "Add-on", value: addOn))
            }
        }
        (self.details, self.secret, self.contactText) = (details, secret, contactText)
        hasDetails = !details.isEmpty
    }
}

/// One saved code, in the history and on its own screen.
struct SavedCodeView: Encodable {
    let id: Int64
    let format, formatLabel, text, picture, savedAt, owner: String
    let isOwn: Bool
    let description: String?
    /// An EAN-2/EAN-5 add-on saved beside the number.
    let addOn: String?

    init(_ code: SavedCode) {
        (id, format, formatLabel, text) = (code.id, code.format.rawValue, code.format.displayName, code.text)
        addOn = code.addOn
        picture = WalletViews.renderPath(format: code.format, text: code.text)
        (savedAt, owner, isOwn) = (WalletViews.day(code.savedAt), code.ownerNickname, code.isOwn)
        description = code.description.flatMap { $0.isEmpty ? nil : $0 }
    }
}

struct ScanPage: Encodable {
    struct FormatChoice: Encodable { let value, label: String }

    let title = "Scan a barcode"
    let user: WalletUserView
    let formats = BarcodeFormat.allCases.map { FormatChoice(value: $0.rawValue, label: $0.displayName) }
    let error: String?
}

struct ScanResultPage: Encodable {
    struct ReadCode: Encodable {
        let format, formatLabel, text: String
        let meaning: CodeMeaningView
    }

    let title: String
    let picture: String
    let codes: [ReadCode]
    let nothingFound: Bool

    init(found: [DecodedBarcode], picture: String) {
        codes = found.map { ReadCode(format: $0.format.rawValue, formatLabel: $0.format.displayName, text: $0.text, meaning: CodeMeaningView($0.text, format: $0.format)) }
        title = codes.isEmpty ? "No barcode found" : "Barcode read"
        nothingFound = codes.isEmpty
        self.picture = picture
    }
}

struct HistoryPage: Encodable {
    let title = "History"
    let codes: [SavedCodeView]
    let empty: Bool
    let user: WalletUserView

    init(codes: [SavedCode], user: WalletUser) {
        self.codes = codes.map(SavedCodeView.init)
        empty = codes.isEmpty
        self.user = WalletUserView(user)
    }
}

/// One code's screen: the code, where it leads, and the thesis's payment SMS.
struct CodePage: Encodable {
    struct SMS: Encodable {
        let to, body, link: String
        /// Whose number `to` is, or what to do when there is none.
        let recipientNote: String
        /// A number to send to: without one the link is not offered (`sms:?body=` goes nowhere).
        let canSend: Bool

        static func note(typed: String?, supplied: PaymentRecipient?) -> String {
            if let typed, typed != supplied?.number { return "The number you typed." }
            switch supplied?.source {
            case .profile?: return "Your profile's payment number."
            case .operator?: return "The payment number this wallet's operator set."
            case nil: return "No payment number yet: type one, or add yours to your profile."
            }
        }
    }

    let title: String
    let code: SavedCodeView
    let meaning: CodeMeaningView
    let justSaved: Bool
    /// The payment SMS is for EAN-13 product codes only (issue 39's reading of seed 001 §11.1: the
    /// saved barcodes' SMS, composed as §11.1.3 says): nil for any
    /// other code, so nothing scanned from a QR Code (a Wi-Fi password) is ever put in an SMS.
    let sms: SMS?
}

struct ProfilePage: Encodable {
    struct SignedOut: Encodable {
        /// The first account's nickname, on a single-user server; nil where everyone logs in.
        let defaultNickname: String?
        /// Where the log-in goes next (a page that asked for it), carried in the forms.
        let next: String?
    }

    let title = "Profile"
    let signedIn: WalletUserView?
    let signedOut: SignedOut?
    let loginError, registerError, deleteError: String?
    let editError, passwordError: String?
    /// What was just saved.
    let done: String?
}
