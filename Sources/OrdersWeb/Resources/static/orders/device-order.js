// An order taken with no network (issue 42), as Order Sender took them: kept on the device and
// sent when it can (seed 002 §3.1–§3.2). The draft is in IndexedDB after every change; "Send"
// puts it in the device's queue under a key made here (`crypto.randomUUID`), and the queue goes
// (device-queue.js) now, by Background Sync, on `online` and at every page load, so a reload
// mid-send sends the same key again, which the server takes as the same order.
// Mirrors OrderKit's rules through totals.js (LinePricing, OrderTotals) and discounts.js
// (DiscountResolution); the server's answer is authoritative and shown beside the device's.
import { applicableDiscount } from "./discounts.js";
import { italianAmount, levelsHundredths, orderTotals, priceMicros } from "./totals.js";

const form = document.getElementById("device-order");
const queueList = document.getElementById("device-queue");
// device-queue.js, loaded before this module: the queue shared with the service worker.
const { database, transact, flush: sendQueue, askForSync, plainPrice } = window.BottegaDeviceQueue || {};
// The account this page is for: the queue shows and sends only its orders.
const account = form ? form.dataset.account : "";
if (form && queueList && window.indexedDB && window.BottegaDeviceQueue) start();

async function records(kind) {
  try {
    const response = await fetch(`/api/orders/${kind}`, { credentials: "same-origin" });
    return response.ok ? (await response.json())[kind] || [] : [];
  } catch (offline) {
    return [];
  }
}

