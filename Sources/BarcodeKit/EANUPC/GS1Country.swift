/// The GS1 Member Organisation (or special use) behind a GS1 Prefix, the first three digits of
/// a GTIN-13. It tells who issued the company prefix, not where the product was made.
///
/// Table: GS1 "GS1 Company Prefix" list (https://www.gs1.org/standards/id-keys/company-prefix),
/// typed from the published list as of 2025; GS1 General Specifications §1.4 (GS1 Prefix) and
/// the restricted-circulation rules there. Unassigned prefixes look up as `nil`.
public struct GS1Country: Sendable, Hashable {
    /// The prefixes covered, e.g. `800...839` for Italy.
    public let prefixes: ClosedRange<Int>
    /// The country, region or use, e.g. "Italy, San Marino & Vatican City".
    public let name: String

    /// Whether the number is only meaningful inside a company or region (in-store, variable
    /// weight, coupons of one market) rather than globally unique.
    public var isRestrictedCirculation: Bool {
        [20...29, 40...49, 200...299].contains(prefixes) || name.hasPrefix("Restricted")
    }

    /// The entry for a full or partial code: 13 digits (EAN-13), 12 (UPC-A, read as 0 + code)
    /// or 8 (EAN-8). EAN-8 numbers starting 0 or 2 are restricted-circulation RCN-8s
    /// (GS1 General Specifications, restricted circulation numbers), and GTIN-8s are never
    /// issued under 977–999. `nil` for other lengths, non-digits, or an unassigned prefix.
    public static func lookup(_ code: String) -> GS1Country? {
        let digits = code.compactMap(GS1CheckDigit.digitValue)
        guard digits.count == code.count else { return nil }
        switch digits.count {
        case 13:
            return lookup(prefix: digits[0] * 100 + digits[1] * 10 + digits[2])
        case 12:
            return lookup(prefix: digits[0] * 10 + digits[1])
        case 8:
            if digits[0] == 0 || digits[0] == 2 {
                return GS1Country(prefixes: digits[0] * 100...digits[0] * 100 + 99, name: "Restricted circulation (RCN-8, in-store)")
            }
            let prefix = digits[0] * 100 + digits[1] * 10 + digits[2]
            return prefix >= 977 ? nil : lookup(prefix: prefix)
        default:
            return nil
        }
    }

    /// The entry for a three-digit GS1 Prefix (0–999).
    public static func lookup(prefix: Int) -> GS1Country? {
        // The table is sorted, so a binary search would do; 150 entries scan in well under a microsecond.
        table.first { $0.prefixes.contains(prefix) }
    }

