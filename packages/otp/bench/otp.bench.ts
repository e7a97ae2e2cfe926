/*
 * `pnpm bench`: code generation throughput against a bare createHmac loop, and QR decoding of a
 * generated 12-megapixel photo, with how long the event loop was blocked meanwhile.
 */
import { createHmac } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createGuardrails, generateSync, type CryptoPlugin } from 'otplib';
import sharp from 'sharp';
import { closeQrWorker, decodeQrImage } from '../src/images.js';
import { hotpCode, qrToPng, totpCodes, type CodeParams } from '../src/index.js';

const ROUNDS = 7;
const PER_ROUND = 100_000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function timeMs(run: () => void): number {
  const start = process.hrtime.bigint();
  run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const key = Buffer.from('12345678901234567890');
const params: CodeParams = { otp_type: 'totp', secret, digits: 6, algorithm: 'sha1', period: 30 };
let sink = '';

/** The floor: one HMAC, the truncation and the decimal code, nothing else. */
function bare(): void {
  const factor = Buffer.alloc(8);
  for (let i = 0; i < PER_ROUND; i++) {
    factor.writeUInt32BE(i, 4);
    const digest = createHmac('sha1', key).update(factor).digest();
    const offset = digest[19]! & 0x0f;
    const value =
      (((digest[offset]! & 0x7f) << 24) |
        (digest[offset + 1]! << 16) |
        (digest[offset + 2]! << 8) |
        digest[offset + 3]!) >>>
      0;
    sink = String(value % 1_000_000).padStart(6, '0');
  }
}

function hotp(): void {
  for (let i = 0; i < PER_ROUND; i++) {
    const code = hotpCode(params, i);
    if (code.ok) sink = code.value;
  }
}

/** Half as many calls: each one gives two codes (this window and the next). */
function totp(): void {
  for (let i = 0; i < PER_ROUND / 2; i++) {
    const codes = totpCodes(params, 1_700_000_000 + i * 30);
    if (codes.ok) sink = codes.value.next_password;
  }
}

// otplib, for reference: what it costs through its public API, even with node:crypto underneath.
const nodeCrypto: CryptoPlugin = {
  name: 'node',
  hmac: (algorithm, hmacKey, data) => createHmac(algorithm, hmacKey).update(data).digest(),
  randomBytes: (length) => new Uint8Array(length),
  constantTimeEqual: (a, b) => a === b,
};
const guardrails = createGuardrails({ MIN_SECRET_BYTES: 1 });
function otplib(): void {
  for (let i = 0; i < PER_ROUND; i++) {
    sink = generateSync({ secret: key, strategy: 'hotp', counter: i, crypto: nodeCrypto, guardrails });
  }
}

function codesBench(): void {
  const runs: Record<string, () => void> = { bare, hotpCode: hotp, totpCodes: totp, otplib };
  const times: Record<string, number[]> = {};
  for (const run of Object.values(runs)) run(); // warm up
  for (let round = 0; round < ROUNDS; round++) {
    // Interleaved, so that noise from other processes hits every variant alike.
    for (const [name, run] of Object.entries(runs)) (times[name] ??= []).push(timeMs(run));
  }
  const perSecond = (name: string): number => PER_ROUND / (median(times[name]!) / 1000);
  const floor = perSecond('bare');
  console.log(
    `Codes per second (median of ${ROUNDS} interleaved rounds of ${PER_ROUND} codes, sha1, 6 digits)`,
  );
  for (const name of Object.keys(runs)) {
    const rate = perSecond(name);
    console.log(
      `  ${name.padEnd(10)} ${Math.round(rate).toLocaleString('en').padStart(10)} /s   ${(rate / floor).toFixed(2)} of bare`,
    );
  }
  const ratio = Math.min(perSecond('hotpCode'), perSecond('totpCodes')) / floor;
  console.log(`  target >= 0.80 of bare: ${ratio >= 0.8 ? 'met' : 'NOT met'} (${ratio.toFixed(2)})`);
  void sink;
}

/** A 4000 × 3000 photo-like JPEG: gradient and noise, with a slightly rotated QR code in it. */
async function makePhoto(text: string): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 12345;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      const noise = (seed >>> 24) % 40;
      const at = (y * width + x) * 3;
      pixels[at] = (90 + ((x * 100) / width + noise)) | 0;
      pixels[at + 1] = (110 + ((y * 80) / height + noise)) | 0;
      pixels[at + 2] = 70 + noise;
    }
  }
  const png = await qrToPng(text, { scale: 14 });
  if (!png.ok) throw new Error(png.error.message);
  const code = await sharp(png.value).rotate(7, { background: '#ffffff' }).toBuffer();
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .composite([{ input: code, left: 1500, top: 900 }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function qrBench(): Promise<void> {
  const text =
    'otpauth://totp/Example%20Corp%3Aalice%40example.com?algorithm=sha256&digits=8&issuer=Example%20Corp&secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
  const photo = await makePhoto(text);
  const meta = await sharp(photo).metadata();
  console.log(
    `\nQR decode of a ${meta.width} x ${meta.height} JPEG (${((meta.width * meta.height) / 1e6).toFixed(1)} MP, ${(photo.length / 1e6).toFixed(1)} MB)`,
  );
  let worst = 0;
  for (const useWorker of [true, false]) {
    const times: number[] = [];
    const blocked: number[] = [];
    for (let i = 0; i < 5; i++) {
      const delay = monitorEventLoopDelay({ resolution: 5 });
      delay.enable();
      const start = performance.now();
      const result = await decodeQrImage(photo, { useWorker });
      times.push(performance.now() - start);
      delay.disable();
      blocked.push(delay.max / 1e6);
      if (!result.ok || result.value.text !== text)
        throw new Error(`decode failed: ${JSON.stringify(result)}`);
    }
    console.log(
      `  ${useWorker ? 'worker thread (default)' : 'inline (useWorker: false)'}: median ${median(times).toFixed(0)} ms` +
        ` (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)});` +
        ` longest event-loop stall ${median(blocked).toFixed(0)} ms (median)`,
    );
    worst = Math.max(worst, median(times));
  }
  console.log(
    `  target < 1000 ms: ${worst < 1000 ? 'met' : 'NOT met'} (${worst.toFixed(0)} ms, slower median)`,
  );
  await closeQrWorker();
}

codesBench();
await qrBench();
