// Validates docker-compose.yml with Debian's docker-compose (no Docker engine runs here).
import { spawnSync } from 'node:child_process';

const probe = spawnSync('docker-compose', ['version'], { encoding: 'utf8' });
if (probe.error) {
  const message =
    'docker-compose is not installed: docker-compose.yml was NOT validated (apt-get install docker-compose).';
  if (process.env.CI) {
    console.error(`compose check failed: ${message}`);
    process.exit(1);
  }
  console.warn(`\n!!! compose check SKIPPED: ${message} !!!\n`);
  process.exit(0);
}
const result = spawnSync('docker-compose', ['-f', 'docker-compose.yml', 'config', '-q'], {
  encoding: 'utf8',
  env: { ...process.env, APP_KEY: process.env.APP_KEY ?? 'Y29tcG9zZS1jaGVjay1rZXktMzItYnl0ZXMtbG9uZyE=' },
});
if (result.status !== 0) {
  console.error(`docker-compose.yml is invalid:\n${result.stderr}${result.stdout}`);
  process.exit(1);
}
console.log('docker-compose.yml is valid');
