// Live progress over Server-Sent Events; without JavaScript the page refreshes itself instead.
(function () {
  const section = document.getElementById('progress');
  if (!section || !window.EventSource || !document.getElementById('step')) return;
  const step = document.getElementById('step');
  const bar = document.getElementById('bar');
  const source = new EventSource(section.dataset.events);
  source.addEventListener('progress', (message) => {
    const event = JSON.parse(message.data);
    step.textContent = (event.page ? 'page ' + event.page + (event.pages ? ' of ' + event.pages : '') + ': ' : '') + (event.activity || '');
    if (bar && event.pages) { bar.max = event.pages; bar.value = event.page; }
  });
  const finish = () => { source.close(); window.location.reload(); };
  ['done', 'failed', 'cancelled'].forEach((kind) => source.addEventListener(kind, (message) => {
    const event = JSON.parse(message.data);
    source.close();
    if (kind === 'done' && event.searchID) { window.location.href = event.location || '/scholar/searches/' + event.searchID; } else { finish(); }
  }));
})();
