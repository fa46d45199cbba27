// The live camera, where the browser allows it: frames are read continuously, about every
// 300 ms, with the browser's BarcodeDetector where it has one, else by the server's reader
// (POST /api/barcodes/scan, one frame in flight at a time). As soon as a code is found the frame
// goes into the form's file field and the form is sent, so the result is the upload's; nobody
// has to press anything. "Read this picture" still sends the current frame at once.
(() => {
  const section = document.getElementById("camera");
  if (!section || !navigator.mediaDevices || !navigator.mediaDevices.getUserMedia || !window.DataTransfer) return;
  const start = document.getElementById("camera-start");
  const video = document.getElementById("camera-preview");
  const snap = document.getElementById("camera-snap");
  const status = document.getElementById("camera-status");
  const form = document.getElementById("scan-form");
  const input = document.getElementById("scan-file");
  const interval = 300;
  let scanning = false;
  let detector = null;
  section.hidden = false;

  const frame = () => {
    const canvas = document.createElement("canvas");
    canvas.width = video.videoWidth; canvas.height = video.videoHeight;
    canvas.getContext("2d").drawImage(video, 0, 0);
    return canvas;
  };

  const send = (canvas) => {
    scanning = false;
    canvas.toBlob((blob) => {
      const files = new DataTransfer();
      files.items.add(new File([blob], "camera.jpg", { type: "image/jpeg" }));
      input.files = files.files;
      video.srcObject.getTracks().forEach((track) => track.stop());
      form.submit();
    }, "image/jpeg", 0.92);
  };

  const found = async (canvas) => {
    if (detector) {
      try { return (await detector.detect(canvas)).length > 0; } catch { detector = null; }
    }
    const blob = await new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.85));
    const answer = await fetch("/api/barcodes/scan", { method: "POST", headers: { "Content-Type": "image/jpeg" }, body: blob });
    if (!answer.ok) return false;
    const read = await answer.json();
    return Array.isArray(read.barcodes) && read.barcodes.length > 0;
  };

  const loop = async () => {
    while (scanning) {
      const began = performance.now();
      if (video.videoWidth > 0) {
        const canvas = frame();
        try {
          if (await found(canvas)) { status.textContent = "Found a code: reading it…"; send(canvas); return; }
        } catch { /* a failed look: try the next frame */ }
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, interval - (performance.now() - began))));
    }
  };

  start.addEventListener("click", async () => {
    try {
      video.srcObject = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
      await video.play();
      video.hidden = false; snap.hidden = false; start.hidden = true; status.hidden = false;
      if ("BarcodeDetector" in window) {
        try { detector = new BarcodeDetector({ formats: ["ean_13", "ean_8", "upc_a", "upc_e", "code_128", "qr_code"] }); } catch { detector = null; }
      }
      status.textContent = "Point the camera at a code: it is read as soon as it is sharp.";
      scanning = true;
      loop();
    } catch (error) {
      start.textContent = "The camera is not available: " + error.message;
      start.disabled = true;
    }
  });
  snap.addEventListener("click", () => send(frame()));
})();
