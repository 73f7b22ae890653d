// Loaded into each shop instance by `npm run soak` (node --expose-gc --import): every 15 s a full garbage
// collection, then one stderr line with the live heap and the resident set, which the soak reads. Live heap after a
// full collection is what grows when something leaks; the resident set also holds what V8 and the allocator keep
// for later, and moves with load.
setInterval(() => {
  globalThis.gc?.();
  const { heapUsed, rss } = process.memoryUsage();
  process.stderr.write(`SOAK-MEMORY ${Date.now()} ${heapUsed} ${rss}\n`);
}, 15_000).unref();
