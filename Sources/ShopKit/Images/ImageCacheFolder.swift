import Foundation

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
    static func list(_ folder: URL) throws(ImageCacheError) -> [File] {
        try create(folder)
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey, .isRegularFileKey]
        let urls: [URL]
        do {
            urls = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: keys)
        } catch {
            throw .storage(path: folder.path, operation: "list", reason: "\(error)")
        }
        return urls.compactMap { url in
            guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else { return nil }
            return File(url: url, name: url.lastPathComponent, size: values.fileSize ?? 0, modified: values.contentModificationDate ?? .distantPast)
        }
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
