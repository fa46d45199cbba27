// Shows a slider's value in its <output> as it moves (an inline handler would break the
// Content-Security-Policy, which allows no inline script).
document.querySelectorAll('input[type=range][data-output]').forEach((range) => {
  const output = document.getElementById(range.dataset.output);
  if (!output) return;
  range.addEventListener('input', () => { output.textContent = range.value + '%'; });
});
