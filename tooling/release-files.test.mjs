// The release's files, checked without Docker or GitHub (neither runs here): the workflows are
// validated by GitHub's own workflow parser, the Dockerfile by dockerfile-utils' validator (the
// checker behind the Docker language server), and both for what the release promises.
// Run: pnpm tooling:test
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser';
import { validate } from 'dockerfile-utils';

const repo = new URL('..', import.meta.url).pathname;
const read = (path) => readFileSync(join(repo, path), 'utf8');

const workflowErrors = (name, content) =>
  parseWorkflow({ name, content }, new NoOperationTraceWriter())
    .context.errors.getErrors()
    .map((error) => error.message);

test('every workflow is valid for GitHub Actions', () => {
  const files = readdirSync(join(repo, '.github/workflows')).filter((f) => /\.ya?ml$/.test(f));
  assert.ok(files.includes('release.yml'));
  for (const file of files) assert.deepEqual(workflowErrors(file, read(`.github/workflows/${file}`)), []);
});

test('the workflow validator does reject a mistake', () => {
  const errors = workflowErrors('planted.yml', 'on: push\njobs:\n  a:\n    runs-on: x\n    stepz: []\n');
  assert.equal(errors.length, 1);
  assert.match(errors[0], /stepz/);
});

test('the release builds both architectures, with an SBOM and provenance, and signs the image', () => {
  const release = read('.github/workflows/release.yml');
  assert.match(release, /platforms: linux\/amd64,linux\/arm64/);
  assert.match(release, /sbom: true/);
  assert.match(release, /provenance: mode=max/);
  assert.match(release, /cosign sign --yes "\$\{IMAGE\}@\$\{DIGEST\}"/);
  assert.match(release, /NODE_VERSION: '24'/);
});

test('the Dockerfile is clean, on Node.js 24 in every stage, and runs unprivileged', () => {
  const dockerfile = read('Dockerfile');
  assert.deepEqual(
    validate(dockerfile).map((d) => `line ${d.range.start.line + 1}: ${d.message}`),
    [],
  );
  const froms = [...dockerfile.matchAll(/^FROM\s+(\S+)/gm)].map((m) => m[1]);
  assert.ok(froms.length >= 2);
  for (const from of froms) assert.match(from, /^node:24-/);
  const users = [...dockerfile.matchAll(/^USER\s+(\S+)/gm)].map((m) => m[1]);
  assert.equal(users.at(-1), '1000:1000');
  assert.match(dockerfile, /^HEALTHCHECK /m);
});

test('the Dockerfile validator does reject a mistake', () => {
  assert.ok(validate('FROM node:24-bookworm-slim\nEXPOSE eighty\n').length > 0);
});

test('the compose file keeps the root filesystem read-only', () => {
  const compose = read('docker-compose.yml');
  assert.match(compose, /read_only: true/);
  assert.match(compose, /tmpfs:\n\s+- \/tmp/);
});
