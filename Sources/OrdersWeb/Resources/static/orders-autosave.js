// UC1: "al termine di ogni aggiornamento della form e all'uscita della schermata l'ordine è
// automaticamente salvato". With JavaScript the order's header saves itself after every change
// (and while typing, after a pause), and once more when the page is left or the browser closed,
// so nothing typed is lost; the Save button is hidden. Without JavaScript the button stays.
(() => {
  const form = document.getElementById("order-header");
  if (!form || !window.fetch) return;
  const button = form.querySelector("button[type=submit]");
  const status = document.createElement("p");
  status.className = "small autosave-status";
  status.setAttribute("role", "status");
  status.textContent = "Changes save themselves.";
  form.append(status);
  if (button) button.hidden = true;
  let saved = new URLSearchParams(new FormData(form)).toString();
  let timer = null;
  const save = async () => {
    clearTimeout(timer);
    const body = new URLSearchParams(new FormData(form)).toString();
    if (body === saved) return;
    status.textContent = "Saving…";
    try {
      const response = await fetch(form.action, {
        method: "POST", body, redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      // The form answers 303 to the order page: "opaqueredirect" with redirect: "manual".
      if (response.type === "opaqueredirect" || response.ok) {
        saved = body;
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
    const body = new URLSearchParams(new FormData(form));
    if (body.toString() === saved || !navigator.sendBeacon) return;
    if (navigator.sendBeacon(form.action, body)) saved = body.toString();
  };
  addEventListener("pagehide", flush);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") flush(); });
})();
