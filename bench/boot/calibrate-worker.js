// bench/boot.py's calibration: a fixed loop, timed (how much slower a throttled worker runs).
onmessage = () => {
  const t = performance.now();
  let x = 0;
  for (let i = 0; i < 4e7; i++) x = (x + i * 7) % 1000003;
  postMessage([performance.now() - t, x]);
};
