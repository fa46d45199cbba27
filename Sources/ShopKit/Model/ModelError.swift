import Foundation

/// Why a record could not become a model: which record, which field, what it held and what
/// was expected, so a user can find it in the shop's answer.
public enum ModelError: Error, Sendable, Hashable, LocalizedError {
    /// A field's value cannot be read as the type the model needs.
    case invalidValue(element: String, id: Int?, field: String, value: String, expected: String)
    /// The document does not hold the records asked for.
    case document(DocumentError)

    public var errorDescription: String? {
        switch self {
        case .invalidValue(let element, let id, let field, let value, let expected):
            "<\(element)>\(id.map { " \($0)" } ?? ""): field <\(field)> holds “\(value.prefix(80))”, expected \(expected). Check the value in the shop's back office."
        case .document(let error):
            error.errorDescription
        }
    }
}
