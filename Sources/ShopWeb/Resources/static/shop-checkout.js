// The checkout redraws its carriers and totals in place when a choice changes; without
// JavaScript the "Update the totals" button does the same by reloading the page. One redraw
// at a time, and an answer is only drawn if the form still holds what was asked: a choice
// made while a redraw was on its way asks again rather than being overwritten.
(function () {
  "use strict";
  var form = document.getElementById("checkout-form");
  if (!form || !window.fetch || !window.DOMParser) return;
  var busy = false;
  var again = false;
  function choices() {
    var params = new URLSearchParams(new FormData(form));
    params.delete("quote");
    params.delete("shown");
    return params.toString();
  }
  function redraw() {
    if (busy) { again = true; return; }
    busy = true;
    again = false;
    var asked = choices();
    var focused = document.activeElement && form.contains(document.activeElement) ? document.activeElement.name : null;
    form.setAttribute("aria-busy", "true");
    fetch("/shop/checkout?" + asked, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (response) { return response.text(); })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("checkout-form");
        if (fresh && !again && choices() === asked) {
          form.innerHTML = fresh.innerHTML;
          if (window.history && history.replaceState) history.replaceState(null, "", "/shop/checkout?" + asked);
          var field = focused && form.querySelector('[name="' + focused + '"]');
          if (field && field.type !== "radio") field.focus();
        }
      })
      .catch(function () {})
      .then(function () {
        busy = false;
        if (again || choices() !== asked) { redraw(); } else { form.removeAttribute("aria-busy"); }
      });
  }
  form.addEventListener("change", redraw);
  form.addEventListener("keydown", function (event) {
    // Enter in the voucher field applies the code rather than placing the order.
    if (event.key === "Enter" && event.target.name === "voucher") { event.preventDefault(); redraw(); }
  });
})();
