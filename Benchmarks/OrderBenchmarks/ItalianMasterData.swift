import Amounts
import Foundation
import OrderCompany
import OrderKit

/// A company's master data the size the benchmarks need, generated the same way every run:
/// food and catering suppliers, the bars, restaurants and shops an agent sells to, their price
/// lists and cascaded discounts, with the accents and apostrophes of real Italian names
/// ("Caffè Società Cooperativa", "Forlì", "Città di Castello", "Sant'Agata Bolognese").
///
/// Record `n` of a kind is a pure function of `n`, so a supplier's products, a discount's
/// customer and product always exist, and the figures of two runs are comparable. Remote ids
/// are the company's own (`F0001`, `C00001`, `P000001`, `S00001`).
struct ItalianMasterData {
    let supplierCount: Int
    let customerCount: Int
    let productCount: Int
    let discountCount: Int

    /// The thesis-sized company of issue 8: 100,000 records.
    static let hundredThousand = ItalianMasterData(supplierCount: 1_000, customerCount: 20_000, productCount: 69_000, discountCount: 10_000)

    var recordCount: Int { supplierCount + customerCount + productCount + discountCount }

    // MARK: Records

    func supplierID(_ index: Int) -> String { "F" + Self.padded(index + 1, 4) }
    func customerID(_ index: Int) -> String { "C" + Self.padded(index + 1, 5) }
    func productID(_ index: Int) -> String { "P" + Self.padded(index + 1, 6) }
    func discountID(_ index: Int) -> String { "S" + Self.padded(index + 1, 5) }

    func supplier(_ index: Int) -> Supplier {
        let sector = Self.sectors[index % Self.sectors.count]
        let surname = Self.surnames[(index / Self.sectors.count) % Self.surnames.count]
        let form = Self.legalForms[(index / 7) % Self.legalForms.count]
        let city = Self.cities[(index * 5) % Self.cities.count]
        let first = Self.firstNames[(index * 11) % Self.firstNames.count]
        let name = "\(sector.business) \(surname) \(form)"
        return Supplier(
            name: name, email: "ordini@\(Self.slug(sector.business + surname))\(index + 1).it", contact: "\(first) \(surname)",
            phone: Self.phone(city.areaCode, index), mobile: Self.mobile(index), fax: Self.phone(city.areaCode, index + 1),
            city: city.name, address: Self.address(index)
        )
    }

    func customer(_ index: Int) -> Customer {
        let kind = Self.customerKinds[index % Self.customerKinds.count]
        let first = Self.firstNames[(index / Self.customerKinds.count) % Self.firstNames.count]
        let surname = Self.surnames[(index * 7) % Self.surnames.count]
        let form = Self.legalForms[(index / 3) % Self.legalForms.count]
        let city = Self.cities[(index * 3) % Self.cities.count]
        let vat = Self.vatNumber(company: 1_000_000 + index * 37, office: city.vatOffice)
        return Customer(
            companyName: "\(kind) da \(first) di \(surname) \(form)", contact: "\(first) \(surname)", vatNumber: vat, taxCode: vat,
            iban: Self.iban(account: index), phone: Self.phone(city.areaCode, 50_000 + index), mobile: Self.mobile(50_000 + index),
            email: "\(Self.slug(kind + first + surname))\(index + 1)@pec.it", address: Self.address(index), city: city.name,
            province: city.province, postcode: city.postcode, notes: index % 5 == 0 ? "Chiuso il lunedì; consegne entro le 11:00, citofono “Magazzino”" : ""
        )
    }

    /// Products belong to suppliers in runs of `productCount / supplierCount` (69 each here).
    func productSupplier(_ index: Int) -> Int { min(index / max(productCount / supplierCount, 1), supplierCount - 1) }

    func product(_ index: Int) -> Product {
        let sector = Self.sectors[productSupplier(index) % Self.sectors.count]
        let item = sector.items[index % sector.items.count]
        let size = sector.sizes[(index / sector.items.count) % sector.sizes.count]
        let cents = 45 + (index * 7_919) % 29_000
        return Product(
            code: "\(sector.codePrefix)-\(Self.padded(index + 1, 6))", supplierID: 0, description: "\(item), \(size)",
            price: Money(cents: cents) ?? .zero, minimumQuantity: [1, 1, 6, 12, 1, 24][index % 6]
        )
    }

