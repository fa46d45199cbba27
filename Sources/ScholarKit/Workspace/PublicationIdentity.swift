/// How a publication is recognised in another search: by Google Scholar's cluster id, by DOI,
/// or by normalised title, in that order of trust. Shared by "remember" and compare.
struct PublicationIdentity: Sendable {
    let clusterID: String?
    let doi: String?
    let title: String

    init(_ publication: Publication) {
        // Files exported from Scholar (Publish or Perish's CitesURL) carry the cluster id only in the link.
        clusterID = publication.clusterID.flatMap { $0.isEmpty ? nil : $0 }
            ?? publication.citesURL.flatMap { GoogleScholarMarkup.queryParameter("cites", in: $0) }
        doi = MatchText.normalizedDOI(publication.doi)
        title = MatchText.normalizedTitle(publication.title)
    }
}

/// Finds, for a publication of one search, its counterpart among another search's publications.
/// A list may hold the same work twice (Scholar lists duplicates), so each key keeps every
/// holder, and a caller can skip those already paired.
struct PublicationIndex<ID: Hashable & Sendable>: Sendable {
    private var byCluster: [String: [ID]] = [:]
    private var byDOI: [String: [ID]] = [:]
    private var byTitle: [String: [ID]] = [:]

    /// `entries` in priority order: earlier entries are offered first.
    init(_ entries: [(ID, Publication)]) {
        for (id, publication) in entries {
            let identity = PublicationIdentity(publication)
            if let cluster = identity.clusterID { byCluster[cluster, default: []].append(id) }
            if let doi = identity.doi { byDOI[doi, default: []].append(id) }
            if !identity.title.isEmpty { byTitle[identity.title, default: []].append(id) }
        }
    }

    /// The first holder of the publication's cluster id, else DOI, else normalised title,
    /// that `isAvailable` accepts.
    func match(_ publication: Publication, where isAvailable: (ID) -> Bool = { _ in true }) -> ID? {
        let identity = PublicationIdentity(publication)
        if let cluster = identity.clusterID, let id = byCluster[cluster]?.first(where: isAvailable) { return id }
        if let doi = identity.doi, let id = byDOI[doi]?.first(where: isAvailable) { return id }
        return identity.title.isEmpty ? nil : byTitle[identity.title]?.first(where: isAvailable)
    }
}
