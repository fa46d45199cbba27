// The + and − buttons and the live total of the multiple-tickets screen. Prices are whole cents
// here, so the sum is exact; the server computes the real total again in the summary.
// Mirrors TicketKit's quote total (a product's price in cents times its quantity), for show only.
(() => {
  const form = document.getElementById("multiple-form");
  const total = document.getElementById("live-total");
  if (!form || !total) return;
  const rows = Array.from(form.querySelectorAll(".quantity-row"));
  const clamp = (input, value) => Math.max(Number(input.min) || 0, Math.min(Number(input.max) || 20, value));
  const refresh = () => {
    let cents = 0;
    for (const row of rows) {
      const input = row.querySelector("input");
      cents += Number(row.dataset.cents) * (parseInt(input.value, 10) || 0);
    }
    total.textContent = "€" + Math.floor(cents / 100) + "." + String(cents % 100).padStart(2, "0");
  };
  for (const row of rows) {
    const input = row.querySelector("input");
    for (const button of row.querySelectorAll("button.step")) {
      button.addEventListener("click", () => {
        input.value = clamp(input, (parseInt(input.value, 10) || 0) + Number(button.dataset.step));
        refresh();
      });
    }
    input.addEventListener("input", refresh);
  }
  refresh();
})();
