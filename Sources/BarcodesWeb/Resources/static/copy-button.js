// "Copy" next to a Wi-Fi password: puts the field's text on the clipboard; without JavaScript
// the read-only field can still be selected by hand.
document.addEventListener("click", (event) => {
  const button = event.target.closest("button.copy-button");
  if (!button) return;
  const source = document.getElementById(button.dataset.copy);
  if (!source) return;
  const done = () => { button.textContent = "Copied"; };
  if (navigator.clipboard) {
    navigator.clipboard.writeText(source.value).then(done, () => { source.select(); });
  } else {
    source.select();
  }
});