    /// Half cover a supplier's whole price list for a customer, half one product of it.
    func discount(_ index: Int) -> (levels: [Decimal], supplier: Int, customer: Int, product: Int?) {
        let supplier = index % supplierCount
        let customer = (index * 7) % customerCount
        let perSupplier = max(productCount / supplierCount, 1)
        let product = index % 2 == 0 ? nil : supplier * perSupplier + (index / 2) % perSupplier
        let levels: [[Decimal]] = [[10], [10, 5], [10, 5, 2], [Decimal(75) / 10], [20, 3], [Decimal(125) / 10, 5]]
        return (levels[index % levels.count], supplier, customer, product)
    }

    /// Every record as the company sends it: suppliers and customers first, then the products
    /// and discounts that name them.
    func commands(company: String) -> [SyncCommand] {
        var commands: [SyncCommand] = []
        commands.reserveCapacity(recordCount)
        for item in records() {
            commands.append(.insert(item.record, company: company, remoteID: item.remoteID))
        }
        return commands
    }

    /// The same records as the company's store holds them.
    func records() -> [CompanyRecord] {
        var records: [CompanyRecord] = []
        records.reserveCapacity(recordCount)
        for index in 0..<supplierCount { records.append(CompanyRecord(remoteID: supplierID(index), record: .supplier(supplier(index)))) }
        for index in 0..<customerCount { records.append(CompanyRecord(remoteID: customerID(index), record: .customer(customer(index)))) }
        for index in 0..<productCount {
            records.append(CompanyRecord(remoteID: productID(index), record: .product(product(index), supplierRemoteID: supplierID(productSupplier(index)))))
        }
        for index in 0..<discountCount {
            let discount = discount(index)
            let record = SyncRecord.discount(
                levels: discount.levels, supplierRemoteID: supplierID(discount.supplier), customerRemoteID: customerID(discount.customer),
                productRemoteID: discount.product.map(productID)
            )
            records.append(CompanyRecord(remoteID: discountID(index), record: record))
        }
        return records
    }

    /// The products as a company exports its price list from Excel in Italy: "CSV UTF-8" with
    /// a byte-order mark, `;` between fields, decimal commas, descriptions quoted.
    func productsCSV() -> [UInt8] {
        var text = "\u{FEFF}Codice;Fornitore;Descrizione;Prezzo;Quantità minima\r\n"
        text.reserveCapacity(productCount * 80)
        for index in 0..<productCount {
            let product = product(index)
            let price = product.price.plainText.replacingOccurrences(of: ".", with: ",")
            text += "\(product.code);\(supplierID(productSupplier(index)));\"\(product.description)\";\(price);\(product.minimumQuantity)\r\n"
        }
        return Array(text.utf8)
    }

    // MARK: Vocabulary

    struct Sector {
        let business: String
        let codePrefix: String
        let items: [String]
        let sizes: [String]
    }

