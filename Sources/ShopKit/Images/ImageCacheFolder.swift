import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file operations of ``ShopImageCache``, each turning a failure into an
/// ``ImageCacheError`` that names the path.
enum ImageCacheFolder {
    struct File {
        let url: URL
        let name: String
        let size: Int
        let modified: Date
    }

    static func create(_ folder: URL) throws(ImageCacheError) {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .storage(path: folder.path, operation: "create the folder", reason: "\(error)")
        }
    }

    /// The regular files in the folder with size and modification date (created when absent).
    /// Names from one listing, then one `stat` each: Foundation's URL resource values cost about
    /// 100 µs a file on Linux, which made a start-up over 10,000 images take a second.
    static func list(_ folder: URL) throws(ImageCacheError) -> [File] {
        try create(folder)
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw .storage(path: folder.path, operation: "list", reason: "\(error)")
        }
        return names.compactMap { name in
            let url = folder.appendingPathComponent(name, isDirectory: false)
            guard let status = fileStatus(url.path) else { return nil }
            return File(url: url, name: name, size: status.size, modified: status.modified)
        }
    }

    /// Size and modification time of a regular file; nil for anything else or a file gone meanwhile.
    private static func fileStatus(_ path: String) -> (size: Int, modified: Date)? {
        #if canImport(Glibc) || canImport(Darwin)
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        #if canImport(Darwin)
        let time = status.st_mtimespec
        #else
        let time = status.st_mtim
        #endif
        return (Int(status.st_size), Date(timeIntervalSince1970: TimeInterval(time.tv_sec) + TimeInterval(time.tv_nsec) / 1_000_000_000))
        #else
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              attributes[.type] as? FileAttributeType == .typeRegular else { return nil }
        return ((attributes[.size] as? NSNumber)?.intValue ?? 0, attributes[.modificationDate] as? Date ?? .distantPast)
        #endif
    }

    /// The file's bytes, or nil when it is gone or unreadable (the cache then downloads again).
    static func read(_ url: URL) -> [UInt8]? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        return Array(data)
    }

    /// Writes `temporary` in full, then renames it over `url`: POSIX `rename` within one folder
    /// replaces the name atomically, so the final name only ever shows a whole file.
    static func writeAtomically(_ bytes: [UInt8], to url: URL, via temporary: URL) throws(ImageCacheError) {
        do {
            try Data(bytes).write(to: temporary, options: .withoutOverwriting)
        } catch {
            remove(temporary)
            throw .storage(path: temporary.path, operation: "write", reason: "\(error)")
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            remove(temporary)
            throw .storage(path: url.path, operation: "rename \(temporary.lastPathComponent) to", reason: reason)
        }
    }

    /// Marks a file as just used: its modification date is the last use after a restart.
    static func touch(_ url: URL) {
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: url.path)
    }

    /// Deletes a file; one already gone is fine.
    static func remove(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
    }
}
