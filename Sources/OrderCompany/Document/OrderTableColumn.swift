import OrderKit
/// The columns of an order document's table, left to right, on an A4 page with 40-point margins.
///
/// The fixed columns are wide enough for their largest value at 8.5 points: "99.999.999,99 €"
/// (the largest `Money`) is 70.3 points of DejaVu Sans, a six-decimal unit price with its `*`
/// 72, a five-digit quantity 27. The description takes what is left (173 points) and wraps
/// within it; so do a long code and a long discount text.
struct OrderTableColumn: Sendable {
    let title: String
    let left: Double
    let width: Double
    let alignment: PDFTextAlignment

    /// Space between a cell's edge and its text.
    static let padding = 4.0

    var right: Double { left + width }
    /// Where text starts (left-aligned) or ends (right-aligned).
    var textX: Double { alignment == .right ? right - Self.padding : left + Self.padding }
    var textWidth: Double { width - 2 * Self.padding }

    static let code = OrderTableColumn(title: "Codice", left: OrderPageGeometry.left, width: 58, alignment: .left)
    static let description = OrderTableColumn(
        title: "Descrizione", left: code.right,
        width: OrderPageGeometry.right - code.right - 36 - 80 - 56 - 30 - 82, alignment: .left)
    static let quantity = OrderTableColumn(title: "Q.tà", left: description.right, width: 36, alignment: .right)
    static let unitPrice = OrderTableColumn(title: "Prezzo", left: quantity.right, width: 80, alignment: .right)
    static let discount = OrderTableColumn(title: "Sconto", left: unitPrice.right, width: 56, alignment: .right)
    /// The line's VAT rate in percent ("22", "4,5").
    static let vat = OrderTableColumn(title: "IVA", left: discount.right, width: 30, alignment: .right)
    static let total = OrderTableColumn(title: "Importo", left: vat.right, width: 82, alignment: .right)

    static let all = [code, description, quantity, unitPrice, discount, vat, total]
}

/// Where things go on an order document's A4 page (points, origin bottom-left).
enum OrderPageGeometry {
    static let size = PDFPageSize.a4
    static let left = 40.0
    static let right = size.width - 40
    static let width = right - left
    static let top = size.height - 40
    /// Nothing but the footer goes below this line.
    static let bottom = 52.0
    static let footerBaseline = 26.0
}