    /// Every assigned range, sorted and non-overlapping.
    public static let table: [GS1Country] = [
        (0...19, "United States & Canada"),
        (20...29, "Restricted circulation (regional, in-store)"),
        (30...39, "United States (drugs, National Drug Code)"),
        (40...49, "Restricted circulation (within a company)"),
        (50...59, "Coupons (GS1 US)"),
        (60...139, "United States & Canada"),
        (200...299, "Restricted circulation (regional, in-store)"),
        (300...379, "France & Monaco"),
        (380...380, "Bulgaria"),
        (383...383, "Slovenia"),
        (385...385, "Croatia"),
        (387...387, "Bosnia & Herzegovina"),
        (389...389, "Montenegro"),
        (390...390, "Kosovo"),
        (400...440, "Germany"),
        (450...459, "Japan"),
        (460...469, "Russia"),
        (470...470, "Kyrgyzstan"),
        (471...471, "Taiwan"),
        (474...474, "Estonia"),
        (475...475, "Latvia"),
        (476...476, "Azerbaijan"),
        (477...477, "Lithuania"),
        (478...478, "Uzbekistan"),
        (479...479, "Sri Lanka"),
        (480...480, "Philippines"),
        (481...481, "Belarus"),
        (482...482, "Ukraine"),
        (483...483, "Turkmenistan"),
        (484...484, "Moldova"),
        (485...485, "Armenia"),
        (486...486, "Georgia"),
        (487...487, "Kazakhstan"),
        (488...488, "Tajikistan"),
        (489...489, "Hong Kong"),
        (490...499, "Japan"),
        (500...509, "United Kingdom"),
        (520...521, "Greece"),
        (528...528, "Lebanon"),
        (529...529, "Cyprus"),
        (530...530, "Albania"),
        (531...531, "North Macedonia"),
        (535...535, "Malta"),
        (539...539, "Ireland"),
        (540...549, "Belgium & Luxembourg"),
        (560...560, "Portugal"),
        (569...569, "Iceland"),
        (570...579, "Denmark, Faroe Islands & Greenland"),
        (590...590, "Poland"),
        (594...594, "Romania"),
        (599...599, "Hungary"),
        (600...601, "South Africa"),
        (603...603, "Ghana"),
        (604...604, "Senegal"),
        (605...605, "Uganda"),
        (606...606, "Angola"),
        (607...607, "Oman"),
        (608...608, "Bahrain"),
        (609...609, "Mauritius"),
        (611...611, "Morocco"),
        (613...613, "Algeria"),
        (615...615, "Nigeria"),
        (616...616, "Kenya"),
        (617...617, "Cameroon"),
        (618...618, "Côte d'Ivoire"),
        (619...619, "Tunisia"),
        (620...620, "Tanzania"),
        (621...621, "Syria"),
        (622...622, "Egypt"),
        (623...623, "Brunei"),
        (624...624, "Libya"),
        (625...625, "Jordan"),
        (626...626, "Iran"),
        (627...627, "Kuwait"),
        (628...628, "Saudi Arabia"),
        (629...629, "United Arab Emirates"),
        (630...630, "Qatar"),
        (631...631, "Namibia"),
        (632...632, "Rwanda"),
        (640...649, "Finland"),
        (680...681, "China"),
        (690...699, "China"),
        (700...709, "Norway"),
        (729...729, "Israel"),
        (730...739, "Sweden"),
        (740...740, "Guatemala"),
        (741...741, "El Salvador"),
        (742...742, "Honduras"),
        (743...743, "Nicaragua"),
        (744...744, "Costa Rica"),
        (745...745, "Panama"),
        (746...746, "Dominican Republic"),
        (750...750, "Mexico"),
        (754...755, "Canada"),
        (759...759, "Venezuela"),
        (760...769, "Switzerland & Liechtenstein"),
        (770...771, "Colombia"),
        (773...773, "Uruguay"),
        (775...775, "Peru"),
        (777...777, "Bolivia"),
        (778...779, "Argentina"),
        (780...780, "Chile"),
        (784...784, "Paraguay"),
        (786...786, "Ecuador"),
        (789...790, "Brazil"),
        (800...839, "Italy, San Marino & Vatican City"),
        (840...849, "Spain & Andorra"),
        (850...850, "Cuba"),
        (858...858, "Slovakia"),
        (859...859, "Czech Republic"),
        (860...860, "Serbia"),
        (865...865, "Mongolia"),
        (867...867, "North Korea"),
        (868...869, "Türkiye"),
        (870...879, "Netherlands"),
        (880...881, "South Korea"),
        (883...883, "Myanmar"),
        (884...884, "Cambodia"),
        (885...885, "Thailand"),
        (888...888, "Singapore"),
        (890...890, "India"),
        (893...893, "Vietnam"),
        (896...896, "Pakistan"),
        (899...899, "Indonesia"),
        (900...919, "Austria"),
        (930...939, "Australia"),
        (940...949, "New Zealand"),
        (950...950, "GS1 Global Office (special applications)"),
        (951...951, "GS1 Global Office (EPC General Manager Numbers)"),
        (952...952, "GS1 Global Office (demonstrations and examples)"),
        (955...955, "Malaysia"),
        (958...958, "Macau"),
        (960...969, "GS1 Global Office (GTIN-8 allocations)"),
        (977...977, "Serial publications (ISSN)"),
        (978...979, "Bookland (ISBN; 979-0 ISMN)"),
        (980...980, "Refund receipts"),
        (981...984, "Coupons (common currency areas)"),
        (990...999, "Coupons"),
    ].map { GS1Country(prefixes: $0.0, name: $0.1) }
}
