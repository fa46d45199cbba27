import Markup
import ScholarKit
import Testing

/// The homepage filter on seven real homepages, each with its own way of listing papers.
/// Titles below were read from the HTML by hand; counts are those of SOURCES.md, checked by reading.
@Suite(Fixtures.required)
struct HomepageFilterFixtureTests {
    /// Asserts what every page must give: the real count, the hand-read titles among the
    /// extracted ones, the real results on the homepage and the decoys not, and a title
    /// pattern that libxml2's own XPath evaluates to the same entries.
    private func check(
        _ page: String, count: Int, handRead: [String], asScholarGives present: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> HomepageMatch {
        let homepage = try HomepageCase(page: page, present: present, decoys: decoyTitles)
        let match = try homepage.match()
        let selected = try homepage.document.select(match.titlePattern).count
        #expect(match.homepagePublications.count == count, sourceLocation: sourceLocation)
        #expect(selected == count, "\(match.titlePattern)", sourceLocation: sourceLocation)
        let extracted = Set(match.homepagePublications.map(\.title))
        for title in handRead {
            #expect(extracted.contains(title), "missing \(title)", sourceLocation: sourceLocation)
        }
        #expect(match.resultsOnHomepage == present.map { _ in true } + decoyTitles.map { _ in false }, sourceLocation: sourceLocation)
        #expect(match.homepagePublications.filter(\.inResults).count >= present.count, sourceLocation: sourceLocation)
        return match
    }

    @Test func test_barronTableRowsGiveEveryPaperTitleSpan() throws {
        _ = try check(
            "hp-jon-barron-index-table-rows.html", count: 111,
            handRead: [
                "Image Generators are Generalist Vision Learners",
                "GR3EN: Generative Relighting for 3D Environments",
                "ZipMap: Linear-Time Stateful 3D Reconstruction via Test-Time Training",
                "SimVS: Simulating World Inconsistencies for Robust View Synthesis",
                "Learning a Diffusion Prior for NeRFs",
                "Mip-NeRF: A Multiscale Representation for Anti-Aliasing Neural Radiance Fields",
                "Learning to Autofocus",
                "Burst Photography for High Dynamic Range and Low-Light Imaging on Mobile Cameras",
                "Cleaning the USNO-B Catalog Through Automatic Detection of Optical Artifacts",
            ],
            asScholarGives: [
                "Image generators are generalist vision learners",
                "GR3EN Generative Relighting for 3D Environments",
                "Mip-NeRF: A multiscale representation for anti-aliasing neural fields",
                "Burst photography for high dynamic range and low-light imaging on mobile cameras",
                "Cleaning the USNO-B catalog through automatic detection of optical artifacts",
            ]
        )
    }

    @Test func test_alFolioGivesTitlesAndAuthorsWithoutTheHiddenBibTeX() throws {
        let match = try check(
            "hp-al-folio-gyevnarb-publications.html", count: 16,
            handRead: [
                "Bridging the Gap in the Responsible AI Divides",
                "Integrating Counterfactual Simulations with Language Models for Explaining Multi-Agent Behaviour",
                "AI Safety for Everyone",
                "Objective Metrics for Human-Subjects Evaluation in Explainable Reinforcement Learning",
                "People Attribute Purpose to Autonomous Vehicles When Explaining Their Behavior: Insights from Cognitive Science for Explainable AI",
            ],
            asScholarGives: [
                "Bridging the gap in the responsible AI divides",
                "AI safety for everyone",
                "Objective metrics for human-subjects evaluation in explainable reinforcement learning",
            ]
        )
        #expect(match.homepagePublications.first?.title == "Bridging the Gap in the Responsible AI Divides")
    }

    @Test func test_cwruPubListItemsGiveAllEightTitles() throws {
        _ = try check(
            "hp-cwru-db-group-pubs-div-per-paper.html", count: 8,
            handRead: [
                "Kronos: Lightweight Knowledge-based Event Analysis in Cyber-Physical Data Streams",
                "Repairing Entities using Star Constraints in Multirelational Graphs",
                "Ontology-based Entity Matching in Attributed Graphs",
                "NAVIGATE: Explainable Visual Graph Exploration by Examples",
                "Answering Why-questions by Exemplars in Attributed Graphs",
                "Discovering Patterns for Fact Checking in Knowledge Graphs",
                "Fact Checking in Knowledge Graphs with Ontological Subgraph Patterns",
            ],
            asScholarGives: [
                "Kronos: lightweight knowledge-based event analysis in cyber-physical data streams",
                "Repairing entities using star constraints in multirelational graphs",
                "Discovering patterns for fact checking in knowledge graphs",
            ]
        )
    }

    @Test func test_suzukiChicagoReferencesGiveTheQuotedTitles() throws {
        _ = try check(
            "hp-akisato-suzuki-papers-p-per-paper.html", count: 23,
            handRead: [
                "Uncertainty in Grid Data: A Theory and Comprehensive Robustness Test",
                "Policy Implications of Statistical Estimates: A General Bayesian Decision-Theoretic Model for Binary Outcomes",
                "Displacement and the Expectation of Political Violence: Evidence from Bosnia",
                "'Yes, but What Is Your DAG?' Theory, Transparency, and Cumulative Knowledge for Causal Inference",
                "A Unified Framework of Selection Bias: Internal vs. External, Ex-Ante vs. Ex-Post",
                "The Disproportional Effects of Geopolitical Risks",
                "Trade Openness and Extreme Events: A Parsimonious Model",
                "Simulating Micro Data for Policy and Costing Analysis",
                "Appreciate Uncertainty around Statistical Estimates in Policy Research",
            ],
            asScholarGives: [
                "Uncertainty in grid data: A theory and comprehensive robustness test",
                "Displacement and the expectation of political violence evidence from Bosnia",
                "Trade openness and extreme events: a parsimonious",
                "The disproportional effects of geopolitical risks",
            ]
        )
    }

    @Test func test_hexoIEEEReferencesGiveTheQuotedTitles() throws {
        _ = try check(
            "hp-guoxuhan-group-hexo-ol-li-by-year.html", count: 40,
            handRead: [
                "Miniaturized computational spectrometer based on two-photon absorption",
                "Non-volatile optical filter based on a Ge2Sb2Te5 assisted microring with a tunable bandwidth and extinction ratio",
                "Metamaterial-enabled fully on-chip polarization-handling devices",
                "Ultra-wideband integrated photonic devices on silicon platform: from visible to mid-IR",
                "Low Loss, Large Bandwidth Fiber-Chip Edge Couplers Based on Silicon-on-Insulator Platform",
                "Broadband and Low-Loss Metamaterial Silicon Nitride Edge Coupler",
                "Silicon-Graphene Hybrid Slot Waveguide with Enhanced Four-Wave Mixing Efficiency",
            ],
            asScholarGives: [
                "Miniaturized computational spectrometer based on two-photon absorption",
                "Broadband and low-loss metamaterial silicon nitride edge coupler",
                "Silicon-graphene hybrid slot waveguide with enhanced four-wave mixing efficiency",
                "Ultra-wideband integrated photonic devices on silicon platform: from to mid-IR",
            ]
        )
    }

    @Test func test_martinBriefListGivesTitlesWithoutTheirCoauthors() throws {
        _ = try check(
            "hp-jeremy-martin-pubs-brief-ol-li.html", count: 45,
            handRead: [
                "Unbounded matroids",
                "Hopf monoids of set families",
                "Simplicial effective resistance and enumeration of spanning trees",
                "Chromatic symmetric functions and polynomial invariants of trees",
                "Ehrhart theory of paving and panhandle matroids",
                "Interval parking functions",
                "Increasing spanning forests in graphs and simplicial complexes",
                "Counting arithmetical structures on paths and cycles",
                "Ruling out (160,54,18) difference sets in some nonabelian groups",
                "The slopes determined by n points in the plane",
                "Cyclotomic and simplicial matroids",
                "Geometry of graph varieties",
            ],
            asScholarGives: [
                "Unbounded matroids",
                "Hopf monoids of ordered simplicial complexes",
                "Interval parking functions",
                "Counting arithmetical structures on paths and cycles",
                "Rigidity theory for matroids",
            ]
        )
    }

    /// Every entry of the long list, read from the HTML: each `<p><dl><dt>` opens one, its title
    /// in the first `<strong>`, inside `<a name=…>` in all but "Ehrhart theory…". That makes 45,
    /// the same 45 works as the brief list (SOURCES.md's "44 <dt><strong>" counts the anchored
    /// ones). A book review's `<strong>` says only "Book review"; its title is the line that
    /// label opens, up to the publisher's parenthesis (`EntryLabel`).
    static let martinLongListTitles = [
        "Unbounded matroids", "Hopf monoids of set families",
        "Chromatic symmetric functions and polynomial invariants of trees",
        "Simplicial effective resistance and enumeration of spanning trees",
        "Hopf monoids of ordered simplicial complexes", "Ehrhart theory of paving and panhandle matroids",
        "Interval parking functions", "A positivity phenomenon in Elser's Gaussian-cluster percolation model",
        "Enumerating parking completions using Join and Split",
        "Increasing spanning forests in graphs and simplicial complexes",
        "Counting arithmetical structures on paths and cycles",
        "A weighted cellular matrix-tree theorem, with applications to complete colorful and cubical complexes",
        "Oscillation estimates of eigenfunctions via the combinatorics of noncrossing partitions",
        "Simplicial and Cellular Trees", "A non-partitionable Cohen-Macaulay simplicial complex",
        "Pseudodeterminants and perfect square spanning tree counts", "On the spectra of simplicial rook graphs",
        "Cuts and flows of cell complexes", "Enumerating colorings, tensions and flows in cell complexes",
        "Critical groups of simplicial complexes", "Graph varieties in high dimension",
        "The incidence Hopf algebra of graphs", "Cellular spanning trees and Laplacians of cubical complexes",
        "Updown numbers and the initial monomials of the slope variety",
        "Are node-based and stem-based clades equivalent? Insights from graph theory",
        "Simplicial matrix-tree theorems", "On distinguishing trees by their chromatic symmetric functions",
        "Harmonic algebraic curves and noncrossing partitions",
        "The Mathieu group \\(M_{12}\\) and the \\(M_{13}\\)-game", "Rigidity theory for matroids",
        "Random geometric graph diameter in the unit ball",
        "Random geometric graph diameter in the unit disk with lp metric (Extended Abstract)",
        "Classification of Ding's Schubert varieties: finer rook equivalence", "Cyclotomic and simplicial matroids",
        "The slopes determined by n points in the plane", "On the topology of graph picture spaces",
        "Factorizations of some weighted spanning tree enumerators", "Geometry of graph varieties", "Graph Varieties",
        "Ruling out (160,54,18) difference sets in some nonabelian groups",
        "The Mathieu Group M12 and Conway's M13-Game", "The Partitionability Conjecture",
        "Book review of How to Bake \\(\\pi\\) by Eugenia Cheng",
        "Book review of The Cult of Pythagoras by Alberto A. Mart\u{ED}nez",
        "Book review of Euler's Gem by David S. Richeson",
    ]

    @Test func test_martinDefinitionListGivesEveryStrongTitleWithOrWithoutItsAnchor() throws {
        let match = try check(
            "hp-jeremy-martin-pubs-dl-dt-dd.html", count: 45,
            handRead: [
                "Unbounded matroids",
                "Ehrhart theory of paving and panhandle matroids",
                "A non-partitionable Cohen-Macaulay simplicial complex",
                "Are node-based and stem-based clades equivalent? Insights from graph theory",
                "Book review of Euler's Gem by David S. Richeson",
            ],
            asScholarGives: [
                "Hopf monoids of set families",
                "A non-partitionable Cohen–Macaulay simplicial complex",
                "Are node-based and stem-based clades equivalent? Insights from graph",
                "Interval parking functions",
            ]
        )
        #expect(match.homepagePublications.map(\.title) == Self.martinLongListTitles)
    }

    @Test func test_aResultWithoutItsSubtitleMatchesTheFullTitle() throws {
        // Scholar's "Trade openness and extreme events" is 0.61 similar to the page's whole title.
        let homepage = try HomepageCase(
            page: "hp-akisato-suzuki-papers-p-per-paper.html",
            present: ["Trade openness and extreme events", "The disproportional effects of geopolitical risks"],
            decoys: decoyTitles
        )
        let match = try homepage.match()
        #expect(match.resultsOnHomepage == [true, true] + decoyTitles.map { _ in false })
        #expect(match.homepagePublications.first { $0.matchedResult == 0 }?.title == "Trade Openness and Extreme Events: A Parsimonious Model")
    }

    @Test func test_aShortNameBeforeTheColonDoesNotMatch() throws {
        // "Mip-NeRF" is what the page's "Mip-NeRF: A Multiscale Representation…" opens with, but
        // two words name a method and its follow-ups, not one paper.
        let homepage = try HomepageCase(
            page: "hp-jon-barron-index-table-rows.html",
            present: ["Mip-NeRF", "Learning to autofocus"],
            decoys: []
        )
        #expect(try homepage.match().resultsOnHomepage == [false, true])
    }
}
