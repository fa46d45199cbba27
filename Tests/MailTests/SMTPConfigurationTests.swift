import Mail
import Testing

struct SMTPConfigurationTests {
    @Test func test_plainURLDefaultsToPort25() throws {
        let configuration = try SMTPConfiguration(url: "smtp://mail.example.org")
        #expect(configuration == SMTPConfiguration(host: "mail.example.org", port: 25, security: .none))
    }

    @Test func test_eachSchemeHasItsOwnDefaultPort() throws {
        #expect(try SMTPConfiguration(url: "smtp+starttls://mail.example.org").port == 587)
        #expect(try SMTPConfiguration(url: "smtps://mail.example.org").port == 465)
        #expect(try SMTPConfiguration(url: "SMTPS://mail.example.org").security == .implicitTLS)
    }

    @Test func test_userPasswordPortAndFromAreRead() throws {
        let configuration = try SMTPConfiguration(
            url: "smtp+starttls://scholar%40uni.example:p%40ss%3Aw%2Frd@smtp.uni.example:2525/?from=reports%40uni.example")
        #expect(configuration.security == .startTLS)
        #expect(configuration.user == "scholar@uni.example")
        #expect(configuration.password == "p@ss:w/rd")
        #expect(configuration.host == "smtp.uni.example")
        #expect(configuration.port == 2525)
        #expect(configuration.from == "reports@uni.example")
    }

    @Test func test_unencodedAtInTheUserNameStillWorks() throws {
        let configuration = try SMTPConfiguration(url: "smtps://me@gmail.example:secret@smtp.gmail.example")
        #expect(configuration.user == "me@gmail.example")
        #expect(configuration.password == "secret")
        #expect(configuration.host == "smtp.gmail.example")
    }

    @Test func test_ipv6HostInBrackets() throws {
        let configuration = try SMTPConfiguration(url: "smtp://[::1]:2525")
        #expect(configuration.host == "::1")
        #expect(configuration.port == 2525)
    }

    @Test func test_descriptionMasksThePassword() throws {
        let configuration = try SMTPConfiguration(url: "smtps://me:hunter2@mail.example.org?from=me@example.org")
        #expect(configuration.description == "smtps://me:***@mail.example.org:465?from=me@example.org")
    }

    @Test(arguments: [
        ("mail.example.org", "no scheme"),
        ("http://mail.example.org", "“http” is not one of smtp, smtp+starttls, smtps"),
        ("smtp://", "the host is missing"),
        ("smtp://mail.example.org:0", "not a number from 1 to 65535"),
        ("smtp://mail.example.org:http", "not a number from 1 to 65535"),
        ("smtp://mail.example.org/inbox", "a path is not allowed"),
        ("smtp://mail.example.org?sender=a@b.org", "“sender” is unknown"),
        ("smtp://mail.example.org?from=nobody", "from=: “nobody” is not an e-mail address"),
        ("smtp://:pw@mail.example.org", "the user name is empty"),
        ("smtp://me:%zz@mail.example.org", "the password has a broken %-escape"),
        ("smtp://[::1", "no closing “]”"),
        ("smtp://mail example.org", "characters a host name cannot have"),
    ])
    func test_badURLSaysWhatToFix(url: String, problem: String) {
        let error = #expect(throws: MailError.self) { try SMTPConfiguration(url: url) }
        let text = error?.errorDescription ?? ""
        #expect(text.contains(problem), "\(text)")
        #expect(text.contains("smtp://[user[:password]@]host[:port]"))
    }

    @Test func test_badURLErrorDoesNotShowThePassword() {
        let error = #expect(throws: MailError.self) { try SMTPConfiguration(url: "smtp://me:hunter2@mail.example.org:99999") }
        #expect(error == .invalidURL(url: "smtp://me:***@mail.example.org:99999", problem: "the port “99999” is not a number from 1 to 65535"))
    }
}
