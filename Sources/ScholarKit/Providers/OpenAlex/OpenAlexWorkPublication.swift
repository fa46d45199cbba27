import Foundation

extension OpenAlexWork {
    /// The work as a Bottega publication.
    ///
    /// - `authorsTruncated` comes from `is_authors_truncated` (list responses cut at 100 authors).
    /// - `doi` is the bare DOI (`10.7717/peerj.4375`), without `https://doi.org/`.
    /// - `articleURL` is the DOI link when there is one (stable, resolves to the publisher),
    ///   else the primary location's landing page.
    /// - `venue` is the primary location's source; `publisher` its host organisation.
    public var publication: Publication {
        Publication(
            title: (title ?? displayName ?? "").trimmingCharacters(in: .whitespacesAndNewlines),
            authors: authorships.compactMap { $0.author?.displayName },
            authorsTruncated: isAuthorsTruncated ?? false,
            year: publicationYear,
            citations: citedByCount ?? 0,
            venue: primaryLocation?.source?.displayName,
            publisher: primaryLocation?.source?.hostOrganizationName,
            articleURL: doi ?? primaryLocation?.landingPageURL,
            citesURL: citedByAPIURL,
            doi: doi.map(FieldText.bareDOI),
            type: type
        )
    }

    /// Citations received per year, from `counts_by_year`. OpenAlex lists only recent years
    /// (about the last ten), so the sum may be less than `cited_by_count`.
    public var citationsPerYear: [Int: Int] { countsByYear.citationsPerYear }
}