    static let sectors: [Sector] = [
        Sector(business: "Pastificio", codePrefix: "PAS", items: [
            "Spaghetti di semola di grano duro trafilati al bronzo", "Penne rigate", "Tagliatelle all'uovo", "Orecchiette pugliesi",
            "Paccheri di Gragnano IGP", "Tortellini di Bologna, ripieno di carne",
        ], sizes: ["500 g", "1 kg", "3 kg, confezione per la ristorazione"]),
        Sector(business: "Caffè", codePrefix: "CAF", items: [
            "Caffè in grani, miscela 100% Arabica", "Caffè macinato per moka", "Cialde ESE compostabili", "Orzo solubile", "Ginseng in polvere",
        ], sizes: ["250 g", "1 kg", "cartone da 150 pezzi"]),
        Sector(business: "Caseificio", codePrefix: "CAS", items: [
            "Parmigiano Reggiano DOP stagionato 24 mesi", "Grana Padano DOP", "Mozzarella di bufala campana DOP", "Pecorino romano DOP",
            "Gorgonzola dolce", "Squacquerone di Romagna DOP",
        ], sizes: ["1 kg sottovuoto", "forma intera, circa 38 kg", "250 g"]),
        Sector(business: "Oleificio", codePrefix: "OLI", items: [
            "Olio extravergine d'oliva", "Olio EVO biologico, spremuto a freddo", "Olio di semi di girasole alto oleico",
            "Olio aromatizzato al peperoncino",
        ], sizes: ["bottiglia da 0,75 l", "latta da 5 l", "bag-in-box da 10 l"]),
        Sector(business: "Cantina", codePrefix: "VIN", items: [
            "Lambrusco di Sorbara DOC", "Sangiovese di Romagna DOC", "Prosecco Superiore DOCG", "Nero d'Avola", "Vermentino di Gallura DOCG",
            "Barbera d'Asti", "Albana di Romagna passito",
        ], sizes: ["bottiglia da 0,75 l", "cartone da 6 bottiglie", "magnum 1,5 l"]),
        Sector(business: "Salumificio", codePrefix: "SAL", items: [
            "Prosciutto di Parma DOP 18 mesi", "Mortadella Bologna IGP", "Culatello di Zibello DOP", "Salame Felino IGP",
            "Bresaola della Valtellina IGP", "Speck Alto Adige IGP",
        ], sizes: ["intero", "trancio sottovuoto", "affettato, vaschetta da 100 g"]),
        Sector(business: "Pasticceria", codePrefix: "DOL", items: [
            "Cantucci toscani alle mandorle", "Panettone artigianale con uvetta e canditi", "Torrone morbido al pistacchio di Bronte",
            "Amaretti morbidi", "Babà al rum",
        ], sizes: ["200 g", "1 kg", "vassoio da 12 pezzi"]),
        Sector(business: "Forniture Alberghiere", codePrefix: "FOR", items: [
            "Tovaglioli in carta 33 × 33 cm, 2 veli", "Bicchieri in vetro temperato", "Tovaglie coprimacchia in cotone",
            "Detergente per lavastoviglie professionale",
        ], sizes: ["confezione da 100", "cartone da 12", "tanica da 10 kg"]),
    ]

    static let customerKinds = [
        "Bar", "Trattoria", "Ristorante", "Pizzeria", "Alimentari", "Gastronomia", "Enoteca", "Pasticceria", "Osteria", "Salumeria",
        "Caffè", "Albergo", "Agriturismo", "Gelateria",
    ]

    static let surnames = [
        "Rossi", "Bianchi", "Ferrari", "Esposito", "Romano", "Colombo", "Ricci", "Marino", "Greco", "Bruno", "Gallo", "Conti", "De Luca",
        "Mancini", "Costa", "Giordano", "Rizzo", "Lombardi", "Moretti", "Barbieri", "Fontana", "Santoro", "Mariani", "Rinaldi", "Caruso",
        "Ferrara", "Galli", "Martini", "Leone", "Longo", "Gentile", "Martinelli", "Vitale", "Serra", "Coppola", "De Santis", "D'Angelo",
        "Marchetti", "Parisi", "Villa", "Conte", "Ferri", "Fabbri", "Bianco", "Marini", "Grasso", "Valentini", "Messina", "Sala",
        "Pellegrini", "Palumbo", "Sanna", "Farina", "Monti", "Cattaneo", "Morelli", "Amato", "Silvestri", "Mazzà", "Testa", "Lucà",
        "Carbone", "Benedetti", "Barone", "Caputo", "Montanari", "Guerra", "Palmieri", "Bernardi", "Fiore", "De Rosa", "Bellini",
        "Basile", "Donati", "Piras", "Sartori", "Neri", "Pagano", "Sorrentino", "D'Amico", "Orlando", "Negri", "Canè", "Sapienza",
    ]

    static let firstNames = [
        "Giuseppe", "Maria", "Giovanni", "Anna", "Antonio", "Francesca", "Mario", "Lucia", "Luca", "Chiara", "Niccolò", "Elena",
        "Marco", "Giulia", "Andrea", "Federica", "Francesco", "Sara", "Alessandro", "Martina", "Lorenzo", "Paola", "Matteo", "Ilaria",
        "Salvatore", "Rosaria", "Gianluca", "Simona", "Stefano", "Noemi",
    ]

    static let legalForms = ["S.r.l.", "S.p.A.", "S.n.c.", "Società Cooperativa", "S.a.s.", "& C. S.n.c.", "S.r.l.s."]

    struct City {
        let name: String
        let province: String
        let postcode: String
        let areaCode: String
        /// The provincial office code in the VAT number's digits 8–10.
        let vatOffice: Int
    }

