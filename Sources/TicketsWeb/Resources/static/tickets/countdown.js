// The live countdown on an active ride (issue 39), and the end of any ticket's validity by the
// device's clock (issue 42): the page says how long a ride has left when it was made; this
// counts it down each second, and when a ticket's time is up (`data-until` of a ride's
// countdown, `data-expires` of a ticket with its QR Code) it reads "Expired" and loses its QR
// Code, as the server would now show it — also on a copy shown with no network.
// Mirrors TicketKit's validity: a ticket is valid until its `validUntil`, exclusive.
(() => {
  const timers = document.querySelectorAll(".countdown[data-until]");
  const ending = document.querySelectorAll(".ticket[data-expires]");
  if (timers.length === 0 && ending.length === 0) return;
  const format = (seconds) => {
    const h = Math.floor(seconds / 3600), m = Math.floor(seconds / 60) % 60, s = seconds % 60;
    return `${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
  };
  const expire = (ticket) => {
    ticket.classList.replace("ticket-active", "ticket-expired");
    ticket.classList.replace("ticket-upcoming", "ticket-expired");
    ticket.querySelectorAll(".ticket-qr, .payload").forEach((element) => element.remove());
    const tag = ticket.querySelector(".tag");
    if (tag) tag.textContent = "expired";
    ticket.removeAttribute("data-expires");
  };
  const tick = () => {
    const now = Date.now() / 1000;
    for (const timer of timers) {
      if (!timer.dataset.until) continue;
      const left = Math.ceil(Number(timer.dataset.until) - now);
      const shown = timer.querySelector(".countdown-left");
      if (left > 0) {
        shown.textContent = format(left);
        continue;
      }
      timer.textContent = "Expired";
      timer.classList.add("countdown-over");
      timer.removeAttribute("data-until");
      const ticket = timer.closest(".ticket");
      if (ticket) expire(ticket);
    }
    for (const ticket of ending) {
      if (ticket.dataset.expires && Number(ticket.dataset.expires) <= now) expire(ticket);
    }
  };
  tick();
  setInterval(tick, 1000);
})();
