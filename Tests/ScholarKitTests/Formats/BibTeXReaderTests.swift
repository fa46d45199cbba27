import Testing
@testable import ScholarKit

/// BibTeX syntax as hand-written files and exports use it, and what the reader makes of it.
@Suite struct BibTeXReaderTests {
    @Test func quotedBracedAndNumericValuesAreRead() throws {
        let text = """
        @Article{doe2001,
          Title = "Quoted {Title} with {\\"u}",
          author = {Doe, Jane},
          YEAR = 2001,
          journal = {Journal of {Braced} Things},
          publisher = "ACM"
        }
        """
        let publications = try readBibTeX(text).publications
        try #require(publications.count == 1)
        let paper = publications[0]
        #expect(paper.title == "Quoted Title with ü")
        #expect(paper.authors == ["Jane Doe"])
        #expect(paper.year == 2001)
        #expect(paper.venue == "Journal of Braced Things")
        #expect(paper.publisher == "ACM")
        #expect(paper.type == "article")
        #expect(paper.citations == 0)
    }

    @Test func stringMacrosExpandAndConcatenateWithHash() throws {
        let text = """
        @string{ jof = "Journal of " }
        @STRING(Pub = {ACM Press})
        @string{two = "Two"}
        @article{k,
          title = "Part " # {One} # " and " # TWO,
          journal = JOF # "Things",
          publisher = pub,
        }
        """
        let paper = try #require(try readBibTeX(text).publications.first)
        #expect(paper.title == "Part One and Two")
        #expect(paper.venue == "Journal of Things")
        #expect(paper.publisher == "ACM Press")
    }

    @Test func anUndefinedMacroIsEmpty() throws {
        let paper = try #require(try readBibTeX(#"@misc{k, title = "Known " # unknown # "end"}"#).publications.first)
        #expect(paper.title == "Known end")
    }

    @Test func monthMacrosAreDefined() throws {
        let text = """
        @techreport{k, title = "Report for " # jan # " to " # Dec, month = feb, year = 1999}
        """
        let paper = try #require(try readBibTeX(text).publications.first)
        #expect(paper.title == "Report for January to December")
        #expect(paper.year == 1999)
    }

    @Test func parenthesesDelimitEntriesToo() throws {
        let text = """
        @article(paren1,
          title = {With (parens) inside},
          year = {2000}
        )
        @book( paren2 , title = "Second", publisher = {P})
        """
        let publications = try readBibTeX(text).publications
        #expect(publications.map(\.title) == ["With (parens) inside", "Second"])
        #expect(publications.map(\.type) == ["article", "book"])
    }

    @Test func commentsPreamblesAndFreeTextAreSkipped() throws {
        let text = """
        This file was written by hand; mail me@example.org with corrections.
        @preamble{ "\\newcommand{\\noopsort}[1]{}" }
        @comment{ @article{ghost, title = {Ghost}} }
        @Comment{jabref-meta: databaseType:bibtex;}
        % a line comment
        @article{real,
          % a comment between fields, as hand-written files have
          title = {Real},
        }
        """
        #expect(try readBibTeX(text).publications.map(\.title) == ["Real"])
    }

    @Test func aRepeatedFieldKeepsItsFirstValue() throws {
        let paper = try #require(try readBibTeX("@misc{k, title = {First}, title = {Second}}").publications.first)
        #expect(paper.title == "First")
    }

    @Test func anEntryWithoutAKeyIsRead() throws {
        let paper = try #require(try readBibTeX("@misc{title = {Keyless}, year = 2020}").publications.first)
        #expect(paper.title == "Keyless" && paper.year == 2020)
    }

    @Test func windowsLineEndingsAndAByteOrderMarkAreRead() throws {
        let text = "\u{FEFF}@article{a,\r\n  title = {One\r\n  line},\r\n  year = {2001}\r\n}\r\n@article{b,\r\n  citations = {x}}\r\n"
        let result = try readBibTeX(text, lenient: true)
        #expect(result.publications.map(\.title) == ["One line"])
        #expect(result.skipped.map(\.line) == [6])
    }

