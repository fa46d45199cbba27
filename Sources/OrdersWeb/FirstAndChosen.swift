/// The records a select lists: the first `limit` by name, and the chosen one when it is not
/// among them. With 20,000 customers a page stays small (issue 44); the search box beside the
/// select (`orders-suggest.js`, `/api/orders/suggest`) finds the others.
enum FirstAndChosen {
    static let limit = 100

    static func records<Record>(
        _ first: [Record], chosen: Int64?, id: KeyPath<Record, Int64?>, lookUp: (Int64) throws -> Record?
    ) rethrows -> [Record] {
        guard let chosen, !first.contains(where: { $0[keyPath: id] == chosen }), let record = try lookUp(chosen) else { return first }
        return [record] + first
    }

    /// "20000 customers: the list shows the first 100; …" when the select lists only some.
    static func hint(_ count: Int, _ plural: String) -> String? {
        count > limit ? "\(count) \(plural): the list shows the first \(limit); type in the search box to find any of them" : nil
    }
}
