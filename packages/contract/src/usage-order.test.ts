import { describe, expect, it } from 'vitest';
import { orderByUse } from './usage-order.js';

const account = (id: number, favorite = false) => ({ id, favorite });

describe('orderByUse', () => {
  const accounts = [account(5, true), account(2, true), account(1), account(3), account(4), account(6)];
  const usage = {
    '1': { last_used_at: '2026-01-01T10:00:00.000Z', uses: 5 },
    '2': { last_used_at: '2026-01-03T10:00:00.000Z', uses: 9 },
    '3': { last_used_at: '2026-01-02T10:00:00.000Z', uses: 1 },
    '4': { last_used_at: '2026-01-01T12:00:00.000Z', uses: 5 },
  };

  it('puts favourites first as given, then the last read first, then the unread as given', () => {
    expect(orderByUse(accounts, usage, 'recent').map((a) => a.id)).toEqual([5, 2, 3, 4, 1, 6]);
  });

  it('puts the most read first, the last read breaking ties', () => {
    expect(orderByUse(accounts, usage, 'used').map((a) => a.id)).toEqual([5, 2, 4, 1, 3, 6]);
  });

  it('keeps the order given when nothing was read', () => {
    expect(orderByUse(accounts, {}, 'recent').map((a) => a.id)).toEqual([5, 2, 1, 3, 4, 6]);
  });
});
