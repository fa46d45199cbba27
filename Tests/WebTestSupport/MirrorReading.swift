import Mustache
import Testing

/// A hand-written `MustacheParent` must answer as swift-mustache's own reading by `Mirror`
/// would (issue 44 wrote them for rows rendered by the hundred): every stored property the
/// same, an absent optional as nothing, and no name it does not have.
package func expectAnswersAsTheMirrorReads(
    _ view: some MustacheParent, properties: Int, sourceLocation: SourceLocation = #_sourceLocation
) {
    let children = Mirror(reflecting: view).children
    #expect(children.count == properties, "a property added to the view needs its answer too", sourceLocation: sourceLocation)
    for child in children {
        guard let label = child.label else { continue }
        #expect(text(view.child(named: label)) == text(unwrapped(child.value)), "\(label)", sourceLocation: sourceLocation)
    }
    #expect(view.child(named: "title") == nil, sourceLocation: sourceLocation)
}

private func unwrapped(_ value: Any) -> Any? {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .optional else { return value }
    return mirror.children.first?.value
}

private func text(_ value: Any?) -> String {
    value.map { "\(type(of: $0)): \($0)" } ?? "nothing"
}