const label = (record, name) => `${name} (#${record.id})`;
const idIn = (text) => {
  const match = /\(#(\d+)\)\s*$/.exec(text || "");
  return match ? Number(match[1]) : null;
};

async function start() {
  const db = await database();
  const [customers, suppliers, products, discounts] = await Promise.all(["customers", "suppliers", "products", "discounts"].map(records));
  const fill = (id, list, name) => {
    document.getElementById(id).replaceChildren(...list.map((record) => Object.assign(document.createElement("option"), { value: label(record, name(record)) })));
  };
  fill("device-customers", customers, (c) => c.companyName);
  fill("device-suppliers", suppliers, (s) => s.name);
  // Mirrors `Product.isOffered(bySupplier:of:)`: the supplier's own products, and the company's
  // products that name no supplier when the supplier is that company's.
  const offered = (product) => {
    const supplier = suppliers.find((s) => s.id === idIn(draft.supplier));
    if (!supplier) return true;
    if (product.supplierID !== "" && product.supplierID != null) return Number(product.supplierID) === supplier.id;
    return Boolean(product.origin && supplier.origin && product.origin.company === supplier.origin.company);
  };
  const fillProducts = () => fill("device-products", products.filter(offered), (p) => `${p.code} ${p.description}`.trim());
  let draft = (await transact(db, "draft", "readonly", (store) => store.get(account))) || { customer: "", supplier: "", lines: [] };
  fillProducts();

  const discountFor = (productID) => {
    const found = applicableDiscount(discounts, idIn(draft.supplier), idIn(draft.customer), productID);
    return found ? found.levels : "";
  };
  const save = () => transact(db, "draft", "readwrite", (store) => store.put(draft, account));

  function totals() {
    const lines = draft.lines.map((line) => ({
      micros: priceMicros(plainPrice(line.price)), quantity: Number(line.quantity), levels: levelsHundredths(String(line.discount).replace(/,/g, ".")), vatHundredths: 2200,
    }));
    if (lines.some((line) => line.micros === null || line.levels === null || !Number.isInteger(line.quantity) || line.quantity < 0)) return null;
    return orderTotals(lines);
  }

  function render() {
    form.elements.customer.value = draft.customer;
    form.elements.supplier.value = draft.supplier;
    const rows = draft.lines.map((line, index) => {
      const row = document.createElement("div");
      row.className = "device-line";
      row.dataset.index = index;
      row.innerHTML = `<p><strong></strong></p>
        <label>Quantity <input name="quantity" type="number" min="0" inputmode="numeric"></label>
        <label>Price (€) <input name="price" inputmode="decimal"></label>
        <label>Discount (%) <input name="discount" inputmode="decimal"></label>
        <button type="button" class="secondary" data-remove>Remove</button>`;
      row.querySelector("strong").textContent = `${line.code} ${line.description}`.trim();
      for (const name of ["quantity", "price", "discount"]) row.querySelector(`[name=${name}]`).value = line[name];
      return row;
    });
    document.getElementById("device-lines").replaceChildren(...rows);
    const computed = totals();
    document.getElementById("device-totals").textContent = computed === null
      ? "A line's quantity, price or discount cannot be read: correct it."
      : `Gross ${italianAmount(computed.gross)} € · discount ${italianAmount(computed.discount)} € · net ${italianAmount(computed.net)} €`;
  }

  form.addEventListener("input", async (event) => {
    const row = event.target.closest(".device-line");
    if (row) {
      const line = draft.lines[Number(row.dataset.index)];
      line[event.target.name] = event.target.value;
      if (event.target.name === "price") line.priceOverridden = true;
      if (event.target.name === "discount") line.discountOverridden = true;
    } else if (event.target.name === "customer" || event.target.name === "supplier") {
      draft[event.target.name] = event.target.value;
      if (event.target.name === "supplier") fillProducts();
      // As the server does: a new customer or supplier looks each line's discount up again.
      for (const line of draft.lines) if (line.productID && !line.discountOverridden) line.discount = discountFor(line.productID);
    } else {
      return;
    }
    await save();
    const computed = totals();
    document.getElementById("device-totals").textContent = computed === null
      ? "A line's quantity, price or discount cannot be read: correct it."
      : `Gross ${italianAmount(computed.gross)} € · discount ${italianAmount(computed.discount)} € · net ${italianAmount(computed.net)} €`;
  });

  form.addEventListener("click", async (event) => {
    if (event.target.matches("[data-remove]")) {
      draft.lines.splice(Number(event.target.closest(".device-line").dataset.index), 1);
    } else if (event.target.id === "add-product") {
      const product = products.find((p) => p.id === idIn(form.elements.product.value));
      if (!product || !offered(product)) return;
      draft.lines.push({
        productID: product.id, code: product.code, description: product.description, price: product.price,
        quantity: form.elements.productQuantity.value || "1", discount: discountFor(product.id),
      });
      form.elements.product.value = "";
    } else if (event.target.id === "add-free") {
      const typed = (name) => form.elements[name].value.trim();
      if (!typed("freePrice") || (!typed("freeCode") && !typed("freeDescription"))) return;
      draft.lines.push({
        code: typed("freeCode"), description: typed("freeDescription"), price: typed("freePrice"), quantity: typed("freeQuantity") || "1",
        discount: typed("freeDiscount"), freeText: true,
      });
      for (const name of ["freeCode", "freeDescription", "freePrice", "freeDiscount"]) form.elements[name].value = "";
    } else {
      return;
    }
    await save();
    render();
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const computed = totals();
    if (computed === null || draft.lines.length === 0) return;
    const body = {
      customerID: idIn(draft.customer), supplierID: idIn(draft.supplier), send: true,
      lines: draft.lines.map((line) => line.productID
        ? { product: line.productID, quantity: Number(line.quantity), ...(line.priceOverridden ? { price: line.price } : {}), ...(line.discountOverridden ? { discount: line.discount } : {}) }
        : { code: line.code, description: line.description, price: line.price, quantity: Number(line.quantity), discount: line.discount }),
    };
    const item = {
      key: crypto.randomUUID(), account, body, customer: draft.customer, state: "waiting for the network", queuedAt: new Date().toISOString(),
      device: { gross: italianAmount(computed.gross), discount: italianAmount(computed.discount), net: italianAmount(computed.net), netHundredths: computed.net.toString() },
      deviceLines: draft.lines.map((line) => ({ price: line.price, discount: line.discount, quantity: line.quantity })),
    };
    await transact(db, "queue", "readwrite", (store) => store.put(item));
    draft = { customer: draft.customer, supplier: draft.supplier, lines: [] };
    await save();
    render();
    await showQueue();
    askForSync();
    flush();
  });

  async function showQueue() {
    const items = ((await transact(db, "queue", "readonly", (store) => store.getAll())) || []).filter((item) => item.account === account);
    // What logging out would delete from the device (WebCore's logout-guard.js warns of it).
    const unsent = items.filter((item) => !item.server && !item.refused).length;
    localStorage.setItem("bottega-unsent:orders", JSON.stringify({ count: unsent, what: unsent === 1 ? "order" : "orders", page: "/orders/device" }));
    queueList.replaceChildren(...items.sort((a, b) => a.queuedAt.localeCompare(b.queuedAt)).map((item) => {
      const li = document.createElement("li");
      li.className = "device-queued";
      li.dataset.key = item.key;
      const head = document.createElement("p");
      head.textContent = `${item.customer || "No customer"} · ${item.device.net} € on this device · ${item.state}`;
      li.append(head);
      if (item.server) {
        const answer = document.createElement("p");
        answer.className = "small";
        const net = item.server.netHundredths === null ? "unreadable" : italianAmount(BigInt(item.server.netHundredths));
        answer.textContent = item.server.netHundredths === item.device.netHundredths
          ? `Order #${item.server.id}: the server's total is the device's, ${net} €.`
          : `Order #${item.server.id}: the server's total is ${net} €, the device showed ${item.device.net} €. ${item.server.why}`;
        li.append(answer);
      }
      return li;
    }));
  }

  async function flush() {
    try {
      await sendQueue(account);
    } finally {
      await showQueue();
    }
  }

  form.hidden = false;
  render();
  await showQueue();
  window.addEventListener("online", flush);
  if (navigator.onLine) flush();
}
