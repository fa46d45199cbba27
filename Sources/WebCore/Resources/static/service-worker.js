// A field app without a network (issue 42): the agent takes orders (seed 002 §3.1–§3.2) and
// the rider shows a ticket in a metro tunnel (seed 001 §12) with no connection. Mirrors no Kit
// rule: it keeps what the server rendered and answered, the server stays the authority, and
// every request goes to the network first, so a copy is shown only when there is no network.
// `bottega serve` fills in the app (`OfflineApp`): its name, its paths, what to keep at once.
//
// - The shell (the stylesheet, the app's scripts, its public pages and answers, its "not saved"
//   page) is kept per release, and refreshed whenever the network answers:
//   `__BOTTEGA_VERSION__` is a digest of the browser files, so a new release is a new worker
//   whose activation drops the old caches.
// - A page or an answer of the app is kept only when the server marked it
//   `Bottega-Offline-Copy: account-N` (an account's, or the single user's): under that account,
//   and keeping it drops every other account's copies, so a shared device never shows one
//   account's data to another. A visitor who is not logged in gets no mark, and nothing private
//   is kept. Logging out sends `Clear-Site-Data`, which empties it all.
// - The answers the app needs offline (`WARM`, an account's master data) are asked for as soon
//   as the worker runs, and again whenever a page of the app opens with the network.
// - The app's own worker scripts (the orders' queue, sent by Background Sync) are imported.
const VERSION = "__BOTTEGA_VERSION__";
const APP = "__BOTTEGA_APP__";
const PATHS = __BOTTEGA_PATHS__;
const PRIVATE_EXCEPT = __BOTTEGA_NOT_KEPT__;
const SHELL_FILES = __BOTTEGA_SHELL__;
const WARM = __BOTTEGA_WARM__;
const OFFLINE_PAGE = "__BOTTEGA_OFFLINE_PAGE__";
importScripts(...__BOTTEGA_IMPORTS__);
const SHELL = `bottega-${APP}-shell-${VERSION}`;
const ACCOUNT = `bottega-${APP}-account-${VERSION}-`;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(SHELL_FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(`bottega-${APP}-`) && name !== SHELL && !name.startsWith(ACCOUNT)) await caches.delete(name);
    }
    await self.clients.claim();
    await warm();
  })());
});

// A page of the app asks for the master data to be refreshed whenever it opens online.
self.addEventListener("message", (event) => {
  if (event.data === "refresh") event.waitUntil(warm());
});

async function warm() {
  for (const path of WARM) {
    try {
      const response = await fetch(path, { credentials: "same-origin" });
      if (response.ok) await keep(new Request(path), new URL(path, self.location.origin), response);
    } catch (offline) {
      return;
    }
  }
}

const ours = (path) => PATHS.some((prefix) => path === prefix || path.startsWith(prefix + "/"));

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (PRIVATE_EXCEPT.some((prefix) => url.pathname.startsWith(prefix))) return;
  if (!ours(url.pathname) && !url.pathname.startsWith("/static/")) return;
  event.respondWith(networkFirst(request, url));
});

async function networkFirst(request, url) {
  let response;
  try {
    response = await fetch(request);
  } catch (offline) {
    const kept = await keptCopy(request);
    if (kept) return kept;
    // A public page of the shell answers whatever its query (`/tickets/verify?operator=…`).
    if (SHELL_FILES.includes(url.pathname)) {
      const page = await caches.match(url.pathname, { cacheName: SHELL });
      if (page) return page;
    }
    if (request.mode === "navigate") {
      const page = await caches.match(OFFLINE_PAGE, { cacheName: SHELL });
      if (page) return page;
    }
    return Response.error();
  }
  if (response.ok) await keep(request, url, response.clone());
  return response;
}

async function keep(request, url, response) {
  // The shell's public files and pages (an inspector's page, the operators' public keys) are
  // kept fresh whenever the network answers.
  if (url.pathname.startsWith("/static/") || (SHELL_FILES.includes(url.pathname) && url.search === "")) {
    await (await caches.open(SHELL)).put(request, response);
    return;
  }
  const owner = response.headers.get("Bottega-Offline-Copy");
  if (!owner) return;
  const name = ACCOUNT + owner;
  for (const other of await caches.keys()) {
    if (other.startsWith(`bottega-${APP}-account-`) && other !== name) await caches.delete(other);
  }
  await (await caches.open(name)).put(request, response);
}

async function keptCopy(request) {
  for (const name of await caches.keys()) {
    if (name !== SHELL && !name.startsWith(ACCOUNT)) continue;
    const hit = await (await caches.open(name)).match(request);
    if (hit) return hit;
  }
  return undefined;
}
