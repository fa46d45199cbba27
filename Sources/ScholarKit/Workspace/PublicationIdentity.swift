/// How a publication is recognised in another search: by Google Scholar's cluster id, by DOI,
/// or by normalised title, in that order of trust. Shared by "remember" and compare.
struct PublicationIdentity: Sendable {
    let clusterID: String?
    let doi: String?
    let title: String

    init(_ publication: Publication) {
        clusterID = publication.clusterID.flatMap { $0.isEmpty ? nil : $0 }
        doi = MatchText.normalizedDOI(publication.doi)
        title = MatchText.normalizedTitle(publication.title)
    }
}

/// Finds, for a publication of one search, its counterpart among another search's publications.
struct PublicationIndex<ID: Hashable & Sendable>: Sendable {
    private var byCluster: [String: ID] = [:]
    private var byDOI: [String: ID] = [:]
    private var byTitle: [String: ID] = [:]

    /// `entries` in priority order: the first entry with a key keeps it.
    init(_ entries: [(ID, Publication)]) {
        for (id, publication) in entries {
            let identity = PublicationIdentity(publication)
            if let cluster = identity.clusterID, byCluster[cluster] == nil { byCluster[cluster] = id }
            if let doi = identity.doi, byDOI[doi] == nil { byDOI[doi] = id }
            if !identity.title.isEmpty, byTitle[identity.title] == nil { byTitle[identity.title] = id }
        }
    }

    func match(_ publication: Publication) -> ID? {
        let identity = PublicationIdentity(publication)
        if let cluster = identity.clusterID, let id = byCluster[cluster] { return id }
        if let doi = identity.doi, let id = byDOI[doi] { return id }
        return identity.title.isEmpty ? nil : byTitle[identity.title]
    }
}
