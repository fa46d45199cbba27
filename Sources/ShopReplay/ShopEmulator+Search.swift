import Foundation
import XMLText

/// `GET /api/search?query=…&language=N` for searches nobody recorded, answered from the
/// recorded products the way PrestaShop 8.1's `Search::find` finds them (what the webservice's
/// `WebserviceSpecificManagementSearch` calls), so a demo finds more than the recorded "mug":
///
/// - words are extracted as `Search::extractKeyWords` does: tags stripped, lower case, accents
///   removed, split on anything but letters and digits, and a hyphenated word also kept whole
///   and joined (`t-shirt` → `t-shirt`, `tshirt`, `shirt`); words shorter than
///   `PS_SEARCH_MINWORDLEN` (3 by default) are dropped;
/// - a product matches when **every** word of the query is the start of one of its indexed
///   words (`sw.word LIKE 'word%'`, `PS_SEARCH_START` off by default), in its name,
///   reference, summary, description, default category's name, manufacturer's name, the
///   values of its features and of its combinations' attributes (`Search::getProductsToIndex`),
///   in the asked language; tags are indexed too, though the recordings have none;
/// - words in the shop's `PS_SEARCH_BLACKLIST` (the recorded translated configuration) are
///   dropped from the index and the query alike;
/// - only active products visible to search (`visibility` both or search) are found;
/// - they come by relevance (`ORDER BY position DESC`, the sum of the matched words' weights:
///   reference 10, name 6, tags 4, category and manufacturer 3, attributes and features 2,
///   summary and description 1: the shop's default `PS_SEARCH_WEIGHT_*`),
///   ties by id (MySQL leaves them unordered: the recorded XML and JSON disagree);
/// - the answer has the shape of the recorded ones: `<products>` then `<categories>` (the found
///   products' categories), or `{"products":[{"id":…}],"categories":[…]}` for JSON.
extension ShopEmulator {
    /// PrestaShop's default `PS_SEARCH_MINWORDLEN`.
    static let searchMinimumWordLength = 3
    /// The default `PS_SEARCH_WEIGHT_*` of the fields the replay indexes.
    static let searchWeights: [(field: String, weight: Int)] = [
        ("reference", 10), ("name", 6), ("description_short", 1), ("description", 1),
    ]

    mutating func searchAnswer(query: [ReplayQuery.Pair], head: Bool) -> Answer {
        let value = { (name: String) in query.last { $0.name == name }?.value }
        guard let text = value("query"), !text.isEmpty, let language = value("language"), !language.isEmpty else {
            return error(400, 100, "You have to set both the 'language' and 'query' parameters to get a result")
        }
        let products = load("products")
        let found = Self.search(text, language: language, in: products.records, blacklist: searchBlacklist(language: language)) { [self] record in
            indexedNeighbours(of: record, language: language)
        }
        let categories = Set(found.flatMap { id in
            products.records[id]?.child("associations")?.child("categories")?.children.compactMap { $0.child("id").flatMap { Int($0.text) } } ?? []
        }).sorted()
        let json = value("output_format")?.uppercased() == "JSON" || value("io_format")?.uppercased() == "JSON"
        guard !head else { return Answer(status: 200, body: [], contentType: json ? "application/json" : nil) }
        if json {
            let list = { (ids: [Int]) in ids.map { "{\"id\":\($0)}" }.joined(separator: ",") }
            return Answer(status: 200, body: Array("{\"products\":[\(list(found))],\"categories\":[\(list(categories))]}".utf8), contentType: "application/json")
        }
        let categoryBase = load("categories").linkBase
        var xml = ReplayXMLWriter.header + "<products>\n"
        for id in found { xml += "<product id=\"\(id)\" xlink:href=\"\(XMLText.escaped(products.linkBase))products/\(id)\"/>\n" }
        xml += "</products>\n<categories>\n"
        for id in categories { xml += "<category id=\"\(id)\" xlink:href=\"\(XMLText.escaped(categoryBase))categories/\(id)\"/>\n" }
        xml += "</categories>\n" + ReplayXMLWriter.footer
        return Answer(status: 200, body: Array(xml.utf8))
    }

    /// The ids of the products `text` finds, most relevant first.
    static func search(
        _ text: String, language: String, in records: [Int: ReplayElement], blacklist: Set<String> = [],
        neighbours: (ReplayElement) -> [(text: String, weight: Int)] = { _ in [] }
    ) -> [Int] {
        let wanted = keywords(text).subtracting(blacklist)
        guard !wanted.isEmpty else { return [] }
        var scored: [(id: Int, score: Int)] = []
        for (id, record) in records where isSearchable(record) {
            var index: [String: Int] = [:]
            for (field, weight) in searchWeights {
                guard let element = record.child(field) else { continue }
                for word in keywords(Self.text(of: element, language: language)) { index[word, default: 0] += weight }
            }
            for (text, weight) in neighbours(record) {
                for word in keywords(text) { index[word, default: 0] += weight }
            }
            for word in blacklist { index[word] = nil }
            var score = 0
            var everyWord = true
            for word in wanted {
                let matched = index.filter { $0.key.hasPrefix(word) }
                if matched.isEmpty {
                    everyWord = false
                    break
                }
                score += matched.values.reduce(0, +)
            }
            if everyWord { scored.append((id, score)) }
        }
        return scored.sorted { $0.score != $1.score ? $0.score > $1.score : $0.id < $1.id }.map(\.id)
    }

