// The live camera preview, where the browser allows it: the snapped frame is put into the
// form's file field and the form is sent, so the server path is the same as for an upload.
(() => {
  const section = document.getElementById("camera");
  if (!section || !navigator.mediaDevices || !navigator.mediaDevices.getUserMedia || !window.DataTransfer) return;
  const start = document.getElementById("camera-start");
  const video = document.getElementById("camera-preview");
  const snap = document.getElementById("camera-snap");
  const form = document.getElementById("scan-form");
  const input = document.getElementById("scan-file");
  section.hidden = false;
  start.addEventListener("click", async () => {
    try {
      video.srcObject = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
      await video.play();
      video.hidden = false; snap.hidden = false; start.hidden = true;
    } catch (error) {
      start.textContent = "The camera is not available: " + error.message;
      start.disabled = true;
    }
  });
  snap.addEventListener("click", () => {
    const canvas = document.createElement("canvas");
    canvas.width = video.videoWidth; canvas.height = video.videoHeight;
    canvas.getContext("2d").drawImage(video, 0, 0);
    canvas.toBlob((blob) => {
      const files = new DataTransfer();
      files.items.add(new File([blob], "camera.jpg", { type: "image/jpeg" }));
      input.files = files.files;
      video.srcObject.getTracks().forEach((track) => track.stop());
      form.submit();
    }, "image/jpeg", 0.92);
  });
})();
