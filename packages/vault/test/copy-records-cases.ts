import {
  newDeviceKeys,
  importPrivateKey,
  newRecordSealer,
  recordOpener,
  updatedRecords,
  type CopyRecords,
} from '../src/index.js';
import { equal, failsWith, ok } from './assert.js';
import type { VaultCase } from './cases.js';

/* The device copy's records (copy-records.ts), in Node and in Chromium like the rest. */

const account = (id: number, service = `Service ${id}`) => ({ id, service, secret: 'JBSWY3DPEHPK3PXP' });

async function sealBatch(publicKey: JsonWebKey, ids: readonly number[], meta: unknown, service?: string) {
  const sealer = await newRecordSealer(publicKey);
  const accounts: Record<string, Awaited<ReturnType<typeof sealer.seal>>> = {};
  for (const id of ids) accounts[id] = await sealer.seal(account(id, service));
  return { batch: sealer.batch, ephemeral: sealer.ephemeral, meta: await sealer.seal(meta), accounts };
}

async function openAll(privateKey: CryptoKey, records: CopyRecords) {
  const open = recordOpener(privateKey, records.batches);
  const accounts: Record<string, unknown> = {};
  for (const [id, record] of Object.entries(records.accounts)) accounts[id] = await open(record);
  return { meta: await open(records.meta), accounts };
}

export const copyRecordsCases: readonly VaultCase[] = [
  {
    name: 'copy records: a refresh replaces the changed records, drops the removed, keeps one batch per refresh in use',
    run: async () => {
      const keys = await newDeviceKeys();
      const privateKey = await importPrivateKey(keys.privateKey);
      const first = await sealBatch(keys.publicKey, [1, 2, 3], { order: [1, 2, 3] });
      const held = updatedRecords(undefined, { ...first, reset: true, keep: [1, 2, 3] });
      equal(Object.keys(held.batches), [first.batch], 'one batch');
      equal((await openAll(privateKey, held)).accounts['2'], account(2), 'an account');

      const second = await sealBatch(keys.publicKey, [2], { order: [2, 1] }, 'Renamed');
      const refreshed = updatedRecords(held, { ...second, reset: false, keep: [2, 1] });
      equal(Object.keys(refreshed.accounts).sort(), ['1', '2'], 'account 3 dropped');
      equal(refreshed.accounts['1'], held.accounts['1'], 'account 1 kept as it was');
      equal(Object.keys(refreshed.batches).sort(), [first.batch, second.batch].sort(), 'two batches');
      const opened = await openAll(privateKey, refreshed);
      equal(opened.meta, { order: [2, 1] }, 'meta');
      equal(opened.accounts['2'], account(2, 'Renamed'), 'the changed account');
      equal(opened.accounts['1'], account(1), 'the kept account');

      // Every record sealed again: the first batch is no longer used.
      const third = await sealBatch(keys.publicKey, [1, 2], { order: [1, 2] });
      const reset = updatedRecords(refreshed, { ...third, reset: true, keep: [1, 2] });
      equal(Object.keys(reset.batches), [third.batch], 'only the last batch');
    },
  },
  {
    name: "copy records: another device's key, a changed byte or a missing batch do not open",
    run: async () => {
      const keys = await newDeviceKeys();
      const other = await importPrivateKey((await newDeviceKeys()).privateKey);
      const sealed = await sealBatch(keys.publicKey, [1], {});
      const records = updatedRecords(undefined, { ...sealed, reset: true, keep: [1] });
      const record = records.accounts['1']!;
      await failsWith(() => recordOpener(other, records.batches)(record), 'tampered');
      const own = recordOpener(await importPrivateKey(keys.privateKey), records.batches);
      const flipped = record.data.startsWith('A') ? `B${record.data.slice(1)}` : `A${record.data.slice(1)}`;
      await failsWith(() => own({ ...record, data: flipped }), 'tampered');
      await failsWith(() => own({ ...record, batch: 'missing' }), 'malformed');
      ok(!JSON.stringify(records).includes('Service'), 'nothing in clear');
    },
  },
];
