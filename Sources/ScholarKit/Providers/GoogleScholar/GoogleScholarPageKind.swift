import Markup

/// The kinds of Google Scholar page Bottega reads, told apart by their markup.
public enum GoogleScholarPageKind: String, Sendable, Hashable, Codable {
    /// `/scholar?q=…` (and `cites=`, `cluster=`): `div.gs_r` results, `#gs_ab_md` count line.
    case results
    /// `/citations?user=…`: `#gsc_prf_in` name, `table#gsc_rsb_st` indices, `tr.gsc_a_tr` rows.
    case profile
    /// `/citations?view_op=view_citation…`: `#gsc_oci_title`, `div.gsc_oci_field` pairs.
    case article

    /// The kind the page's markup shows, `nil` for a page without Scholar markup.
    ///
    /// Profile markers are checked first: profile and article pages reuse the results
    /// page's style sheet and search box, whose `gs_` names say nothing about the content.
    static func detect(in document: MarkupDocument) -> GoogleScholarPageKind? {
        if GoogleScholarProfilePage.hasProfileMarkup(document) { return .profile }
        if GoogleScholarArticleDetail.hasArticleMarkup(document) { return .article }
        if GoogleScholarResultsPage.hasResultsMarkup(document) { return .results }
        return nil
    }
}
