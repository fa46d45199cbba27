// The inspector's page with no network (issue 42): a pasted ticket is checked on the device
// (verify-ticket.js) with the operators' public keys the service worker keeps with the page.
// With the network the form goes to the server as before, which also knows what the device
// cannot (a purchase refunded since). Mirrors no Kit rule itself: verify-ticket.js does.
import { verifyTicket } from "./verify-ticket.js";

const form = document.querySelector("form[data-offline-verify]");
const verdict = document.getElementById("offline-verdict");
// The page kept for /tickets/verify also answers /tickets/verify?operator=…: the query decides.
const inspector = new URLSearchParams(location.search).get("operator") || "";
const picker = document.querySelector("#inspector-form select[name=operator]");
if (picker && [...picker.options].some((option) => option.value === inspector)) picker.value = inspector;

function line(text, className) {
  const paragraph = document.createElement("p");
  if (className) paragraph.className = className;
  paragraph.textContent = text;
  return paragraph;
}

function show(result) {
  const box = document.createElement("div");
  const local = "Checked on this device without the network: a purchase refunded since it last had the network is not known here.";
  if (result.valid) {
    const ticket = result.ticket;
    box.className = "verdict verdict-valid";
    box.setAttribute("role", "status");
    const title = line("");
    title.append(Object.assign(document.createElement("strong"), { textContent: "Valid ticket" }));
    box.append(title, line(`${ticket.productCode} of ${ticket.operatorCode}, serial ${ticket.serial}`),
      line(`Signed with key ${ticket.keyId}`, "small"),
      line(`Valid ${new Date(ticket.validFrom * 1000).toLocaleString()} – ${new Date(ticket.validUntil * 1000).toLocaleString()}`, "small"));
    if (ticket.holder) box.append(line(`Holder ${ticket.holder}${ticket.cardNumber ? ` · card ${ticket.cardNumber}` : ""}: ask for an ID with this name.`));
  } else {
    box.className = "verdict verdict-rejected";
    box.setAttribute("role", "alert");
    const title = line("");
    title.append(Object.assign(document.createElement("strong"), { textContent: `Rejected: ${result.code}` }));
    box.append(title, line(result.message, "small"));
  }
  box.append(line(local, "small"));
  verdict.replaceChildren(box);
  verdict.scrollIntoView({ block: "nearest" });
}

if (form && verdict && window.crypto && crypto.subtle) {
  form.addEventListener("submit", async (event) => {
    if (navigator.onLine) return;
    event.preventDefault();
    let keys;
    try {
      keys = (await (await fetch("/api/tickets/public-keys")).json()).keys;
    } catch (missing) {
      verdict.replaceChildren(line("The operators' keys are not on this device yet: open this page once with the network.", "error"));
      return;
    }
    try {
      show(await verifyTicket(form.elements.payload.value, keys, Date.now() / 1000, inspector));
    } catch (unsupported) {
      verdict.replaceChildren(line(`This browser cannot check an Ed25519 signature (${unsupported.message}); check the ticket with the network.`, "error"));
    }
  });
}
