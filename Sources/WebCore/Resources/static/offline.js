// Installs the app's service worker (issue 42), named by the page's own
// `<script data-worker data-scope>`, so the same file serves every offline app. Browsers
// without service workers, or pages served over plain HTTP to another machine, go on as before:
// the screens work online without it.
// Mirrors no Kit rule.
(() => {
  const script = document.currentScript;
  if (!("serviceWorker" in navigator) || !script || !script.dataset.worker) return;
  navigator.serviceWorker.register(script.dataset.worker, { scope: script.dataset.scope }).catch(() => {});
})();
