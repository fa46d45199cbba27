/// Suggests groups of publications that are probably one work listed twice, as Google
/// Scholar lists often do: the same title in other case or punctuation, a dropped subtitle,
/// a typo, a "[CITATION]" stub with initials only, a preprint a year before the journal.
///
/// Rules, each enough to link two publications (links are joined transitively):
/// - the same DOI after `MatchText.normalizedDOI`, whatever else differs;
/// - the same `MatchText.normalizedTitle` (Zotero's rule), years within `yearTolerance`,
///   and a shared author surname — or an author list that cannot be checked: none listed
///   or cut short, as Scholar stubs are;
/// - titles at least `titleThreshold` alike (`TitleSimilarity`), years within
///   `yearTolerance`, a shared surname (required: a fuzzy title alone is too weak), and no
///   sign of two works of a series (`DuplicateTitleDistinction`).
/// A missing year matches any year. Records with an empty title take part only through
/// their DOI. Excluded publications take part like any other: the user may merge one.
///
/// Cost: no all-pairs comparison. Exact titles and DOIs are dictionary keys; fuzzy
/// candidates come from `DuplicateCandidateSearch`'s partition index, which is exact (it finds
/// every pair above the threshold) yet compares only titles that share a piece.
public struct DuplicateFinder: Sendable {
    /// The title similarity from which two titles count as one. 0.90 comes from the real
    /// Publish or Perish export of W. Tobler's papers (829 rows): the duplicates "A geographic
    /// flow mapping program" / "A geographical flow mapping program" (0.94), "Map
    /// transformations of geographic space" / "Map Transformation of Geographical Space"
    /// (0.93), "Geographic interpolation" / "Geographical interpolation" (0.92) and the OCR'd
    /// "Shooth pyCnOphylactic interpOlatiOn forgeographicregions" (0.92) pass, and none of
    /// the 21 groups it suggests there is a false one; distinct works such as "Migration
    /// fields, internal paper" / "Commodity fields, internal paper" (0.81) stay apart. The cost
    /// is a dropped subtitle or a trailing "Texas A&M University" longer than a tenth of the
    /// title: at 0.85 that file gives about 14 more true pairs, and 3 false ones (two volumes
    /// of one catalogue, a correction notice, "Prevention"/"Prophylaxis of …").
    public var titleThreshold: Double
    /// How many years apart two records of one work may be (preprint and journal: one).
    public var yearTolerance: Int

    public init(titleThreshold: Double = 0.90, yearTolerance: Int = 1) {
        self.titleThreshold = titleThreshold
        self.yearTolerance = yearTolerance
    }

    /// Groups of indices into `publications` (each group ≥ 2, sorted ascending, groups
    /// ordered by their first index); transitive pairs joined with union-find.
    public func suggestions(in publications: [Publication]) -> [DuplicateSuggestion] {
        var work = DuplicateSearchWork()
        return suggestions(in: publications, work: &work)
    }

    /// `suggestions(in:)`, adding the fuzzy search's work to `work` (for tests that bound it).
    func suggestions(in publications: [Publication], work: inout DuplicateSearchWork) -> [DuplicateSuggestion] {
        var surnames: [String: String?] = [:]
        let keys = publications.map { publication in
            DuplicateKeys(publication) { author in
                if let known = surnames[author] { return known }
                let surname = MatchText.surname(author)
                surnames[author] = surname
                return surname
            }
        }
        var links = DuplicateLinks(count: keys.count)
        linkSameDOI(keys, into: &links)
        linkSameTitle(keys, into: &links)
        linkSimilarTitles(keys, into: &links, work: &work)
        return links.suggestions()
    }

    private func linkSameDOI(_ keys: [DuplicateKeys], into links: inout DuplicateLinks) {
        var firstWithDOI: [String: Int] = [:]
        for (index, key) in keys.enumerated() {
            guard let doi = key.doi else { continue }
            if let first = firstWithDOI[doi] {
                links.link(first, index, reason: .sameDOI, similarity: 1)
            } else {
                firstWithDOI[doi] = index
            }
        }
    }

    /// Records with one normalised title are compared among themselves only; such a bucket
    /// is small in a real list, however long the list.
    private func linkSameTitle(_ keys: [DuplicateKeys], into links: inout DuplicateLinks) {
        var byTitle: [String: [Int]] = [:]
        for (index, key) in keys.enumerated() where !key.title.isEmpty {
            byTitle[key.title, default: []].append(index)
        }
        for bucket in byTitle.values where bucket.count > 1 {
            for (position, first) in bucket.enumerated() {
                for second in bucket[(position + 1)...]
                where keys[first].yearIsCompatible(with: keys[second], tolerance: yearTolerance)
                    && keys[first].authorsAllowSameTitle(with: keys[second]) {
                    links.link(first, second, reason: .sameTitle, similarity: 1)
                }
            }
        }
    }

    private func linkSimilarTitles(_ keys: [DuplicateKeys], into links: inout DuplicateLinks, work: inout DuplicateSearchWork) {
        let search = DuplicateCandidateSearch(titles: keys.map(\.scalars), threshold: titleThreshold)
        work.indexed += search.indexingWork
        search.forEachSimilarPair(
            work: &work,
            isCandidate: { first, second in
                keys[first].yearIsCompatible(with: keys[second], tolerance: yearTolerance)
                    && keys[first].title != keys[second].title
                    && keys[first].sharesSurname(with: keys[second])
            },
            found: { first, second, similarity in
                guard !DuplicateTitleDistinction.namesDifferentWorks(keys[first].comparedTitle, keys[second].comparedTitle) else { return }
                links.link(first, second, reason: .similarTitle, similarity: similarity)
            }
        )
    }
}
