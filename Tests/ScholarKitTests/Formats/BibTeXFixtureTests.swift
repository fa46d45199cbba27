import Testing
@testable import ScholarKit

/// Real exports from ../shared/fixtures/scholar; expected values were read off the files.
@Suite(Fixtures.required) struct BibTeXFixtureTests {
    static let webOfScience = "scholar/exports/wos-propithecus-coquereli-savedrecs.bib"

    @Test func webOfScienceExportHasItsEntriesAndMetrics() throws {
        let publications = try readBibTeXFixture(Self.webOfScience).publications
        // SOURCES.md: 92 entries, Times-Cited sum 1269, h 22 (`grep -c '^@'` agrees).
        #expect(publications.count == 92)
        let citationSum: Int = publications.map(\.citations).reduce(0, +)
        #expect(citationSum == 1269)
        let report = MetricsReport(publications: publications, options: MetricsOptions(referenceYear: 2022))
        let h: Int = report.metrics.h
        #expect(h == 22)
        #expect(publications.allSatisfy { !$0.authors.isEmpty && $0.year != nil })
    }

    @Test func webOfScienceFirstEntryIsReadWhole() throws {
        let publications = try readBibTeXFixture(Self.webOfScience).publications
        let first = try #require(publications.first)
        #expect(first.authors == ["Kristen Phair", "R. Scott Larsen", "Raymund Wack"])
        #expect(!first.authorsTruncated)
        // The title is wrapped over two lines in the file.
        #expect(first.title == "DERMATOPHYTOSIS (TRICHOPHYTON MENTAGROPHYTES) IN A COQUEREL'S SIFAKA (PROPITHECUS COQUERELI)")
        #expect(first.venue == "JOURNAL OF ZOO AND WILDLIFE MEDICINE")
        #expect(first.publisher == "AMER ASSOC ZOO VETERINARIANS")
        #expect(first.year == 2011)
        #expect(first.citations == 3)
        #expect(first.doi == "10.1638/2011-0033.1")
        #expect(first.type == "article")
        #expect(publications.prefix(3).map { $0.authors.first } == ["Kristen Phair", "Gilbert Rakotoarisoa", "Meredith L. Bastian"])
    }

