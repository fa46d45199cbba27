import Foundation
import GRDB

extension Row {
    /// A JSON column's value, or nil when it is NULL: for records read column by column rather
    /// than through `Decodable` (issue 44), with the record type's own JSON decoder made once
    /// (`databaseJSONDecoder(for:)`), so the stored text reads as GRDB's `Decodable` reading reads it.
    public func decodeJSON<Value: Decodable>(_ type: Value.Type, forColumn column: String, using decoder: JSONDecoder) throws -> Value? {
        try withUnsafeData(named: column) { data in
            try data.map { try decoder.decode(Value.self, from: $0) }
        }
    }
}
