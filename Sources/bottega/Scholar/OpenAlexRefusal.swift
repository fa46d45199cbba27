import ScholarKit

extension OpenAlexError {
    /// Rate limits and spent credits: the exit status says "wait", like a Scholar block.
    var isRefusal: Bool {
        switch self {
        case .rateLimited, .creditsExhausted: true
        default: false
        }
    }
}
