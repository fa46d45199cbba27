// UC1: "al termine di ogni aggiornamento della form e all'uscita della schermata l'ordine è
// automaticamente salvato". With JavaScript the order's header saves itself after every change
// (and while typing, after a pause), and once more when the page is left or the browser closed,
// so nothing typed is lost; the Save button is hidden. Without JavaScript the button stays.
//
// Only the fields the agent changed are posted (`partial=1`), so a page drawn before its last
// save reached the server never writes its older values back over it (issue 40: notes typed
// just before a reload were wiped). A value the browser restored on reload counts as a change.
// Each line's quantity saves itself too, and the totals follow.
(() => {
  const form = document.getElementById("order-header");
  if (!window.fetch) return;
  const post = (action, body) => fetch(action, {
    method: "POST", body, redirect: "manual", headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  // The form answers 303 to the order page: "opaqueredirect" with redirect: "manual".
  const accepted = (response) => response.type === "opaqueredirect" || response.ok;

  // The totals and line totals as the server now computes them.
  const refreshTotals = async () => {
    try {
      const page = new DOMParser().parseFromString(await (await fetch(location.pathname)).text(), "text/html");
      const total = page.getElementById("order-total");
      if (total) document.getElementById("order-total").textContent = total.textContent;
      const fresh = page.querySelectorAll(".order-line .line-amounts");
      document.querySelectorAll(".order-line .line-amounts").forEach((line, index) => {
        if (fresh[index]) line.innerHTML = fresh[index].innerHTML;
      });
    } catch { /* the totals stay until the next load */ }
  };

  document.querySelectorAll("form.line-quantity").forEach((lineForm) => {
    const input = lineForm.querySelector("input[name=quantity]");
    const button = lineForm.querySelector("button[type=submit]");
    if (!input) return;
    if (button) button.hidden = true;
    let saved = input.defaultValue;
    const saveQuantity = async () => {
      // A field being cleared to type a new number is not a quantity yet.
      input.setCustomValidity("");
      if (input.value === "" || input.value === saved || !input.checkValidity()) return;
      const value = input.value;
      try {
        const response = await post(lineForm.action, new URLSearchParams({ quantity: value }).toString());
        if (accepted(response)) {
          saved = value;
          input.setCustomValidity("");
          await refreshTotals();
        } else {
          if (button) button.hidden = false;
          input.setCustomValidity("Not saved: " + response.status);
          input.reportValidity();
        }
      } catch {
        if (button) button.hidden = false;
      }
    };
    input.addEventListener("change", saveQuantity);
    if (input.value !== saved) saveQuantity();
  });

  if (!form) return;
  const button = form.querySelector("button[type=submit]");
  const status = document.createElement("p");
  status.className = "small autosave-status";
  status.setAttribute("role", "status");
  status.textContent = "Changes save themselves.";
  form.append(status);
  if (button) button.hidden = true;

  // What the server holds: the values the page was drawn with.
  const fields = () => Array.from(form.elements).filter((element) => element.name && element.type !== "submit");
  const drawn = (element) => element.tagName === "SELECT"
    ? (Array.from(element.options).find((option) => option.defaultSelected) || element.options[0] || { value: "" }).value
    : element.defaultValue;
  const saved = new Map(fields().map((element) => [element.name, drawn(element)]));
  const changes = () => {
    const body = new URLSearchParams();
    for (const element of fields()) {
      if (element.value !== saved.get(element.name)) body.append(element.name, element.value);
    }
    if ([...body.keys()].length === 0) return null;
    body.append("partial", "1");
    return body;
  };
  const remember = (body) => { for (const [name, value] of body) if (name !== "partial") saved.set(name, value); };

  let timer = null;
  const save = async () => {
    clearTimeout(timer);
    const body = changes();
    if (!body) return;
    status.textContent = "Saving…";
    try {
      const response = await post(form.action, body.toString());
      if (accepted(response)) {
        remember(body);
        status.textContent = "Saved.";
      } else {
        status.textContent = "Not saved: " + response.status + ". Use the Save button.";
        if (button) button.hidden = false;
      }
    } catch {
      status.textContent = "Not saved (no connection): your changes are kept on this page; they are saved when you leave it.";
    }
  };
  form.addEventListener("change", save);
  form.addEventListener("input", () => {
    clearTimeout(timer);
    status.textContent = "Changes not saved yet…";
    timer = setTimeout(save, 800);
  });
  // Leaving the screen or closing the browser: the last changes go as a beacon, which the
  // browser delivers even as the page goes away.
  const flush = () => {
    const body = changes();
    if (!body || !navigator.sendBeacon) return;
    if (navigator.sendBeacon(form.action, body)) remember(body);
  };
  addEventListener("pagehide", flush);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") flush(); });
  // Values the browser put back on a reload, which the server may never have had.
  save();
})();
