// Logging out clears everything the browser keeps for the site (`Clear-Site-Data`, issue 42),
// the work a field app holds on the device and has not sent yet included: an order taken with no
// network is gone with it. An app with such work counts it in `localStorage` under
// `bottega-unsent:<app>` ({count, what, page}); a log-out form marked `data-unsent-guard` says so
// first and goes on only on a second press (the button then says `data-unsent-guard`'s text). The count may be high (the worker sent the work
// meanwhile), never low: the app's page shows what is left. Mirrors no Kit rule.
(() => {
  const unsent = () => Object.keys(localStorage)
    .filter((key) => key.startsWith("bottega-unsent:"))
    .map((key) => { try { return JSON.parse(localStorage.getItem(key)); } catch (damaged) { return null; } })
    .filter((entry) => entry && entry.count > 0);

  for (const form of document.querySelectorAll("form[data-unsent-guard]")) {
    form.addEventListener("submit", (event) => {
      const waiting = unsent();
      if (form.dataset.warned || waiting.length === 0) return;
      event.preventDefault();
      form.dataset.warned = "true";
      const warning = document.createElement("p");
      warning.className = "error";
      warning.setAttribute("role", "alert");
      warning.id = "unsent-warning";
      warning.append("Not sent yet: ");
      waiting.forEach((entry, index) => {
        if (index > 0) warning.append(", ");
        const link = document.createElement("a");
        link.href = entry.page;
        link.textContent = `${entry.count} ${entry.what}`;
        warning.append(link);
      });
      warning.append(" on this device, which forgets them when the account leaves it: open them with the network to send them first.");
      form.before(warning);
      const button = form.querySelector("button[type=submit], button:not([type])");
      if (button) button.textContent = form.dataset.unsentGuard || "Log out anyway";
    });
  }
})();
