import Foundation
import Markup
import ScholarKit

/// The homepage test set: every page in `../shared/fixtures/scholar/homepages/` with the
/// titles a reader sees on it, turned into search results as Google Scholar shows them, plus
/// real titles by others in the same field that the page does not list.
///
/// The six newer pages carry their titles in the fixtures (`<page>.titles.json`); the seven
/// older ones have theirs in `HomepageTitles/`, read off each page with an XPath of its own
/// (lxml, not Bottega) and checked against the counts SOURCES.md gives.
struct HomepageTestPage {
    let page: String
    /// Real titles in the same field, by other people, that the page does not list.
    let namesakeTitles: [String]

    static let all: [HomepageTestPage] = [
        HomepageTestPage(page: "hp-jon-barron-index-table-rows.html", namesakeTitles: [
            "Instant neural graphics primitives with a multiresolution hash encoding",
            "3D Gaussian splatting for real-time radiance field rendering",
            "Plenoxels: Radiance fields without neural networks",
            "High-resolution image synthesis with latent diffusion models",
            "Learning to see in the dark",
        ]),
        HomepageTestPage(page: "hp-al-folio-gyevnarb-publications.html", namesakeTitles: [
            "Explanation in artificial intelligence: Insights from the social sciences",
            "Towards a rigorous science of interpretable machine learning",
            "Concrete problems in AI safety",
            "Why should I trust you? Explaining the predictions of any classifier",
        ]),
        HomepageTestPage(page: "hp-cwru-db-group-pubs-div-per-paper.html", namesakeTitles: [
            "Translating embeddings for modeling multi-relational data",
            "Knowledge vault: A web-scale approach to probabilistic knowledge fusion",
            "Holistic data cleaning: Putting violations into context",
            "Discovering graph functional dependencies",
        ]),
        HomepageTestPage(page: "hp-akisato-suzuki-papers-p-per-paper.html", namesakeTitles: [
            "Ethnicity, insurgency, and civil war",
            "Rationalist explanations for war",
            "Domestic political audiences and the escalation of international disputes",
            "Random forests",
        ]),
        HomepageTestPage(page: "hp-guoxuhan-group-hexo-ol-li-by-year.html", namesakeTitles: [
            "Silicon optical modulators",
            "Subwavelength integrated photonics",
            "Neuromorphic photonic networks using silicon photonic weight banks",
            "All-optical spiking neurosynaptic networks with self-learning capabilities",
            "Microring resonator channel dropping filters",
        ]),
        HomepageTestPage(page: "hp-jeremy-martin-pubs-brief-ol-li.html", namesakeTitles: [
            "Parking functions and noncrossing partitions",
            "A symmetric function generalization of the chromatic polynomial of a graph",
            "Chromatic quasisymmetric functions",
            "Critical groups of graphs",
        ]),
        HomepageTestPage(page: "hp-jeremy-martin-pubs-dl-dt-dd.html", namesakeTitles: [
            "Parking functions and noncrossing partitions",
            "A symmetric function generalization of the chromatic polynomial of a graph",
            "Chromatic quasisymmetric functions",
            "The Tutte polynomial of a graph and its generalizations",
        ]),
        HomepageTestPage(page: "hp-adam-ginsburg-table-rows-quoted.html", namesakeTitles: [
            "The formation of massive stars",
            "Dense gas in the Galactic central molecular zone",
            "ATLASGAL - The APEX telescope large area survey of the galaxy at 870 μm",
            "Star formation in the Milky Way and nearby galaxies",
        ]),
        HomepageTestPage(page: "hp-henri-muehle-publikationen-de-ul-li-em.html", namesakeTitles: [
            "Noncrossing partitions in surprising locations",
            "Generalized noncrossing partitions and combinatorics of Coxeter groups",
            "Associahedra via spines",
            "The Tamari lattice as it is best known",
        ]),
        HomepageTestPage(page: "hp-john-harlim-p-numbered-em-titles.html", namesakeTitles: [
            "Data assimilation: Methods, algorithms, and applications",
            "Diffusion maps",
            "An ensemble Kalman filter for numerical weather prediction",
            "Physics-informed neural networks: A deep learning framework for solving forward and inverse problems involving nonlinear partial differential equations",
        ]),
        HomepageTestPage(page: "hp-kush-varshney-utf16-p-linked-titles-319.html", namesakeTitles: [
            "Fairness through awareness",
            "Equality of opportunity in supervised learning",
            "Model cards for model reporting",
            "Datasheets for datasets",
            "A unified approach to interpreting model predictions",
        ]),
        HomepageTestPage(page: "hp-malachi-griffith-p-vancouver-em.html", namesakeTitles: [
            "The Sequence Alignment/Map format and SAMtools",
            "Fast and accurate short read alignment with Burrows-Wheeler transform",
            "Integrative genomics viewer",
            "Signatures of mutational processes in human cancer",
        ]),
        HomepageTestPage(page: "hp-schwalb-willmann-p-apa-linked.html", namesakeTitles: [
            "Google Earth Engine: Planetary-scale geospatial analysis for everyone",
            "Movebank: a global database of animal tracking data",
            "Remote sensing for biodiversity science and conservation",
            "The dynamic Brownian bridge movement model",
        ]),
    ]

    /// The titles a reader sees on the page, in page order.
    func titles() throws -> [String] {
        let inFixtures = Fixtures.url("scholar/homepages/\(page).titles.json")
        let url = FileManager.default.fileExists(atPath: inFixtures.path)
            ? inFixtures
            : URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("HomepageTitles/\(page).titles.json")
        return try JSONDecoder().decode([String].self, from: Data(contentsOf: url))
    }

    func document() throws -> MarkupDocument {
        try MarkupDocument.html(Array(Fixtures.data("scholar/homepages/\(page)")))
    }
}

/// How Google Scholar shows a title it took from elsewhere, one alteration per title, in turn.
enum ScholarPerturbation: CaseIterable {
    case unchanged, sentenceCase, punctuationDropped, truncated, subtitleDropped

    /// The perturbation for the `index`-th title of a page.
    static func forTitle(at index: Int) -> ScholarPerturbation { allCases[index % allCases.count] }

    func apply(to title: String) -> String {
        switch self {
        case .unchanged:
            return title
        case .sentenceCase:
            return title.prefix(1) + title.dropFirst().lowercased()
        case .punctuationDropped:
            return String(title.unicodeScalars.filter { !":;,.?!\"“”'‘’()".unicodeScalars.contains($0) }.map(Character.init))
        case .truncated:
            // Scholar cuts a long title at a word and ends it with "…".
            let words = title.split(separator: " ")
            guard words.count > 6 else { return title }
            return words.prefix(max(5, words.count * 2 / 3)).joined(separator: " ") + " …"
        case .subtitleDropped:
            guard let colon = title.firstIndex(of: ":") else { return title.lowercased() }
            let head = title[..<colon]
            return head.split(separator: " ").count >= 4 ? String(head) : title.lowercased()
        }
    }
}
