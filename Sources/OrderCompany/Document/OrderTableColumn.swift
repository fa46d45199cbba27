import OrderKit
/// The columns of an order document's table, left to right, on an A4 page with 40-point margins.
///
/// The fixed columns are wide enough for their largest value at 9 points: "99.999.999,99 €" (the
/// largest `Money`) is 67.6 points of Helvetica, a five-digit quantity 25. The description takes
/// what is left (201 points) and wraps within it; so do a long code and a long discount text.
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

    static let code = OrderTableColumn(title: "Codice", left: OrderPageGeometry.left, width: 62, alignment: .left)
    static let description = OrderTableColumn(
        title: "Descrizione", left: code.right,
        width: OrderPageGeometry.right - code.right - 40 - 76 - 56 - 80, alignment: .left)
    static let quantity = OrderTableColumn(title: "Q.tà", left: description.right, width: 40, alignment: .right)
    static let unitPrice = OrderTableColumn(title: "Prezzo", left: quantity.right, width: 76, alignment: .right)
    static let discount = OrderTableColumn(title: "Sconto", left: unitPrice.right, width: 56, alignment: .right)
    static let total = OrderTableColumn(title: "Importo", left: discount.right, width: 80, alignment: .right)

    static let all = [code, description, quantity, unitPrice, discount, total]
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
