import Foundation

/// Every model ShopKit decodes, by record element, and the JSON representation of what a
/// document holds (what `bottega shop decode` prints): camelCase names, money as decimal
/// strings, i18n texts as objects keyed by language id.
public enum ShopModels {
    public static let all: [any ResourceModel.Type] = [
        Category.self, Product.self, Combination.self, ProductOption.self, ProductOptionValue.self, SpecificPrice.self,
        TaxRuleGroup.self, Tax.self, TaxRule.self, StockAvailable.self, Customer.self, Address.self, Country.self,
        State.self, Carrier.self, Cart.self, Order.self, OrderDetail.self, OrderState.self, OrderPayment.self,
        OrderCarrier.self, CMSPage.self, Language.self, Currency.self, Configuration.self, Shop.self, CustomerGroup.self,
        CustomerMessage.self,
    ]

    /// The model of a record element (`product` → `Product`), nil for elements ShopKit has no model for.
    public static func type(forElement element: String) -> (any ResourceModel.Type)? {
        all.first { $0.element == element }
    }

    /// The models of every record the document holds, in order. Records of an element without
    /// a model, references and the API root are not models: the error names what was found.
    public static func decode(_ document: WebserviceDocument) throws(ModelError) -> [any ResourceModel] {
        var models: [any ResourceModel] = []
        for content in document.contents {
            let records: [WebserviceRecord]
            switch content {
            case .record(let record): records = [record]
            case .records(_, let list): records = list
            case .emptyList: records = []
            case .references, .api:
                throw .document(.unexpectedContent(expected: "records", found: document.summary + " (ask with display=full for the records)"))
            }
            for record in records {
                guard let type = type(forElement: record.element) else {
                    throw .document(.unexpectedContent(expected: "a record ShopKit has a model for", found: "a <\(record.element)> record"))
                }
                models.append(try type.init(record: record))
            }
        }
        return models
    }

    /// The JSON representation of models, pretty-printed with sorted keys.
    public static func json(_ models: [any ResourceModel]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(models.map(AnyModel.init))
        return String(decoding: data, as: UTF8.self)
    }

    private struct AnyModel: Encodable {
        let model: any ResourceModel
        func encode(to encoder: any Encoder) throws { try model.encode(to: encoder) }
    }
}