    static let cities = [
        City(name: "Forlì", province: "FC", postcode: "47121", areaCode: "0543", vatOffice: 40),
        City(name: "Città di Castello", province: "PG", postcode: "06012", areaCode: "075", vatOffice: 54),
        City(name: "Bologna", province: "BO", postcode: "40121", areaCode: "051", vatOffice: 37),
        City(name: "Cantù", province: "CO", postcode: "22063", areaCode: "031", vatOffice: 13),
        City(name: "Canicattì", province: "AG", postcode: "92024", areaCode: "0922", vatOffice: 84),
        City(name: "Nardò", province: "LE", postcode: "73048", areaCode: "0833", vatOffice: 75),
        City(name: "Mondovì", province: "CN", postcode: "12084", areaCode: "0174", vatOffice: 4),
        City(name: "Paternò", province: "CT", postcode: "95047", areaCode: "095", vatOffice: 87),
        City(name: "Sant'Agata Bolognese", province: "BO", postcode: "40019", areaCode: "051", vatOffice: 37),
        City(name: "Reggio nell'Emilia", province: "RE", postcode: "42121", areaCode: "0522", vatOffice: 35),
        City(name: "Modena", province: "MO", postcode: "41121", areaCode: "059", vatOffice: 36),
        City(name: "Napoli", province: "NA", postcode: "80133", areaCode: "081", vatOffice: 63),
        City(name: "Ruvo di Puglia", province: "BA", postcode: "70037", areaCode: "080", vatOffice: 72),
        City(name: "Aosta", province: "AO", postcode: "11100", areaCode: "0165", vatOffice: 7),
        City(name: "Bolzano", province: "BZ", postcode: "39100", areaCode: "0471", vatOffice: 21),
        City(name: "Santa Maria Capua Vetere", province: "CE", postcode: "81055", areaCode: "0823", vatOffice: 61),
    ]

    static let streets = [
        "Via Emilia", "Via Roma", "Corso Garibaldi", "Piazza Maggiore", "Via Cavour", "Viale Giosuè Carducci", "Via dell'Indipendenza",
        "Largo Niccolò Machiavelli", "Via San Francesco d'Assisi", "Via XX Settembre", "Corso Vittorio Emanuele II", "Via Alcide De Gasperi",
    ]

    // MARK: Formats

    static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(width - digits.count, 0)) + digits
    }

    static func address(_ index: Int) -> String { "\(streets[index % streets.count]) \(1 + (index * 13) % 240)" }

    static func phone(_ areaCode: String, _ index: Int) -> String { "\(areaCode) \(padded(100_000 + (index * 7_331) % 900_000, 6))" }

    static func mobile(_ index: Int) -> String { "+39 3\(30 + index % 60) \(padded((index * 104_729) % 10_000_000, 7))" }

    /// Lower-case ASCII letters only, for an e-mail address made from a name.
    static func slug(_ text: String) -> String {
        String(text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: Locale(identifier: "it_IT")).lowercased().filter { $0.isASCII && $0.isLetter })
    }

    /// An Italian VAT number (partita IVA): 7 digits of the company, 3 of the provincial
    /// office, and the check digit of the Luhn-like rule of D.M. 23 dicembre 1976.
    static func vatNumber(company: Int, office: Int) -> String {
        let body = padded(company % 10_000_000, 7) + padded(office, 3)
        var sum = 0
        for (position, character) in body.enumerated() {
            let digit = character.wholeNumberValue ?? 0
            if position % 2 == 0 {
                sum += digit
            } else {
                let doubled = digit * 2
                sum += doubled > 9 ? doubled - 9 : doubled
            }
        }
        return body + String((10 - sum % 10) % 10)
    }

    /// An Italian IBAN (IT, 27 characters) with correct ISO 13616 check digits: CIN, ABI 05387
    /// (a Bologna bank), a CAB and a 12-digit account.
    static func iban(account: Int) -> String {
        let bban = "X" + "05387" + padded(2_400 + account % 600, 5) + padded(account * 97 + 1_000, 12)
        // Check digits: the BBAN, then "IT00", letters as 10…35, mod 97.
        var remainder = 0
        for character in (bban + "IT00") {
            let value = character.wholeNumberValue ?? (Int(character.asciiValue ?? 65) - 55)
            for digit in String(value) { remainder = (remainder * 10 + (digit.wholeNumberValue ?? 0)) % 97 }
        }
        return "IT" + padded(98 - remainder, 2) + bban
    }
}