    @Test func windows1252BytesAreDecoded() throws {
        // "Müller “quoted”" in Windows-1252, as old exports on Windows wrote it: not valid UTF-8.
        let head: [UInt8] = Array("@article{k, title = {M".utf8) + [0xFC] + Array("ller ".utf8)
        let bytes: [UInt8] = head + [0x93] + Array("quoted".utf8) + [0x94] + Array("}}".utf8)
        let source = try SourceText(file: "old.bib", contents: bytes)
        let paper = try #require(try BibTeXReader.read(source, options: ImportOptions()).publications.first)
        #expect(paper.title == "M\u{FC}ller \u{201C}quoted\u{201D}")
    }

    // MARK: Fields

    @Test func venuePublisherYearAndIdentifiersHaveFallbacks() throws {
        let text = """
        @inproceedings{a, title = {A}, booktitle = {Proc. A}, date = {2011-12-03},
          doi = {https://doi.org/10.1000/A\\_1}, url = {https://example.org/a\\_b?c=1
          &d=2}}
        @phdthesis{b, title = {B}, school = {Univ. B}, year = {2011a}, doi = {doi:10.1/b}}
        @techreport{c, title = {C}, institution = {Inst. C}, series = {Series C}, year = {c. 1990}}
        @proceedings{d, title = {D}, editor = {Crestani, Fabio and Paolo Ferragina}}
        """
        let publications = try readBibTeX(text).publications
        try #require(publications.count == 4)
        #expect(publications[0].venue == "Proc. A")
        #expect(publications[0].year == 2011)
        #expect(publications[0].doi == "10.1000/A_1")
        #expect(publications[0].articleURL == "https://example.org/a_b?c=1&d=2")
        #expect(publications[1].publisher == "Univ. B")
        #expect(publications[1].year == 2011)
        #expect(publications[1].doi == "10.1/b")
        #expect(publications[2].publisher == "Inst. C")
        #expect(publications[2].venue == "Series C")
        #expect(publications[2].year == 1990)
        // An edited volume has editors where a paper has authors.
        #expect(publications[3].authors == ["Fabio Crestani", "Paolo Ferragina"])
    }

    // MARK: Citation counts

    @Test func citationCountsComeFromCountFieldsThenNote() throws {
        let text = """
        @article{a, title = {A}, citations = {12}}
        @article{b, title = {B}, Cited-By = {7}}
        @article{c, title = {C}, citedby = 5}
        @article{d, title = {D}, Times-Cited = { 3 }}
        @article{e, title = {E}, note = {Cited by 12}}
        @article{f, title = {F}, note = {Cited By :2; Export Date: 15 December 2021}}
        @article{g, title = {G}, note = {Citations: 40}}
        @article{h, title = {H}, note = {Published in 1999}}
        @article{i, title = {I}, citations = {9}, note = {Cited by 100}}
        """
        let citations = try readBibTeX(text).publications.map(\.citations)
        #expect(citations == [12, 7, 5, 3, 12, 2, 40, 0, 9])
    }

    /// A note's ordinary words must not pass for a count: "excited by 2" is not "cited by 2".
    @Test func noteCountsAreWholeWordsOnly() throws {
        let text = """
        @article{a, title = {A}, note = {Excited by 2 photons}}
        @article{b, title = {B}, note = {Recitations 1990}}
        @article{c, title = {C}, note = {(cited by 4)}}
        """
        #expect(try readBibTeX(text).publications.map(\.citations) == [0, 0, 4])
    }

    @Test func aNonNumericCitationCountNamesTheEntryAndItsLine() throws {
        let text = """
        @article{good, title = {Good}, citations = {1}}

        @article{bad,
          title = {Bad},
          citations = {many}
        }
        """
        let problem = #expect(throws: ImportProblem.self) { try readBibTeX(text) }
        #expect(problem?.file == "x.bib")
        #expect(problem?.line == 3)
        #expect(problem?.message.contains("entry 'bad'") == true)
        #expect(problem?.message.contains("many") == true)
    }

    @Test func anEntryWithoutATitleIsBad() throws {
        let problem = #expect(throws: ImportProblem.self) { try readBibTeX("\n@article{untitled, year = 2000}") }
        #expect(problem?.line == 2)
        #expect(problem?.message == "entry 'untitled' has no title")
    }

