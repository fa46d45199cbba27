// Installs the app's service worker (issue 42), named by the page's own
// `<script data-worker data-scope>`, so the same file serves every offline app, and asks it to
// refresh what it keeps (an agent's master data) whenever a page opens with the network.
// Browsers without service workers, or pages served over plain HTTP to another machine, go on
// as before: the screens work online without it.
// Mirrors no Kit rule.
(() => {
  const script = document.currentScript;
  if (!("serviceWorker" in navigator) || !script || !script.dataset.worker) return;
  navigator.serviceWorker.register(script.dataset.worker, { scope: script.dataset.scope }).catch(() => {});
  if (navigator.onLine) {
    navigator.serviceWorker.ready.then((registration) => registration.active && registration.active.postMessage("refresh")).catch(() => {});
  }
})();
