// Which discount a product's line takes on the device (issue 42).
// Mirrors OrderKit's `DiscountResolution.applicable`: only the order's supplier and customer's
// discounts; one naming the product wins over the supplier-wide one; between two equally
// specific, the company's (synced, read-only) wins, then the newest (highest id).

/** The discount records (`/api/orders/discounts`) that apply; null for none. */
export function applicableDiscount(discounts, supplierID, customerID, productID) {
  let best = null;
  const rank = (discount) => [discount.productID ? 1 : 0, discount.readOnly ? 1 : 0, Number(discount.id || 0)];
  const above = (a, b) => {
    for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) return a[index] > b[index];
    return false;
  };
  for (const discount of discounts) {
    if (Number(discount.supplierID) !== Number(supplierID) || Number(discount.customerID) !== Number(customerID)) continue;
    if (discount.productID && Number(discount.productID) !== Number(productID)) continue;
    if (best && !above(rank(discount), rank(best))) continue;
    best = discount;
  }
  return best;
}
