// The order form's autocomplete: typing in a search box asks /api/orders/suggest and lists the
// matches; choosing one selects it in the form's <select>, which is what the form posts. The
// boxes start hidden, so without JavaScript the selects alone still do the job.
(() => {
  for (const box of document.querySelectorAll(".suggest")) {
    const select = document.getElementById(box.dataset.select);
    const input = box.querySelector("input");
    const list = box.querySelector("ul");
    if (!select || !input || !list) continue;
    box.hidden = false;
    // Answers can arrive out of order while the agent types: only the newest one is shown.
    let latest = 0;
    const choose = (item) => {
      const value = String(item.id);
      if (![...select.options].some((option) => option.value === value)) select.add(new Option(item.label, value));
      select.value = value;
      // As if the agent had chosen it in the select: the order form saves itself on change.
      select.dispatchEvent(new Event("change", { bubbles: true }));
      input.value = item.label;
      list.replaceChildren();
    };
    const show = (items) => {
      list.replaceChildren(...items.map((item) => {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "suggestion";
        button.textContent = item.label;
        button.addEventListener("click", () => choose(item));
        const row = document.createElement("li");
        row.append(button);
        return row;
      }));
    };
    input.addEventListener("input", async () => {
      const typed = input.value.trim();
      const ticket = ++latest;
      if (!typed) { show([]); return; }
      const query = new URLSearchParams({ kind: box.dataset.kind, q: typed });
      if (box.dataset.supplier) query.set("supplier", box.dataset.supplier);
      try {
        const answer = await fetch("/api/orders/suggest?" + query);
        if (answer.ok && ticket === latest) show(await answer.json());
      } catch {
        // Offline or the server stopped: the select still works.
      }
    });
  }
})();
