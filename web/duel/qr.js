// qr.js — links and codes as QR codes, and reading them with the camera. The generator
// (lean-qr) and the decoder (jsQR, used where the browser has no BarcodeDetector) come from
// npm, pinned in package.json, and are served from this site's own files (../vendor/, copied by
// the build); they load only when a QR code is first shown or read.
//
//   drawQr(canvas, text)          draws one QR code of `text` (at most QR_TEXT_MAX characters)
//   readQr(canvas)                → Promise<string|null>  the text of a QR code drawn on a canvas
//   scanCamera(video, onText)     → Promise<stop()>  reads QR codes from the camera, calling
//                                   onText(text) for each one seen (once per new text)
import { QR_TEXT_MAX } from "./qr-sequence.js";

const LEAN_QR = new URL("../vendor/lean-qr/index.mjs", import.meta.url).href;
const JSQR = new URL("../vendor/jsqr/jsQR.js", import.meta.url).href;

const JSQR_UNREADABLE_SIZE = 109;
let leanQr = null;
let jsQr = null;

async function generator() {
  leanQr = leanQr || import(LEAN_QR);
  return leanQr;
}

/** jsQR ships as a UMD script: imported for its side effect, it sets self.jsQR. */
async function decoder() {
  jsQr = jsQr || import(JSQR).then(() => globalThis.jsQR);
  return jsQr;
}

export async function drawQr(canvas, text) {
  if (typeof text !== "string" || !text || text.length > QR_TEXT_MAX) throw new Error("no text for one QR code");
  const { generate, correction } = await generator();
  let code = generate(text, { minCorrectionLevel: correction.L });
  // jsQR (the reader of browsers without BarcodeDetector) reads no version-24 symbol (109
  // modules a side; about 990 to 1,060 characters): such a text takes the next size up
  if (code.size === JSQR_UNREADABLE_SIZE) code = generate(text, { minCorrectionLevel: correction.L, minVersion: 25 });
  canvas.width = code.size + 8;
  canvas.height = code.size + 8;
  code.toCanvas(canvas, { pad: 4, on: [0, 0, 0, 255], off: [255, 255, 255, 255] });   // opaque: a reader needs the quiet zone white
  return code.size;
}

function pixels(source) {
  const canvas = document.createElement("canvas");
  canvas.width = source.videoWidth || source.width;
  canvas.height = source.videoHeight || source.height;
  const context = canvas.getContext("2d", { willReadFrequently: true });
  context.imageSmoothingEnabled = false;
  context.drawImage(source, 0, 0);
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

/** The text of the QR code in `source` (a canvas, image or video frame), or null. */
export async function readQr(source, { scale = 1 } = {}) {
  let image = pixels(source);
  if (scale > 1) image = enlarge(image, scale);
  const jsQR = await decoder();
  const found = jsQR(image.data, image.width, image.height, { inversionAttempts: "dontInvert" });
  return found ? found.data : null;
}

/** A canvas drawn one pixel per module, enlarged without smoothing (the decoder wants more than
 *  one pixel per module). */
function enlarge(image, scale) {
  const out = new ImageData(image.width * scale, image.height * scale);
  for (let y = 0; y < out.height; y += 1) {
    for (let x = 0; x < out.width; x += 1) {
      const from = ((y / scale | 0) * image.width + (x / scale | 0)) * 4;
      out.data.set(image.data.subarray(from, from + 4), (y * out.width + x) * 4);
    }
  }
  return out;
}

/** The browser's own QR reader, where it has one that reads QR codes (some expose the class but
 *  support no format on their platform). */
async function barcodeDetector() {
  const Detector = globalThis.BarcodeDetector;
  if (typeof Detector !== "function") return null;
  try {
    const formats = await Detector.getSupportedFormats();
    return formats.includes("qr_code") ? new Detector({ formats: ["qr_code"] }) : null;
  } catch {
    return null;
  }
}

/** Reads the camera until stop() is called: BarcodeDetector where the browser has it (jsQR from
 *  the first frame it fails on), else jsQR on each frame. Each distinct text is reported once. */
export async function scanCamera(video, onText) {
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
  video.srcObject = stream;
  await video.play();
  let detector = await barcodeDetector();
  let running = true;
  let last = null;
  const tick = async () => {
    if (!running) return;
    try {
      let text = null;
      if (detector) {
        const [found] = await detector.detect(video).catch(() => { detector = null; return []; });
        text = found ? found.rawValue : null;
      } else if (video.videoWidth) {
        text = await readQr(video);
      }
      if (text && text !== last) {
        last = text;
        onText(text);
      }
    } catch {
      // a frame that cannot be read: try the next one
    }
    if (running) setTimeout(tick, 150);
  };
  tick();
  return () => {
    running = false;
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
}
