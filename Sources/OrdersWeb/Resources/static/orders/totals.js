// An order's totals on the device, for the offline order form (issue 42).
// Mirrors OrderKit's pricing: `OrderLine.grossTotal()` and `OrderLine.total()` (LinePricing),
// `DiscountCascade.factor`, `OrderTotals(lines:)` and `VATSummary` with `VATRate.tax(on:)`.
// Exact, as OrderKit's Decimal arithmetic is: prices are whole micro-euros (six decimals),
// discount levels and VAT rates whole hundredths of a percent, and everything is BigInt until
// it is rounded once, half up, to the cent. Checked against vectors a Swift test generates
// from OrderKit (`OrderTotalsVectorTests`), never against a second hand-written expectation.

const MICROS_PER_CENT = 10000n;
const HUNDREDTHS_PER_WHOLE = 10000n;

/** "12.50", "0.0325", "3" → micro-euros; null for anything else (at most six decimals). */
export function priceMicros(text) {
  const match = /^(\d+)(?:\.(\d{1,6}))?$/.exec(String(text).trim());
  if (!match) return null;
  return BigInt(match[1]) * 1000000n + BigInt((match[2] || "").padEnd(6, "0"));
}

/** "10+5+2", "2.5", "" → hundredths of a percent per level; null for anything else. */
export function levelsHundredths(text) {
  const trimmed = String(text).trim();
  if (trimmed === "") return [];
  const levels = [];
  for (const part of trimmed.split("+")) {
    const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(part);
    if (!match) return null;
    const value = BigInt(match[1]) * 100n + BigInt((match[2] || "").padEnd(2, "0"));
    if (value > 10000n) return null;
    levels.push(value);
  }
  return levels.length <= 3 ? levels : null;
}

/** n / d rounded half up (n, d ≥ 0), as NSDecimalRound's `.plain` does for these amounts. */
function roundHalfUp(numerator, denominator) {
  return (2n * numerator + denominator) / (2n * denominator);
}

/** Unit price × quantity, before discounts, in cents. */
export function grossCents(micros, quantity) {
  return roundHalfUp(micros * BigInt(quantity), MICROS_PER_CENT);
}

/** Unit price × quantity × Π(1 − pᵢ/100), rounded once to the cent: the line's total. */
export function lineCents(micros, quantity, levels) {
  let numerator = micros * BigInt(quantity);
  let denominator = MICROS_PER_CENT;
  for (const level of levels) {
    numerator *= HUNDREDTHS_PER_WHOLE - level;
    denominator *= HUNDREDTHS_PER_WHOLE;
  }
  return roundHalfUp(numerator, denominator);
}

/**
 * The order's totals, in cents (BigInt): gross, discount (gross − net), net (Σ line totals),
 * and VAT by rate, lowest rate first, each rate's tax rounded on its taxable sum; total.
 * `lines`: [{ micros, quantity, levels, vatHundredths }].
 */
export function orderTotals(lines) {
  let gross = 0n;
  let net = 0n;
  const byRate = new Map();
  for (const line of lines) {
    const lineNet = lineCents(line.micros, line.quantity, line.levels);
    gross += grossCents(line.micros, line.quantity);
    net += lineNet;
    const rate = BigInt(line.vatHundredths);
    byRate.set(rate, (byRate.get(rate) || 0n) + lineNet);
  }
  const vat = [...byRate.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map((rate) => {
    const taxable = byRate.get(rate);
    return { rate, taxable, tax: roundHalfUp(taxable * rate, HUNDREDTHS_PER_WHOLE) };
  });
  const total = vat.reduce((sum, row) => sum + row.taxable + row.tax, 0n);
  return { gross, discount: gross - net, net, vat, total };
}

/** Cents as the order screens write them: "1.234,56". */
export function italianAmount(cents) {
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `${whole},${(cents % 100n).toString().padStart(2, "0")}`;
}
