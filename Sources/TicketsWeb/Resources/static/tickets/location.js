// "Use my location": the browser's position goes to the server, which picks the province whose
// capital is nearest by great-circle distance. Without geolocation the picker remains.
// Mirrors no TicketKit rule: `TicketCatalogue.nearestProvince` decides, on the server.
(() => {
  const button = document.getElementById("locate");
  const status = document.getElementById("locate-status");
  if (!button || !navigator.geolocation) return;
  button.hidden = false;
  button.addEventListener("click", () => {
    status.textContent = "Finding where you are…";
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const { latitude, longitude } = position.coords;
        window.location.href = "/tickets/provinces/nearest?lat=" + latitude.toFixed(5) + "&lon=" + longitude.toFixed(5);
      },
      (error) => { status.textContent = "Your location is not available (" + error.message + "); choose from the list."; },
      { timeout: 10000, maximumAge: 600000 }
    );
  });
})();
