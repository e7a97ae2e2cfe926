import { createRequire } from 'node:module';
import { Type } from 'typebox';
const require = createRequire(require_resolve());
function require_resolve() { return createRequire(import.meta.url).resolve('fastify'); }
const fjs = require('fast-json-stringify');
import { TwoFAccount } from '../src/accounts/accounts.schemas.js';
const rows = Array.from({ length: 1000 }, (_, i) => ({ id: i + 1, group_id: null, otp_type: 'totp', account: `user${i}@example.com`, service: `Service ${i}`, icon: null, digits: 6, algorithm: 'sha1', period: 30, counter: null, otp: { password: '123456', generated_at: 1700000000, next_password: '654321' } }));
const time = (label: string, fn: () => unknown) => {
  for (let i = 0; i < 50; i++) fn();
  const N = 300; const s = performance.now();
  for (let i = 0; i < N; i++) fn();
  console.log(label.padEnd(30), ((performance.now() - s) / N).toFixed(3), 'ms');
};
const s1 = fjs(JSON.parse(JSON.stringify(Type.Array(TwoFAccount))));
time('fjs anyOf nullable', () => s1(rows));
const nullable = (t: string) => ({ type: [t, 'null'] });
const alt = { type: 'array', items: { type: 'object', properties: {
  id: { type: 'integer' }, group_id: nullable('integer'), otp_type: { type: 'string' }, account: { type: 'string' }, service: nullable('string'), icon: nullable('string'), secret: { type: 'string' }, digits: { type: 'integer' }, algorithm: { type: 'string' }, period: nullable('integer'), counter: nullable('integer'),
  otp: { type: 'object', properties: { password: { type: 'string' }, generated_at: { type: 'integer' }, next_password: { type: 'string' } }, required: ['password','generated_at','next_password'] },
  group: nullable('string'), indecipherable: { type: 'boolean' } } } };
const s2 = fjs(alt);
time('fjs type arrays', () => s2(rows));
time('JSON.stringify', () => JSON.stringify(rows));
console.log(s1(rows.slice(0,1)), s2(rows.slice(0,1)));
