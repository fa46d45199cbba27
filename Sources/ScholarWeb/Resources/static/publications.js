// Ticking a paper out or in without leaving the list: the form is posted in the background and
// the list, metrics included, is replaced in place. Without JavaScript the forms work as they are.
(function () {
  const main = document.querySelector('main');
  if (!main || !window.fetch) return;
  main.addEventListener('submit', async (event) => {
    const form = event.target;
    if (!form.matches('li.publication form')) return;
    event.preventDefault();
    form.querySelectorAll('button').forEach((button) => { button.disabled = true; });
    const response = await fetch(form.action, { method: 'POST', redirect: 'follow' });
    if (!response.ok) { window.location.href = form.action; return; }
    const page = new DOMParser().parseFromString(await response.text(), 'text/html');
    const fresh = page.querySelector('main');
    if (fresh) { main.replaceChildren(...fresh.childNodes); }
  });
})();
