import BarcodeWallet
import Hummingbird
import WebCore

/// The barcode screens and the wallet under `/barcodes` (its shared codes' admin under
/// `/barcodes/admin`), and their JSON API under `/api/barcodes`.
package func addRoutes(to router: Router<WebRequestContext>, sessions: WalletSessions, adminGate: AdminGate, templates: Templates) {
    BarcodeScreenRoutes(templates: templates, sessions: sessions).register(on: router.group("barcodes"))
    WalletAdminScreens(
        screens: Screens(templates: templates, navigation: [.init(label: "Scan", href: "/barcodes"), .init(label: "History", href: "/barcodes/history")], home: "/barcodes"),
        store: sessions.store, gate: adminGate
    ).register(on: router.group("barcodes/admin"))
    BarcodeAPIRoutes(sessions: sessions).register(on: router.group("api/barcodes"))
}
