// The sync's progress: the JSON status asked every 300 ms; when the sync is over, the page is
// loaded again and the server sends the Sync screen with what happened. Without JavaScript the
// page refreshes itself every second instead.
(() => {
  const section = document.getElementById("sync-progress");
  if (!section || !window.fetch) return;
  const step = document.getElementById("sync-step");
  const bar = document.getElementById("sync-bar");
  const poll = async () => {
    try {
      const answer = await fetch(section.dataset.status);
      const status = await answer.json();
      if (!answer.ok || status.state !== "running") { window.location.replace(section.dataset.page); return; }
      if (status.total > 0) {
        step.textContent = status.applied + " of " + status.total + " changes applied";
        bar.max = status.total;
        bar.value = status.applied;
      }
    } catch { /* a missed answer: the next one will do */ }
    setTimeout(poll, 300);
  };
  setTimeout(poll, 300);
})();
