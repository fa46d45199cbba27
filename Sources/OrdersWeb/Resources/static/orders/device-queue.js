// The device's queue of orders taken with no network (issue 42), as Order Sender kept its
// orders on the phone and sent them when it could (seed 002 §3.1–§3.2). A plain script, not a
// module, because the same file runs in the page and in the app's service worker, which sends
// the queue by Background Sync where the browser has it, with no page open.
//
// Each order goes to `PUT /api/orders/device-orders/{key}` under the key the device made for it
// and the account it was taken under (`Bottega-Device-Account`): the server takes the same key
// again as the same order, and refuses (409 `another_account`) an order of another account, so a
// shared device never sends one agent's order under another's. One send at a time across the
// page and the worker (Web Locks). Mirrors no Kit rule: the server's answer is authoritative.
(function (scope) {
  const SYNC_TAG = "bottega-orders-queue";

  function database() {
    return new Promise((resolve, reject) => {
      const request = indexedDB.open("bottega-orders", 1);
      request.onupgradeneeded = () => {
        request.result.createObjectStore("draft");
        request.result.createObjectStore("queue", { keyPath: "key" });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  }

  function transact(db, store, mode, work) {
    return new Promise((resolve, reject) => {
      const transaction = db.transaction(store, mode);
      const result = work(transaction.objectStore(store));
      transaction.oncomplete = () => resolve(result && "result" in result ? result.result : undefined);
      transaction.onerror = () => reject(transaction.error);
    });
  }

  // "1.234,50", "12,5" or "12.5" as the plain decimal the server writes ("1234.50").
  const plainPrice = (text) => String(text || "").trim().replace(/\./g, (dot, at, all) => (all.includes(",") ? "" : dot)).replace(",", ".");

  // The server's "1234.5" as hundredths, exactly (no floating point): "123450".
  function hundredths(decimal) {
    const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(String(decimal || "0").trim());
    if (!match) return null;
    const cents = BigInt(match[2]) * 100n + BigInt(((match[3] || "") + "00").slice(0, 2));
    return (match[1] ? -cents : cents).toString();
  }

  // Why the server's total is not the device's: the lines whose price or discount differ.
  function why(item, answer) {
    const reasons = (answer.lines || []).map((line, index) => {
      const mine = item.deviceLines[index] || {};
      if (plainPrice(mine.price) !== plainPrice(line.price)) {
        return `Line ${index + 1}: the price list says ${String(line.price).replace(".", ",")} €, the device had ${mine.price}.`;
      }
      if (String(mine.discount || "") !== String(line.discount || "")) {
        return `Line ${index + 1}: the discount is ${line.discount || "none"}, the device had ${mine.discount || "none"}.`;
      }
      return "";
    }).filter(Boolean);
    return reasons.join(" ") || "The server's price list or discounts changed since the device last had the network.";
  }

  // Sends the queued orders of `account` (every account's, from the worker, which knows no
  // session: the server refuses those not of the logged-in one). True when none is left to send.
  async function flush(account) {
    const send = async () => {
      const db = await database();
      const items = (await transact(db, "queue", "readonly", (store) => store.getAll())) || [];
      let left = false;
      for (const item of items.filter((queued) => !queued.server && !queued.refused && (!account || queued.account === account))) {
        let response;
        try {
          response = await fetch(`/api/orders/device-orders/${item.key}`, {
            method: "PUT", credentials: "same-origin",
            headers: { "Content-Type": "application/json", "Bottega-Device-Account": item.account },
            body: JSON.stringify(item.body),
          });
        } catch (offline) {
          return false;
        }
        const answer = await response.json().catch(() => ({}));
        const code = (answer.error || {}).code;
        if (response.ok) {
          const state = (answer.state || {}).name;
          item.server = { id: answer.id, netHundredths: hundredths((answer.totals || {}).net), state, why: why(item, answer) };
          item.state = state === "sent" ? "sent" : `stored, ${state}`;
        } else if (code === "another_account" || code === "order_in_progress" || code === "login_required" || code === "session_expired") {
          left = true;
          continue;
        } else if (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429) {
          item.refused = true;
          item.state = `refused: ${(answer.error || {}).message || response.status}`;
        } else {
          return false;
        }
        await transact(db, "queue", "readwrite", (store) => store.put(item));
      }
      return !left;
    };
    return scope.navigator.locks ? scope.navigator.locks.request(SYNC_TAG, send) : send();
  }

  // Asks the browser to send the queue when the network is back, even with no page open.
  async function askForSync() {
    try {
      const registration = await scope.navigator.serviceWorker.ready;
      if (registration.sync) await registration.sync.register(SYNC_TAG);
    } catch (unavailable) {
      // No Background Sync: the page sends the queue at its next load or on `online`.
    }
  }

  scope.BottegaDeviceQueue = { database, transact, flush, askForSync, plainPrice, hundredths };

  if (typeof ServiceWorkerGlobalScope !== "undefined" && scope instanceof ServiceWorkerGlobalScope) {
    scope.addEventListener("sync", (event) => {
      if (event.tag !== SYNC_TAG) return;
      // A rejected promise tells the browser to try again later.
      event.waitUntil(flush(null).then((done) => { if (!done) throw new Error("orders left in the queue"); }));
    });
  }
})(self);
