// The live countdown on an active ride (issue 39): the page says how long the ticket has left
// when it was made; this counts it down each second from the device's clock, and when it runs
// out the ticket reads "Expired" and loses its QR Code, as the server would now show it.
(() => {
  const timers = document.querySelectorAll(".countdown[data-until]");
  if (timers.length === 0) return;
  const format = (seconds) => {
    const h = Math.floor(seconds / 3600), m = Math.floor(seconds / 60) % 60, s = seconds % 60;
    return `${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
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
      const ticket = timer.closest(".ticket");
      timer.textContent = "Expired";
      timer.classList.add("countdown-over");
      if (ticket) {
        ticket.classList.replace("ticket-active", "ticket-expired");
        ticket.querySelectorAll(".ticket-qr, .payload").forEach((element) => element.remove());
        const tag = ticket.querySelector(".tag");
        if (tag) tag.textContent = "expired";
      }
      timer.removeAttribute("data-until");
    }
  };
  tick();
  setInterval(tick, 1000);
})();
