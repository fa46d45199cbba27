/// A CMS page (shop information: delivery, legal notice, about us). Its record element is
/// `<content>` and it has a `<content>` field, the page's HTML (API-NOTES §11). No recorded shop
/// traffic holds one: the fields follow the 8.x documentation's blank schema.
public struct CMSPage: ResourceModel {
    public static let element = "content"
    public static let resource = "content_management_system"

    public var id: Int?
    public var cmsCategoryID: Int?
    public var position: Int?
    public var indexation: Bool?
    public var active: Bool?
    public var metaDescription: LocalizedText?
    public var metaKeywords: LocalizedText?
    public var metaTitle: LocalizedText?
    public var headSeoTitle: LocalizedText?
    public var linkRewrite: LocalizedText?
    public var content: LocalizedText?

    public init() {}

    public static let schema = RecordSchema<CMSPage>(
        fields: [
            .field("id", \.id, .int),
            .field("id_cms_category", \.cmsCategoryID, .int),
            .field("position", \.position, .int),
            .field("indexation", \.indexation, .bool),
            .field("active", \.active, .bool),
            .field("meta_description", \.metaDescription, .localized),
            .field("meta_keywords", \.metaKeywords, .localized),
            .field("meta_title", \.metaTitle, .localized),
            .field("head_seo_title", \.headSeoTitle, .localized),
            .field("link_rewrite", \.linkRewrite, .localized),
            .field("content", \.content, .localized),
        ]
    )
}
