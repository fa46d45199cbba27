import Foundation

/// Where a multi-page fetch is: page `page` of `pageCount` done, `worksSoFar` of `totalWorks`.
public struct OpenAlexProgress: Sendable, Equatable {
    public var page: Int
    /// ceil(total / page size), where total is `meta.count` capped at `maxResults`; at least 1,
    /// and never less than `page` (a server may page in smaller steps than asked).
    public var pageCount: Int
    public var worksSoFar: Int
    public var totalWorks: Int

    public init(page: Int, pageCount: Int, worksSoFar: Int, totalWorks: Int) {
        self.page = page
        self.pageCount = pageCount
        self.worksSoFar = worksSoFar
        self.totalWorks = totalWorks
    }
}
