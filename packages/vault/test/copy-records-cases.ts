import {
  newDeviceKeys,
  openCopyKey,
  unlockWithPassword,
  importPrivateKey,
  newRecordSealer,
  recordOpener,
  updatedRecords,
  type CopyRecords,
  type DeviceCopy,
} from '../src/index.js';
import { equal, failsWith, ok } from './assert.js';
import type { VaultCase } from './cases.js';
import previous from './fixtures/device-copy-records.json' with { type: 'json' };

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

/** A copy as the release before extras wrote it: records, no extras (passphrase below). */
const previousCopy = previous.stored as unknown as DeviceCopy;
const PASSPHRASE = 'correct horse battery staple';
const extrasOf = (id: number) => ({
  note: `Note of ${id}`,
  recovery_codes: [{ id: id * 10, code: `RC-${id}-0001`, used_at: null }],
});

export const copyRecordsCases: readonly VaultCase[] = [
  {
    name: 'copy records: a copy made by the release before extras opens, gains extras, and loses them whole',
    run: async () => {
      const { masterKey } = await unlockWithPassword(previousCopy.keyVault.header.slots, PASSPHRASE);
      const privateKey = await openCopyKey(previousCopy.keyVault, masterKey);
      const held = previousCopy.records!;
      ok(held.extras === undefined, 'no extras in the previous format');
      const opened = await openAll(privateKey, held);
      equal(opened.meta, previous.meta, 'meta');
      equal(Object.values(opened.accounts), previous.accounts, 'accounts');

      // The user turns extras on: the same accounts sealed again with their extras.
      const sealer = await newRecordSealer(previousCopy.publicKey);
      const withExtras = updatedRecords(held, {
        batch: sealer.batch,
        ephemeral: sealer.ephemeral,
        meta: await sealer.seal(previous.meta),
        accounts: {},
        extras: { 1: await sealer.seal(extrasOf(1)) },
        reset: false,
        keep: [1, 2],
      });
      equal(Object.keys(withExtras.extras ?? {}), ['1'], 'one account has extras');
      const open = recordOpener(privateKey, withExtras.batches);
      equal(await open(withExtras.extras!['1']!), extrasOf(1), 'its extras open');
      equal(withExtras.accounts, held.accounts, 'the accounts as they were');
      ok(!JSON.stringify(withExtras).includes('RC-1-0001'), 'nothing in clear');

      // A refresh without extras keeps them; the account's extras emptied drop its record.
      const next = await newRecordSealer(previousCopy.publicKey);
      const kept = updatedRecords(withExtras, {
        batch: next.batch,
        ephemeral: next.ephemeral,
        meta: await next.seal(previous.meta),
        accounts: {},
        reset: false,
        keep: [1, 2],
      });
      equal(kept.extras, withExtras.extras, 'kept by a refresh that does not seal them');
      const emptied = updatedRecords(kept, {
        batch: next.batch,
        ephemeral: next.ephemeral,
        meta: kept.meta,
        accounts: {},
        reset: false,
        keep: [1, 2],
        extrasGone: [1],
      });
      equal(emptied.extras, {}, 'dropped with its note and codes');

      // Turned off: no extras record, and no batch kept for them alone.
      const off = updatedRecords(withExtras, {
        batch: next.batch,
        ephemeral: next.ephemeral,
        meta: await next.seal(previous.meta),
        accounts: {},
        extras: null,
        reset: false,
        keep: [1, 2],
      });
      ok(off.extras === undefined, 'no extras');
      equal(
        Object.keys(off.batches).sort(),
        [...Object.keys(held.batches), next.batch].sort(),
        'their batch dropped',
      );
    },
  },
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
