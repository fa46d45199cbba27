// Tickets without a network (issue 42): a ticket is shown to an inspector in a metro tunnel
// (seed 001 §12). Mirrors no TicketKit rule: it keeps the pages the server rendered, the
// server stays the authority, and every request goes to the network first, so a copy is
// shown only when there is no network.
//
// - The shell (the stylesheet, the app's scripts, the "not saved" page) is kept per release:
//   `__BOTTEGA_VERSION__` is a digest of the browser files, so a new release is a new worker
//   whose activation drops the old caches.
// - A page or an answer under /tickets and /api/tickets is kept only when the server marked
//   it `Bottega-Offline-Copy: account-N` (an account's, or the single user's): under that
//   account, and keeping it drops every other account's copies, so a shared device never shows
//   one account's tickets to another. A visitor who is not logged in gets no mark, and nothing
//   private is kept. Logging out sends `Clear-Site-Data`, which empties it all.
const VERSION = "__BOTTEGA_VERSION__";
const SHELL = `bottega-tickets-shell-${VERSION}`;
const ACCOUNT = `bottega-tickets-account-${VERSION}-`;
const SHELL_FILES = ["/static/bottega.css", "/static/offline.js", "/static/tickets/countdown.js", "/tickets/offline"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(SHELL_FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      const ours = name.startsWith("bottega-tickets-");
      if (ours && name !== SHELL && !name.startsWith(ACCOUNT)) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  const mine = url.pathname === "/tickets" || url.pathname.startsWith("/tickets/") || url.pathname.startsWith("/api/tickets/");
  if (url.pathname.startsWith("/tickets/admin")) return;
  if (!mine && !url.pathname.startsWith("/static/")) return;
  event.respondWith(networkFirst(request, url));
});

async function networkFirst(request, url) {
  let response;
  try {
    response = await fetch(request);
  } catch (offline) {
    const kept = await keptCopy(request);
    if (kept) return kept;
    if (request.mode === "navigate") {
      const page = await caches.match("/tickets/offline", { cacheName: SHELL });
      if (page) return page;
    }
    return Response.error();
  }
  if (response.ok) await keep(request, url, response.clone());
  return response;
}

async function keep(request, url, response) {
  if (url.pathname.startsWith("/static/")) {
    await (await caches.open(SHELL)).put(request, response);
    return;
  }
  const owner = response.headers.get("Bottega-Offline-Copy");
  if (!owner) return;
  const name = ACCOUNT + owner;
  for (const other of await caches.keys()) {
    if (other.startsWith("bottega-tickets-account-") && other !== name) await caches.delete(other);
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
