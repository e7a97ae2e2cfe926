// Preloaded into a measured server (`node --import`) by bench/memory.bench.ts and the memory test,
// never by the product: it notes every WebAssembly memory (PGlite's) and, on SIGUSR2, writes where
// the process's memory is to the file named by MEMORY_PROBE_FILE (RSS, V8 heap by space, external,
// WebAssembly). With --expose-gc it collects first, so the heap figure is what is kept.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
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

/**
 * Resident memory by kind of mapping (Linux's /proc/self/smaps): WebAssembly memories (reserved
 * with guard regions of several GB), malloc's main heap (`[heap]`), anonymous mappings of up to
 * 64 MB (malloc's other arenas, V8's pages), files (the node binary, libraries), the rest.
 */
function residentByKind() {
  const kinds = { wasm: 0, mallocHeap: 0, anonymous: 0, files: 0 };
  let text;
  try {
    text = readFileSync('/proc/self/smaps', 'utf8');
  } catch {
    return kinds;
  }
  let kind = 'anonymous';
  for (const line of text.split('\n')) {
    const mapping = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (mapping) {
      const size = Number.parseInt(mapping[2], 16) - Number.parseInt(mapping[1], 16);
      const name = mapping[3] ?? '';
      kind =
        size >= 2 ** 32
          ? 'wasm'
          : name === '[heap]'
            ? 'mallocHeap'
            : name.startsWith('/')
              ? 'files'
              : 'anonymous';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) kinds[kind] += Number(rss[1]) * 1024;
  }
  return Object.fromEntries(Object.entries(kinds).map(([name, bytes]) => [name, mb(bytes)]));
}
process.on('SIGUSR2', () => {
  globalThis.gc?.();
  const usage = process.memoryUsage();
  const spaces = Object.fromEntries(
    v8.getHeapSpaceStatistics().map((space) => [space.space_name, mb(space.space_used_size)]),
  );
  // Written whole, then renamed: the bench never reads half a file.
  const partial = `${process.env.MEMORY_PROBE_FILE}.partial`;
  writeFileSync(
    partial,
    JSON.stringify({
      rss: mb(usage.rss),
      heapTotal: mb(usage.heapTotal),
      heapUsed: mb(usage.heapUsed),
      external: mb(usage.external),
      arrayBuffers: mb(usage.arrayBuffers),
      wasm: mb(memories.reduce((sum, memory) => sum + memory.buffer.byteLength, 0)),
      spaces,
      resident: residentByKind(),
    }),
  );
  renameSync(partial, process.env.MEMORY_PROBE_FILE);
});
