import Crypto
import Foundation

/// Secrets kept beside the database rather than in it (`bottega.sqlite.keys`): a copy of the
/// database alone (a backup, a copied file) then neither signs tickets nor reveals the agent's
/// company passwords.
///
/// The file is a JSON object of named, base64 keys, readable by its owner only (0600). It is
/// written once, with a random `master` key; every other key is derived from that by HKDF-SHA256
/// with the key's name, so a later version needs a new key without rewriting the file. A key an
/// earlier version kept elsewhere is added to the file by name (``adopt(_:as:)``) and then wins
/// over the derived one.
public final class KeyFile: @unchecked Sendable {
    /// Where the keys live; nil for keys held in memory only (tests, an in-memory database).
    public let path: String?
    private let lock = NSLock()
    private var stored: [String: Data]

    public static let permissions: Int16 = 0o600
    static let masterName = "master"

    private init(path: String?, stored: [String: Data]) {
        self.path = path
        self.stored = stored
    }

    /// Fresh keys that live as long as this value: for tests and in-memory databases.
    public static func ephemeral() -> KeyFile {
        KeyFile(path: nil, stored: [masterName: Data(SecureRandom.bytes(32))])
    }

    /// The key file at `path`, created with a fresh master key when there is none. Two processes
    /// creating it together agree on one file: each writes its own temporary file and links it
    /// into place, and the one whose link fails reads the winner's.
    public static func open(path: String) throws(KeyFileError) -> KeyFile {
        let files = FileManager.default
        if !files.fileExists(atPath: path) {
            let temporary = path + ".\(UUID().uuidString).tmp"
            try write([masterName: Data(SecureRandom.bytes(32))], to: temporary)
            defer { try? files.removeItem(atPath: temporary) }
            do {
                try files.linkItem(atPath: temporary, toPath: path)
            } catch where files.fileExists(atPath: path) {
                // Another process linked its file first: use that one.
            } catch {
                throw .unwritable(path: path, reason: error.localizedDescription)
            }
        }
        // An older, wider file is narrowed, as the database is.
        try? files.setAttributes([.posixPermissions: permissions], ofItemAtPath: path)
        return KeyFile(path: path, stored: try read(path))
    }

    /// The key named `name`: the one stored under that name, else one derived from the master key.
    public func key(_ name: String) -> SymmetricKey {
        let (own, master) = lock.withLock { (stored[name], stored[Self.masterName] ?? Data()) }
        if let own { return SymmetricKey(data: own) }
        return HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: master), info: Data("bottega:\(name)".utf8), outputByteCount: 32)
    }

    /// Keeps `key` under `name` from now on: a key an earlier version stored elsewhere (in the
    /// database) moves here before it is deleted there. Adopting the key already stored does
    /// nothing; a different one is refused, since data made with the stored key would then stop
    /// opening.
    public func adopt(_ key: Data, as name: String) throws(KeyFileError) {
        lock.lock()
        defer { lock.unlock() }
        if let existing = stored[name] {
            guard existing == key else { throw .conflictingKey(name: name, path: path ?? "memory") }
            return
        }
        var updated = stored
        updated[name] = key
        if let path {
            // A whole new file renamed over the old: a crash leaves one or the other, never half.
            let temporary = path + ".\(UUID().uuidString).tmp"
            try Self.write(updated, to: temporary)
            guard rename(temporary, path) == 0 else {
                let reason = String(cString: strerror(errno))
                try? FileManager.default.removeItem(atPath: temporary)
                throw .unwritable(path: path, reason: reason)
            }
        }
        stored = updated
    }

    private static func write(_ keys: [String: Data], to path: String) throws(KeyFileError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            let data = try encoder.encode(keys.mapValues { $0.base64EncodedString() })
            guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: permissions]) else {
                throw CocoaError(.fileWriteNoPermission)
            }
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            try handle.write(contentsOf: data)
            try handle.synchronize()
        } catch {
            throw .unwritable(path: path, reason: error.localizedDescription)
        }
    }

    private static func read(_ path: String) throws(KeyFileError) -> [String: Data] {
        let text: [String: String]
        do {
            text = try JSONDecoder().decode([String: String].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch let error as DecodingError {
            throw .damaged(path: path, reason: "it is not a JSON object of base64 keys (\(error))")
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
        var keys: [String: Data] = [:]
        for (name, value) in text {
            guard let key = Data(base64Encoded: value), key.count == 32 else {
                throw .damaged(path: path, reason: "the key \"\(name)\" is not 32 bytes of base64")
            }
            keys[name] = key
        }
        guard keys[masterName] != nil else { throw .damaged(path: path, reason: "it has no \"\(masterName)\" key") }
        return keys
    }
}

/// Why the key file could not be used, with what to do about it.
public enum KeyFileError: Error, Sendable, Equatable, LocalizedError {
    case unreadable(path: String, reason: String)
    case unwritable(path: String, reason: String)
    case damaged(path: String, reason: String)
    case conflictingKey(name: String, path: String)

    public var errorDescription: String? {
        switch self {
        case .unreadable(let path, let reason):
            "The key file \(path) cannot be read (\(reason)): give this user read access to it, or point --key-file at the right one."
        case .unwritable(let path, let reason):
            "The key file \(path) cannot be written (\(reason)): the folder must be writable by this user."
        case .damaged(let path, let reason):
            "The key file \(path) is damaged: \(reason). Restore it from a backup; a new one cannot open what the old one sealed."
        case .conflictingKey(let name, let path):
            "The key file \(path) already holds a different \"\(name)\" key than the database's: this database belongs with another key file."
        }
    }
}
