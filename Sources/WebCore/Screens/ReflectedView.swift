import Foundation
import Mustache

/// A typed view read by reflection once, for a template that reads it many times.
///
/// swift-mustache finds `{{name}}` in a plain struct by building the value's `Mirror` and
/// walking all of its children, on every lookup and for every miss on the way up the context
/// stack. A list of 829 rows, each read a dozen times, was reflected ten thousand times: 82 % of
/// the publications screen's time in issue 44's profile. This box reflects its value the first
/// time a template looks into it, keeps the properties by name, and hands them out boxed the
/// same way, so each value is reflected once per page.
///
/// It answers exactly what Mustache's own reading would: the same `Mirror` children, an optional
/// unwrapped to its value and an absent one to nothing (so the lookup climbs the stack), text
/// rendered with `String(describing:)` of the value. Values Mustache treats specially (its
/// protocols, text, numbers, sets, dictionaries) pass through untouched.
final class ReflectedView: MustacheParent, MustacheCustomRenderable {
    let value: Any
    private var properties: [String: Any]?

    private init(_ value: Any) {
        self.value = value
    }

    /// `value` ready for a template: boxed when it is a struct or class Mustache would reflect,
    /// an array of such values with each element boxed, anything else unchanged.
    static func wrap(_ value: Any) -> Any {
        switch kind(of: value) {
        case .plain, .optional: return value
        case .boxed: return ReflectedView(value)
        case .list:
            guard let elements = value as? [Any] else { return value }
            var boxedAny = false
            let boxed = elements.map { element in
                let wrapped = wrap(element)
                boxedAny = boxedAny || wrapped is ReflectedView
                return wrapped
            }
            // An array of text or numbers stays typed: Mustache's `sorted` needs its elements comparable.
            return boxedAny ? ReflectedList(elements: boxed, original: value) : value
        }
    }

    /// What a value of this type is to a template. Deciding takes several protocol casts, each a
    /// look-up in the runtime's conformance tables (a fifth of a page's time when done per
    /// value), so it is decided once per type.
    private enum Kind: Sendable { case plain, optional, boxed, list }

    nonisolated(unsafe) private static var kinds: [ObjectIdentifier: Kind] = [:]
    private static let kindsLock = NSLock()

    private static func kind(of value: Any) -> Kind {
        let type = ObjectIdentifier(Swift.type(of: value))
        if let known = kindsLock.withLock({ kinds[type] }) { return known }
        let found = classify(value)
        kindsLock.withLock { kinds[type] = found }
        return found
    }

    private static func classify(_ value: Any) -> Kind {
        if value is any OptionalProperty { return .optional }
        if value is MustacheParent || value is MustacheCustomRepresentation || value is MustacheCustomRenderable || value is MustacheLambda {
            return .plain
        }
        if value is String || value is Bool || value is any BinaryInteger || value is any BinaryFloatingPoint { return .plain }
        if value is [Any] { return .list }
        if value is MustacheTransformable { return .plain }
        switch Mirror(reflecting: value).displayStyle {
        case .struct, .class: return .boxed
        default: return .plain
        }
    }

    func child(named name: String) -> Any? {
        if properties == nil { properties = Self.reflect(value) }
        guard let found = properties?[name] else { return nil }
        if found is ReflectedView { return found }
        let wrapped = Self.wrap(found)
        properties?[name] = wrapped
        return wrapped
    }

    var renderText: String { String(describing: value) }
    var isNull: Bool { false }

    /// The value's properties by label, optionals unwrapped and absent ones left out; the first
    /// of a label wins, as in Mustache's own `Mirror.getValue(forKey:)`.
    private static func reflect(_ value: Any) -> [String: Any] {
        var properties: [String: Any] = [:]
        for child in Mirror(reflecting: value).children {
            guard let label = child.label, properties[label] == nil else { continue }
            if kind(of: child.value) == .optional {
                if let wrapped = (child.value as? any OptionalProperty)?.wrappedValue { properties[label] = wrapped }
            } else {
                properties[label] = child.value
            }
        }
        return properties
    }
}

/// An array whose elements are boxed, which a template reads as it reads the array itself: the
/// same sections and transforms, and the same text should a template print it whole.
struct ReflectedList: MustacheSequence, MustacheTransformable, MustacheCustomRenderable, MustacheParent {
    let elements: [Any]
    let original: Any

    func makeIterator() -> IndexingIterator<[Any]> { elements.makeIterator() }

    func transform(_ name: String) -> Any? {
        switch name {
        case "first", "last", "reversed", "count", "empty": elements.transform(name)
        default: (original as? MustacheTransformable)?.transform(name)
        }
    }

    /// An array has no named children: a name inside its inverted section is looked up further out.
    func child(named name: String) -> Any? { nil }

    var renderText: String { String(describing: original) }
    var isNull: Bool { false }
}

/// An optional property seen through `Any`: its value, or nothing.
private protocol OptionalProperty {
    var wrappedValue: Any? { get }
}

extension Optional: OptionalProperty {
    var wrappedValue: Any? { self.map { $0 } }
}
