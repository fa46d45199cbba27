#if canImport(CCrypt)
import CCrypt
#endif

/// bcrypt verification through libxcrypt's `crypt_r` (no bcrypt library for Swift is available
/// here; libxcrypt ships with Debian's libc6-dev). `$2y$` (PHP's tag, PrestaShop 1.7+), `$2a$`
/// and `$2b$` are all the same algorithm for passwords without 8-bit characters, and libxcrypt
/// reads all three.
enum Bcrypt {
    static func isHash(_ stored: String) -> Bool {
        let bytes = Array(stored.utf8)
        return bytes.count == 60 && (stored.hasPrefix("$2y$") || stored.hasPrefix("$2a$") || stored.hasPrefix("$2b$"))
            && bytes[6] == UInt8(ascii: "$")
    }

    /// Whether `password` hashes to `stored`, compared in constant time.
    static func verify(_ password: String, against stored: String) throws(LoginError) -> Bool {
        let computed = try hash(password, setting: stored)
        return ConstantTime.equal(Array(computed.utf8), Array(stored.utf8))
    }

    /// `crypt_r(password, setting)`: the setting's algorithm, cost and salt applied to `password`.
    static func hash(_ password: String, setting: String) throws(LoginError) -> String {
        #if canImport(CCrypt)
        // struct crypt_data is ~32 KB: on the heap, one per call, so calls may run in parallel.
        let data = UnsafeMutablePointer<crypt_data>.allocate(capacity: 1)
        defer { data.deallocate() }
        // Zeroed, as crypt_r requires before first use (`initialized` = 0).
        UnsafeMutableRawPointer(data).initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<crypt_data>.size)
        guard let result = crypt_r(password, setting, data) else {
            throw .bcryptUnavailable(reason: "crypt_r returned no hash")
        }
        let text = String(cString: result)
        // libxcrypt signals failure with a string starting "*" (never a valid hash).
        guard !text.hasPrefix("*") else {
            throw .bcryptUnavailable(reason: "crypt_r refused the setting \(setting.prefix(7))… (libxcrypt without bcrypt?)")
        }
        return text
        #else
        // An app has neither libxcrypt nor any business holding the webservice key this login
        // needs; the message says where its login goes instead.
        throw .bcryptUnavailable(
            reason: "libxcrypt (crypt_r) is only linked on Linux, and an app must not hold the webservice key this check needs; "
                + "in an app, log in through the Bottega server with RemoteCustomerLogin (POST /api/shop/login)")
        #endif
    }
}

enum ConstantTime {
    /// Equal length and bytes, in time that depends on the length only.
    static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
