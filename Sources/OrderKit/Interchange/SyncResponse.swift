/// A whole answer of the thesis's `sync` request: one ``SyncLineParser`` line per record
/// change, `***` lines for the server's errors, blank lines ignored, and a line that ends in
/// `||` continued on the next (the thesis prints its example wrapped that way).
///
/// Every line is read and validated before anything is applied, and every bad line is
/// reported (the agent sees all of them at once, not the first). If any line is bad, or the
/// server reported an error, the whole response is refused: the store applies the commands of
/// a successful parse in one transaction, so a sync is applied completely or not at all.
public enum SyncResponse {
    /// How often `progress` is called while parsing, in lines (and once at the end).
    public static let progressInterval = 1_000

    /// The commands of `text`, in order, or every problem found in it. Lines are separated by
    /// LF or CRLF; a byte-order mark is dropped. `company` is the code being synced: a line for
    /// another company is refused.
    public static func parse(
        _ text: String, company: String, progress: (SyncProgress) -> Void = { _ in }
    ) -> Result<[SyncCommand], SyncResponseRejection> {
        let lines = logicalLines(InterchangeLines.split(Array(text.utf8)))
        var commands: [SyncCommand] = []
        commands.reserveCapacity(lines.count)
        var productSuppliers: [(line: Int, product: String, supplier: String)] = []
        var productRates: [(line: Int, product: String, rate: VATRate)] = []
        var badLines: [SyncLineError] = []
        var serverErrors: [SyncServerError] = []
        for (index, line) in lines.enumerated() {
            if (index + 1) % progressInterval == 0 { progress(SyncProgress(linesParsed: index + 1, totalLines: lines.count)) }
            if line.isBlank { continue }
            do {
                switch try SyncLineParser.parse(bytes: line.bytes, number: line.number, company: company) {
                case .command(let command): commands.append(command)
                case .productSupplier(let product, let supplier): productSuppliers.append((line.number, product, supplier))
                case .productVAT(let product, let rate): productRates.append((line.number, product, rate))
                }
            } catch {
                if case .serverError(let message) = error.problem {
                    serverErrors.append(SyncServerError(line: line.number, message: message))
                } else {
                    badLines.append(error)
                }
            }
        }
        progress(SyncProgress(linesParsed: lines.count, totalLines: lines.count))
        badLines += attach(productSuppliers, to: &commands)
        badLines += attach(productRates, to: &commands)
        guard badLines.isEmpty, serverErrors.isEmpty else {
            return .failure(SyncResponseRejection(badLines: badLines.sorted { $0.line < $1.line }, serverErrors: serverErrors))
        }
        return .success(commands)
    }

    /// Puts each `listino` line's supplier into its product's command; a `listino` line whose
    /// product this response does not insert or update is an error (it would be lost).
    static func attach(_ links: [(line: Int, product: String, supplier: String)], to commands: inout [SyncCommand]) -> [SyncLineError] {
        attach(links.map { ($0.line, $0.product, $0.supplier) }, to: &commands) { product, _, supplier in (product, supplier) }
    }

    /// Puts each `iva` line's rate into its product's command, the same way.
    static func attach(_ rates: [(line: Int, product: String, rate: VATRate)], to commands: inout [SyncCommand]) -> [SyncLineError] {
        attach(rates.map { ($0.line, $0.product, $0.rate) }, to: &commands) { product, supplier, rate in
            var rated = product
            rated.vatRate = rate
            return (rated, supplier)
        }
    }

    /// Applies each extra line's value to the product command it names (`change` gives the
    /// product and its supplier back); a line naming no product of this response is an error.
    private static func attach<Value>(
        _ links: [(line: Int, product: String, value: Value)], to commands: inout [SyncCommand],
        _ change: (Product, String?, Value) -> (Product, String?)
    ) -> [SyncLineError] {
        guard !links.isEmpty else { return [] }
        var positionOfProduct: [String: Int] = [:]
        for (position, command) in commands.enumerated() {
            switch command {
            case .insert(.product, _, let id), .update(.product, _, let id): positionOfProduct[id] = position
            default: continue
            }
        }
        var errors: [SyncLineError] = []
        for link in links {
            guard let position = positionOfProduct[link.product] else {
                errors.append(SyncLineError(line: link.line, problem: .productSupplierWithoutProduct(productRemoteID: link.product)))
                continue
            }
            switch commands[position] {
            case .insert(.product(let product, let supplier), let company, let id):
                let (changed, newSupplier) = change(product, supplier, link.value)
                commands[position] = .insert(.product(changed, supplierRemoteID: newSupplier), company: company, remoteID: id)
            case .update(.product(let product, let supplier), let company, let id):
                let (changed, newSupplier) = change(product, supplier, link.value)
                commands[position] = .update(.product(changed, supplierRemoteID: newSupplier), company: company, remoteID: id)
            default: continue
            }
        }
        return errors
    }

    /// Physical lines joined where one ends in `||`: a complete line always ends with its
    /// idAzienda, so such a line was wrapped (as the thesis prints its own example) and goes on
    /// in the next one. The joined line keeps the number of its first part.
    static func logicalLines(_ lines: [InterchangeLines.Line]) -> [InterchangeLines.Line] {
        var result: [InterchangeLines.Line] = []
        result.reserveCapacity(lines.count)
        var pending: (number: Int, bytes: [UInt8])?
        for line in lines {
            let continues = line.bytes.count >= 2 && line.bytes.suffix(2).allSatisfy { $0 == SyncLineParser.bar }
            if var open = pending {
                open.bytes += line.bytes
                pending = open
            } else if continues {
                pending = (line.number, Array(line.bytes))
            } else {
                result.append(line)
            }
            if let open = pending, !continues {
                result.append(InterchangeLines.Line(number: open.number, bytes: open.bytes[...]))
                pending = nil
            }
        }
        if let open = pending { result.append(InterchangeLines.Line(number: open.number, bytes: open.bytes[...])) }
        return result
    }
}

/// A `***` line of a sync response: the server could not answer with data.
public struct SyncServerError: Sendable, Hashable {
    public let line: Int
    /// The text after `***`, spaces around removed.
    public let message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }
}
