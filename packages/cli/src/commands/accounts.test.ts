import type { Account } from '@twofold/contract';
import { expect, it } from 'vitest';
import { matchAccounts } from './accounts.js';

const account = (id: number, service: string | null, name: string) =>
  ({ id, service, account: name, otp_type: 'totp' }) as Account;
const all = [
  account(1, 'GitHub', 'alice'),
  account(2, 'GitHub', 'bob'),
  account(3, 'Git', 'carol'),
  account(4, null, 'dave'),
];
const ids = (search: string) => matchAccounts(all, search).map((a) => a.id);

it('matches by id, by a piece of service:account in any case, and lets an exact name win', () => {
  expect(ids('2')).toEqual([2]);
  expect(ids('ALICE')).toEqual([1]);
  expect(ids('github')).toEqual([1, 2]);
  expect(ids('git')).toEqual([3]);
  expect(ids('github:bob')).toEqual([2]);
  expect(ids('dave')).toEqual([4]);
  expect(ids('nobody')).toEqual([]);
});

it('prefers the one favourite among several matches', () => {
  const starred = [account(1, 'GitHub', 'alice'), { ...account(2, 'GitHub', 'bob'), favorite: true }];
  expect(matchAccounts(starred, 'github').map((a) => a.id)).toEqual([2]);
  const both = starred.map((a) => ({ ...a, favorite: true }));
  expect(matchAccounts(both, 'github').map((a) => a.id)).toEqual([1, 2]);
});