    /// A field's text in the language (a one-language field's own text).
    static func text(of element: ReplayElement, language: String) -> String {
        element.isLanguageField ? element.children.first { $0.attribute("id") == language }?.text ?? "" : element.text
    }

    /// What the index takes from a product's other records: its default category's name
    /// (weight 3), its manufacturer's (3, the product's own `manufacturer_name`), its tags (4),
    /// its features' values (2) and its combinations' attribute values (2).
    private func indexedNeighbours(of product: ReplayElement, language: String) -> [(text: String, weight: Int)] {
        var texts: [(text: String, weight: Int)] = []
        let ids = { (association: String) in
            product.child("associations")?.child(association)?.children.compactMap { $0.child("id").flatMap { Int($0.text) } } ?? []
        }
        let name = { (resource: String, id: Int) -> String? in
            guard let record = archiveRecord(resource, id) else { return nil }
            return record.child("name").map { Self.text(of: $0, language: language) }
        }
        if let category = product.child("id_category_default").flatMap({ Int($0.text) }), let text = name("categories", category) { texts.append((text, 3)) }
        if let manufacturer = product.child("manufacturer_name")?.text, !manufacturer.isEmpty { texts.append((manufacturer, 3)) }
        texts += ids("tags").compactMap { name("tags", $0) }.map { ($0, 4) }
        let featureValues = product.child("associations")?.child("product_features")?.children.compactMap { $0.child("id_feature_value").flatMap { Int($0.text) } } ?? []
        texts += featureValues.compactMap { id in
            archiveRecord("product_feature_values", id)?.child("value").map { Self.text(of: $0, language: language) }
        }.map { ($0, 2) }
        let valueIDs = Set(ids("combinations").flatMap { combination in
            archiveRecord("combinations", combination)?
                .child("associations")?.child("product_option_values")?.children.compactMap { $0.child("id").flatMap { Int($0.text) } } ?? []
        })
        texts += valueIDs.sorted().compactMap { name("product_option_values", $0) }.map { ($0, 2) }
        return texts
    }

    /// `PS_SEARCH_BLACKLIST` for the language, as the recorded translated configuration holds
    /// it (`a|about|above|…`); none when it was not recorded.
    private func searchBlacklist(language: String) -> Set<String> {
        for (key, recording) in archive.recordings where key.method == "GET" && key.path == "translated_configurations" && recording.status == 200 {
            guard let body = recording.body else { continue }
            if let top = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any],
                let list = top["translated_configurations"] as? [[String: Any]],
                let entry = list.first(where: { $0["name"] as? String == "PS_SEARCH_BLACKLIST" })
            {
                let value = (entry["value"] as? String)
                    ?? (entry["value"] as? [[String: Any]])?.first { "\($0["id"] ?? "")" == language }?["value"] as? String ?? ""
                return Set(value.split(separator: "|").map { $0.lowercased() })
            }
        }
        return []
    }

    /// Active, and shown in search results (`visibility` both or search).
    private static func isSearchable(_ record: ReplayElement) -> Bool {
        let active = record.child("active")?.text ?? "1"
        let visibility = record.child("visibility")?.text ?? "both"
        return active != "0" && (visibility.isEmpty || visibility == "both" || visibility == "search")
    }

    /// `Search::extractKeyWords`: the words of a text as the index and the query both see them.
    static func keywords(_ text: String) -> Set<String> {
        let folded = plainText(text).folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil).lowercased()
        let isWordCharacter = { (character: Character) in character.isLetter || character.isNumber }
        var words = Set(folded.split { !isWordCharacter($0) }.map(String.init))
        if folded.contains("-") {
            for word in folded.split(whereSeparator: { !isWordCharacter($0) && $0 != "-" }) where word.contains("-") {
                let trimmed = word.trimmingCharacters(in: CharacterSet(charactersIn: "-"))
                words.insert(trimmed)
                words.insert(trimmed.replacingOccurrences(of: "-", with: ""))
            }
        }
        return words.filter { $0.count >= searchMinimumWordLength }
    }

    /// A description's text: tags out, the entities PrestaShop's editor writes decoded.
    private static func plainText(_ html: String) -> String {
        guard html.contains("<") || html.contains("&") else { return html }
        var text = html.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
        for (entity, character) in [("&nbsp;", " "), ("&amp;", "&"), ("&quot;", "\""), ("&#39;", "'"), ("&rsquo;", "’"), ("&lt;", "<"), ("&gt;", ">")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text
    }
}
