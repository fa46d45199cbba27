/// Whether a source refused to answer (a CAPTCHA, a rate limit, a spent daily budget) rather
/// than failed: the user should wait, not retry. The CLI exits with status 3 for these and the
/// web app marks them `blocked`.
public enum SourceRefusal {
    public static func isRefusal(_ error: any Error) -> Bool {
        if case GoogleScholarSearchError.blocked = error { return true }
        if let service = error as? ScholarServiceError {
            switch service {
            case .rateLimited, .refused: return true
            default: return false
            }
        }
        if let openAlex = error as? OpenAlexError {
            switch openAlex {
            case .rateLimited, .creditsExhausted: return true
            default: return false
            }
        }
        return false
    }
}