    // MARK: Malformed files

    @Test func aFileCutMidEntryIsUnterminatedAtTheEntrysLine() throws {
        let text = """
        @article{one, title = {One}}
        @article{two,
          title = {Two},
          year = {19
        """
        let problem = #expect(throws: ImportProblem.self) { try readBibTeX(text) }
        #expect(problem?.line == 2)
        #expect(problem?.message.contains("entry 'two'") == true)
        #expect(problem?.message.contains("not terminated") == true)
    }

    @Test(arguments: [
        "@article{two,\n title = {Two}",
        "@article{two,\n title = \"Tw",
        "@article{two,\n title = ",
        "@article{two,\n tit",
        "@article{two,",
        "@article{two",
    ])
    func everyCutIsUnterminated(cut: String) throws {
        let problem = #expect(throws: ImportProblem.self) { try readBibTeX("@misc{one, title = {One}}\n\n" + cut) }
        #expect(problem?.line == 3)
        #expect(problem?.message.contains("entry 'two' is not terminated") == true)
    }

    @Test func aMissingCloseBeforeTheNextEntryIsReported() throws {
        let text = """
        @article{one, title = {One}, year = 2000
        @article{two, title = {Two}}
        """
        let problem = #expect(throws: ImportProblem.self) { try readBibTeX(text) }
        #expect(problem?.line == 1)
        #expect(problem?.message.contains("not terminated") == true)
        #expect(problem?.message.contains("line 2") == true)
    }

    @Test func aMissingCommaBetweenFieldsIsReported() throws {
        let problem = #expect(throws: ImportProblem.self) { try readBibTeX("@article{k,\n title = {A}\n year = {2000}}") }
        #expect(problem?.line == 1)
        #expect(problem?.message.contains("missing a ','") == true)
    }

    @Test func lenientModeSkipsBadEntriesAndKeepsTheRest() throws {
        let text = """
        @article{one, title = {One}, citations = 1}
        @article{bad, title = {Bad}, citations = {many}}
        @article{untitled, year = 2000}
        @article{cut, title = {Cut
        @article{two, title = {Two}, citations = 2}
        @article{open, title = {Open}
        @article{three, title = {Three}, citations = 3}
        """
        let result = try readBibTeX(text, lenient: true)
        #expect(result.publications.map(\.title) == ["One", "Two", "Three"])
        #expect(result.publications.map(\.citations) == [1, 2, 3])
        #expect(result.skipped.count == 4)
        #expect(result.skipped.map(\.line) == [2, 3, 4, 6])
    }

    @Test func textWithoutEntriesIsNotBibTeX() throws {
        let problem = #expect(throws: ImportProblem.self) { try readBibTeX("This is a note, not a bibliography.\nWrite to me@example.org.\n") }
        #expect(problem?.line == nil)
        #expect(problem?.message.contains("no BibTeX entry") == true)
    }

    @Test func csvTextIsNotBibTeX() throws {
        let csv = "Cites,Authors,Title,Year\n369,\"W Tobler\",\"Three presentations\",1993\n"
        let problem = #expect(throws: ImportProblem.self) { try readBibTeX(csv) }
        #expect(problem?.message.contains("no BibTeX entry") == true)
    }

    @Test(Fixtures.required) func aRealCSVExportIsNotBibTeX() throws {
        let path = "scholar/exports/pop-gscholar-mvvm-2024-01-20.csv"
        let source = try SourceText(file: "export.bib", contents: [UInt8](Fixtures.data(path)))
        let problem = #expect(throws: ImportProblem.self) { try BibTeXReader.read(source, options: ImportOptions()) }
        #expect(problem?.file == "export.bib")
        #expect(problem?.message.contains("no BibTeX entry") == true)
    }

    /// An empty bibliography, or one of only comments and macros, is valid BibTeX with nothing in it.
    @Test(arguments: ["", "  \n\t\n", "@comment{nothing here}\n@string{acm = \"ACM\"}\n"])
    func bibTeXWithoutEntriesIsEmpty(text: String) throws {
        let result = try readBibTeX(text)
        #expect(result.publications.isEmpty && result.skipped.isEmpty)
    }
}
