// Starts bare-worker.js and puts its answer on window.__bare (bench/boot.py reads it).
const query = new URLSearchParams(location.search);
const created = performance.now();
const worker = new Worker(new URL("./bare-worker.js", import.meta.url), { type: "module" });
worker.onmessage = ({ data }) => {
  window.__bare = { ...data, created };
  document.documentElement.dataset.bare = data.error ? "error" : "ready";
};
worker.postMessage({ pyodide: query.get("pyodide"), stdlib: query.get("stdlib") || null,
  lock: query.get("lock") || null });
