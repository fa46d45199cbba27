import Crypto
import Foundation
import Testing

@testable import Credentials

@Suite struct KeyFileTests {
    private func withFolder(_ body: (URL) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keyfile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await body(folder)
    }

    private func bytes(_ key: SymmetricKey) -> Data { key.withUnsafeBytes { Data($0) } }

    @Test func aNewFileIsOwnerOnlyAndGivesTheSameKeysWhenOpenedAgain() async throws {
        try await withFolder { folder in
            let path = folder.appendingPathComponent("bottega.sqlite.keys").path
            let first = try KeyFile.open(path: path)
            let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber
            #expect(mode?.int16Value == 0o600)
            let again = try KeyFile.open(path: path)
            #expect(bytes(first.key("ticket-signing")) == bytes(again.key("ticket-signing")))
            // Names give independent keys.
            #expect(bytes(first.key("ticket-signing")) != bytes(first.key("order-company-passwords")))
            #expect(bytes(first.key("ticket-signing")).count == 32)
        }
    }

    @Test func processesCreatingTheFileTogetherAgreeOnOneKey() async throws {
        try await withFolder { folder in
            let path = folder.appendingPathComponent("race.keys").path
            let keys = try await withThrowingTaskGroup(of: Data.self) { group in
                for _ in 0..<16 { group.addTask { self.bytes(try KeyFile.open(path: path).key("any")) } }
                return try await group.reduce(into: Set<Data>()) { $0.insert($1) }
            }
            #expect(keys.count == 1)
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
            #expect(leftovers.isEmpty)
        }
    }

    @Test func anAdoptedKeyIsKeptInTheFileAndADifferentOneIsRefused() async throws {
        try await withFolder { folder in
            let path = folder.appendingPathComponent("adopt.keys").path
            let legacy = Data(SecureRandom.bytes(32))
            try KeyFile.open(path: path).adopt(legacy, as: "ticket-signing")
            let reopened = try KeyFile.open(path: path)
            #expect(bytes(reopened.key("ticket-signing")) == legacy)
            try reopened.adopt(legacy, as: "ticket-signing")
            #expect(throws: KeyFileError.conflictingKey(name: "ticket-signing", path: path)) {
                try reopened.adopt(Data(SecureRandom.bytes(32)), as: "ticket-signing")
            }
        }
    }

    @Test func aDamagedFileIsReportedNotReplaced() async throws {
        try await withFolder { folder in
            let path = folder.appendingPathComponent("damaged.keys").path
            try Data("{\"master\": \"c2hvcnQ=\"}".utf8).write(to: URL(fileURLWithPath: path))
            #expect {
                try KeyFile.open(path: path)
            } throws: { error in
                guard case KeyFileError.damaged(_, let reason) = error else { return false }
                return reason.contains("master") && (error as? KeyFileError)?.errorDescription?.contains("Restore it from a backup") == true
            }
            try Data("not json".utf8).write(to: URL(fileURLWithPath: path))
            #expect(throws: KeyFileError.self) { try KeyFile.open(path: path) }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "not json")
        }
    }

    @Test func anOlderWiderFileIsNarrowed() async throws {
        try await withFolder { folder in
            let path = folder.appendingPathComponent("wide.keys").path
            _ = try KeyFile.open(path: path)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
            _ = try KeyFile.open(path: path)
            let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber
            #expect(mode?.int16Value == 0o600)
        }
    }
}

@Suite struct SecretBoxTests {
    let box = SecretBox(key: SymmetricKey(size: .bits256))

    @Test func aSealedSecretOpensOnlyForItsContextAndKey() throws {
        let sealed = try box.seal("una-password-lunga", for: "https://acme.example\nACME\nmario")
        #expect(SecretBox.isSealed(sealed))
        #expect(!sealed.contains("una-password"))
        #expect(box.open(sealed, for: "https://acme.example\nACME\nmario") == "una-password-lunga")
        #expect(box.open(sealed, for: "https://evil.example\nACME\nmario") == nil)
        #expect(SecretBox(key: SymmetricKey(size: .bits256)).open(sealed, for: "https://acme.example\nACME\nmario") == nil)
    }

    @Test func anAlteredOrUnsealedValueDoesNotOpen() throws {
        let sealed = try box.seal("segreto", for: "c")
        var bytes = Array(sealed.utf8)
        bytes[bytes.count - 3] = bytes[bytes.count - 3] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        #expect(box.open(String(decoding: bytes, as: UTF8.self), for: "c") == nil)
        #expect(box.open("segreto", for: "c") == nil)
        // Two seals of one secret differ (a fresh nonce each time).
        #expect(try box.seal("segreto", for: "c") != sealed)
    }
}
