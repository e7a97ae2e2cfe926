// Preloaded into a measured server (`node --import`) by bench/memory.bench.ts and the memory test,
// never by the product: it notes every WebAssembly memory (PGlite's) and, on SIGUSR2, writes where
// the process's memory is to the file named by MEMORY_PROBE_FILE (RSS, V8 heap by space, external,
// WebAssembly). With --expose-gc it collects first, so the heap figure is what is kept.
import { writeFileSync } from 'node:fs';
import v8 from 'node:v8';

const memories = [];
const NativeMemory = WebAssembly.Memory;
WebAssembly.Memory = function Memory(descriptor) {
  const memory = new NativeMemory(descriptor);
  memories.push(memory);
  return memory;
};
WebAssembly.Memory.prototype = NativeMemory.prototype;

const mb = (bytes) => Math.round((bytes / 1048576) * 10) / 10;
process.on('SIGUSR2', () => {
  globalThis.gc?.();
  const usage = process.memoryUsage();
  const spaces = Object.fromEntries(
    v8.getHeapSpaceStatistics().map((space) => [space.space_name, mb(space.space_used_size)]),
  );
  writeFileSync(
    process.env.MEMORY_PROBE_FILE,
    JSON.stringify({
      rss: mb(usage.rss),
      heapTotal: mb(usage.heapTotal),
      heapUsed: mb(usage.heapUsed),
      external: mb(usage.external),
      arrayBuffers: mb(usage.arrayBuffers),
      wasm: mb(memories.reduce((sum, memory) => sum + memory.buffer.byteLength, 0)),
      spaces,
    }),
  );
});