    @Test func webOfScienceWrappedAuthorListsAndEscapesAreRead() throws {
        let publications = try readBibTeXFixture(Self.webOfScience).publications
        try #require(publications.count == 92)
        // Entry 2 wraps "Engberg,\n   Shannon" and has "Louis, Jr., Edward".
        #expect(publications[1].authors == [
            "Gilbert Rakotoarisoa", "Gary Shore", "Susie McGuire", "Shannon Engberg", "Edward Louis Jr.", "Rick Brenneman",
        ])
        #expect(publications[1].title == "Characterization of 20 microsatellite marker loci in Coquerel's sifaka (Propithecus coquereli)")
        #expect(publications[1].citations == 7)
        // Entry 4's DOI ends in "2-\#": the escape is dropped, the '#' kept.
        #expect(publications[3].doi == "10.1002/1098-2345(200011)52:3<133::AID-AJP2>3.0.CO;2-#")
        #expect(publications[3].authors == ["JL Campbell", "JH Eisemann", "CV Williams", "KM Glenn"])
        // "TAYLOR \& FRANCIS LTD" is escaped in the file.
        #expect(publications.contains { $0.publisher == "TAYLOR & FRANCIS LTD" })
    }

    @Test func webOfScienceProceedingsPaperTakesItsBooktitle() throws {
        let publications = try readBibTeXFixture(Self.webOfScience).publications
        try #require(publications.count == 92)
        let paper = publications[43]
        #expect(paper.type == "inproceedings")
        #expect(paper.title == "The chemistry of scent marking in two lemurs: Lemur catta and Propithecus verreauxi coquereli")
        #expect(paper.authors == ["RA Hayes", "TL Morelli", "PC Wright"])
        #expect(paper.venue == "CHEMICAL SIGNALS IN VERTEBRATES 10")
        #expect(paper.publisher == "SPRINGER")
        #expect(paper.year == 2005)
    }

    @Test func dblpPersonExportIsDecodedToUnicode() throws {
        let publications = try readBibTeXFixture("scholar/dblp/dblp-michael-ley.bib").publications
        // `grep -c '^@' dblp-michael-ley.bib` → 9
        try #require(publications.count == 9)
        #expect(publications.map(\.year) == [2017, 2009, 2007, 1997, 1995, 1993, 1993, 1990, 1988])
        #expect(publications.map(\.type) == ["inproceedings", "article", "inproceedings", "inproceedings", "article", "book", "misc", "article", "article"])
        #expect(publications.allSatisfy { $0.citations == 0 })

        #expect(publications[0].authors == ["Christopher Michels", "Ruslan R. Fayzrakhmanov", "Michael Ley", "Emanuel Sallinger", "Ralf Schenkel"])
        #expect(publications[0].venue == "2017 ACM/IEEE Joint Conference on Digital Libraries, JCDL 2017, Toronto, ON, Canada, June 19-23, 2017")
        #expect(publications[0].publisher == "IEEE Computer Society")
        #expect(publications[0].articleURL == "https://doi.org/10.1109/JCDL.2017.7991609")
        #expect(publications[0].doi == "10.1109/JCDL.2017.7991609")

        #expect(publications[1].title == "DBLP - Some Lessons Learned")
        #expect(publications[1].venue == "PVLDB")

        // Datenqualit{\"{a}}t …: the umlaut must be one precomposed scalar (NFC).
        let title = publications[2].title
        #expect(title == "Datenqualität: Eine organisatorische und technische Herausforderung - Erfahrungen von der DBLP-Bibliographie")
        #expect(title.unicodeScalars.contains("\u{E4}"))
        #expect(!title.unicodeScalars.contains("\u{308}"))
        #expect(publications[2].venue?.contains("Bretten, Baden-Württemberg, Germany, May 29 - June 1, 2007") == true)

        #expect(publications[3].venue == "Informatik '97, Informatik als Innovationsmotor, 27. Jahrestagung der Gesellschaft für Informatik, Aachen, 24.-26. September 1997")
        #expect(publications[3].doi == "10.1007/978-3-642-60831-5_34")
        #expect(publications[3].articleURL == "https://doi.org/10.1007/978-3-642-60831-5_34")

        #expect(publications[4].title == "DB&LP: A WWW Bibliography on Databases and Logic Programming")
        #expect(publications[5].title == "Ein Datenbankkern zur Speicherung variabel strukturierter Feature-Terme. Implementierungstechniken")
        #expect(publications[5].venue == "DISKI")
        #expect(publications[5].publisher == "Infix Verlag, St. Augustin, Germany")
        #expect(publications[7].authors == ["Michael Ley", "Bernd Walter"])
    }

    @Test func dblpProceedingsHasEditorsAndSeries() throws {
        let publications = try readBibTeXFixture("scholar/dblp/dblp-3540457747-standard.bib").publications
        // `grep -c '^@' dblp-3540457747-standard.bib` → 1
        try #require(publications.count == 1)
        let volume = publications[0]
        #expect(volume.type == "proceedings")
        #expect(volume.title == "String Processing and Information Retrieval, 13th International Conference, SPIRE 2006, Glasgow, UK, October 11-13, 2006, Proceedings")
        #expect(volume.authors == ["Fabio Crestani", "Paolo Ferragina", "Mark Sanderson"])
        #expect(volume.venue == "Lecture Notes in Computer Science")
        #expect(volume.publisher == "Springer")
        #expect(volume.year == 2006)
        #expect(volume.doi == "10.1007/11880561")
    }

    /// The accents the dblp files do not happen to contain, written the way dblp writes them.
    @Test func dblpStyleAccentsDecodeToNFC() throws {
        let text = """
        @article{DBLP:journals/x/Y,
          author    = {Du{\\v{s}}an Vu{\\v{c}}kovi{\\'{c}} and J{\\"{u}}rgen Gro{\\ss} and Ren{\\'e}e Cl{\\'{e}}ment},
          title     = {{Bayesian} M{\\"{u}}nchen Stra{\\ss}e {\\v c}esk{\\'e} {\\'e}t{\\'{e}}},
          journal   = {{CoRR}},
          year      = {2020}
        }
        """
        let paper = try #require(try readBibTeX(text).publications.first)
        let expectedTitle = "Bayesian M\u{FC}nchen Stra\u{DF}e \u{10D}esk\u{E9} \u{E9}t\u{E9}"
        #expect(paper.title.unicodeScalars.elementsEqual(expectedTitle.unicodeScalars))
        let expectedAuthors = ["Du\u{161}an Vu\u{10D}kovi\u{107}", "J\u{FC}rgen Gro\u{DF}", "Ren\u{E9}e Cl\u{E9}ment"]
        #expect(paper.authors.map { Array($0.unicodeScalars) } == expectedAuthors.map { Array($0.unicodeScalars) })
        #expect(paper.venue == "CoRR")
    }
}
