/// Random bytes for salts and session tokens.
enum SecureRandom {
    /// `count` bytes from `SystemRandomNumberGenerator`, which the Swift standard library
    /// documents as cryptographically secure on every platform (getrandom(2) on Linux,
    /// arc4random_buf on Apple platforms).
    static func bytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }
}
