/**
 * The Postgres settings of the embedded database. PGlite runs Postgres's defaults, sized for a
 * shared server: 128 MB of shared buffers live inside the WebAssembly memory, which grows to hold
 * them and never shrinks. Twofold's data (one user, a few thousand rows at most) fits in a few
 * megabytes, so smaller buffers cost nothing in speed and save about 90 MB of resident memory.
 */
export const pgliteSettings: readonly string[] = [
  'shared_buffers=16MB',
  'work_mem=2MB',
  'temp_buffers=2MB',
  'maintenance_work_mem=8MB',
  'wal_buffers=1MB',
];
