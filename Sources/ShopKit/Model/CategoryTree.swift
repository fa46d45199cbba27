/// Categories arranged as the shop's tree: each category under its `id_parent`, siblings by
/// `position`, and the depth from `level_depth` (API-NOTES §9: the `categories` association
/// lists the children too; the parent link is what every record has, so it is the one used).
public struct CategoryTree: Sendable {
    public let categories: [Int: Category]
    private let childrenByParent: [Int: [Int]]

    public init(_ list: [Category]) {
        var byID: [Int: Category] = [:]
        for category in list {
            if let id = category.id { byID[id] = category }
        }
        var children: [Int: [Int]] = [:]
        for category in byID.values {
            guard let id = category.id, let parent = category.parentID, parent != id, byID[parent] != nil else { continue }
            children[parent, default: []].append(id)
        }
        for parent in children.keys {
            children[parent]?.sort { (byID[$0]?.position ?? 0, $0) < (byID[$1]?.position ?? 0, $1) }
        }
        categories = byID
        childrenByParent = children
    }

    /// The categories whose parent is not in the list (the root, or the top of a partial list),
    /// shallowest `level_depth` first.
    public var roots: [Category] {
        categories.values
            .filter { category in category.parentID.flatMap { categories[$0] } == nil || category.parentID == category.id }
            .sorted { ($0.levelDepth ?? 0, $0.id ?? 0) < ($1.levelDepth ?? 0, $1.id ?? 0) }
    }

    public func children(of id: Int) -> [Category] {
        (childrenByParent[id] ?? []).compactMap { categories[$0] }
    }

    /// The categories from the top of the tree down to `id` (a breadcrumb), empty when unknown.
    public func path(to id: Int) -> [Category] {
        var path: [Category] = []
        var seen: Set<Int> = []
        var current = categories[id]
        while let category = current, let currentID = category.id, seen.insert(currentID).inserted {
            path.insert(category, at: 0)
            current = category.parentID.flatMap { categories[$0] }
        }
        return path
    }

    /// The categories at one `level_depth` (1 is the shop's Home in a default install).
    public func categories(atDepth depth: Int) -> [Category] {
        categories.values.filter { $0.levelDepth == depth }.sorted { ($0.position ?? 0, $0.id ?? 0) < ($1.position ?? 0, $1.id ?? 0) }
    }
}
