// The checkout redraws its carriers and totals in place when a choice changes; without
// JavaScript the "Update the totals" button does the same by reloading the page.
(function () {
  "use strict";
  var form = document.getElementById("checkout-form");
  if (!form || !window.fetch || !window.DOMParser) return;
  var pending = null;
  function redraw(changed) {
    var params = new URLSearchParams(new FormData(form));
    params.delete("quote");
    params.delete("shown");
    var url = "/shop/checkout?" + params.toString();
    var request = fetch(url, { credentials: "same-origin", headers: { Accept: "text/html" } });
    pending = request;
    form.setAttribute("aria-busy", "true");
    request.then(function (response) { return response.text(); }).then(function (html) {
      if (pending !== request) return;
      var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("checkout-form");
      if (!fresh) { form.removeAttribute("aria-busy"); return; }
      var focused = changed && changed.name;
      form.innerHTML = fresh.innerHTML;
      form.removeAttribute("aria-busy");
      if (window.history && history.replaceState) history.replaceState(null, "", url);
      if (focused) {
        var again = form.querySelector('[name="' + focused + '"]');
        if (again && again.type !== "radio") again.focus();
      }
    }).catch(function () { form.removeAttribute("aria-busy"); });
  }
  form.addEventListener("change", function (event) { redraw(event.target); });
  form.addEventListener("keydown", function (event) {
    // Enter in the voucher field applies the code rather than placing the order.
    if (event.key === "Enter" && event.target.name === "voucher") { event.preventDefault(); redraw(event.target); }
  });
})();
