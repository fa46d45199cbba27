// Keeps the "Send the SMS" link in step with the edited number and message (RFC 5724 sms: URI),
// so the form's "Update" round trip is only needed without JavaScript.
(() => {
  const to = document.getElementById("sms-to");
  const body = document.getElementById("sms-body");
  const link = document.getElementById("sms-link");
  if (!to || !body || !link) return;
  const update = () => {
    const number = to.value.replace(/(?!^\+)[^0-9]/g, "");
    const dialable = number.replace("+", "").length >= 3;
    link.classList.toggle("disabled", !dialable);
    if (dialable) link.removeAttribute("aria-disabled"); else link.setAttribute("aria-disabled", "true");
    link.href = "sms:" + number + "?body=" + encodeURIComponent(body.value).replace(/[!'()*]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase());
  };
  to.addEventListener("input", update);
  body.addEventListener("input", update);
})();
