import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, expect, it, vi } from 'vitest';
import type { ImportItem } from '../../entities/account/account.api';

const createImportedAccount = vi.fn<(body: unknown, idempotencyKey: string) => Promise<unknown>>();
vi.mock('../../entities/account/import.api', () => ({
  createImportedAccount: (body: unknown, key: string) => createImportedAccount(body, key),
  groupIdFor: () => Promise.resolve(null),
  previewImport: () => Promise.resolve({ rows: [item('alice'), item('bob')], skipped: 0, notices: [] }),
  previewMigrationUri: () => Promise.resolve([]),
  PasswordNeeded: class extends Error {},
}));
vi.mock('../../entities/account/account.mutations', () => ({ refreshAccounts: () => Promise.resolve() }));
vi.mock('../../ui/notify', () => ({ notify: () => {} }));
vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));

const { useImportRows } = await import('./use-import-rows');

function item(account: string): ImportItem {
  return {
    id: 0,
    otp_type: 'totp',
    account,
    service: 'Acme',
    icon: null,
    secret: 'A4GRFHVVRBGY7UIW',
    digits: 6,
    algorithm: 'sha1',
    period: 30,
    counter: null,
    group_id: null,
  };
}

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
);

beforeEach(() => createImportedAccount.mockReset());

it('creates each row with its own idempotency key, the same on every retry of that row', async () => {
  const { result } = renderHook(() => useImportRows(undefined), { wrapper });
  act(() => result.current.load({ text: 'otpauth lines' }));
  await waitFor(() => expect(result.current.rows).toHaveLength(2));
  // The first try of alice fails without an answer (the server may have stored it), the retry works.
  createImportedAccount.mockRejectedValueOnce(new TypeError('Failed to fetch'));
  createImportedAccount.mockResolvedValue({ id: 1 });
  await act(() => result.current.importRow(result.current.rows[0]!));
  expect(result.current.rows[0]!.status).toBe('failed');
  await act(() => result.current.importAll());
  expect(result.current.rows.map((row) => row.status)).toEqual(['imported', 'imported']);

  const calls = createImportedAccount.mock.calls.map(([body, key]) => ({
    account: (body as { account: string }).account,
    key,
  }));
  expect(calls.map((call) => call.account)).toEqual(['alice', 'alice', 'bob']);
  const [first, retry, bob] = calls.map((call) => call.key);
  expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(retry).toBe(first);
  expect(bob).not.toBe(first);
});
