import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useInactivityLock } from './inactivity';

function Probe(props: { minutes: number; onExpire: () => void; keepAlive: () => Promise<unknown> }) {
  useInactivityLock(props.minutes, props.onExpire, props.keepAlive);
  return null;
}

async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('the auto-lock timer and its keep-alive requests', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('expires after kickUserAfter minutes without activity; activity restarts it', async () => {
    const onExpire = vi.fn();
    render(<Probe minutes={2} onExpire={onExpire} keepAlive={() => Promise.resolve()} />);
    await advance(100_000);
    window.dispatchEvent(new Event('keypress'));
    await advance(100_000);
    expect(onExpire).not.toHaveBeenCalled();
    await advance(21_000);
    expect(onExpire).toHaveBeenCalledOnce();
  });

  it('pings at most once a minute, and only after activity', async () => {
    const keepAlive = vi.fn(() => Promise.resolve());
    render(<Probe minutes={15} onExpire={() => {}} keepAlive={keepAlive} />);
    await advance(5 * 60_000);
    expect(keepAlive).not.toHaveBeenCalled();
    for (let second = 0; second < 180; second += 10) {
      window.dispatchEvent(new Event('click'));
      await advance(10_000);
    }
    expect(keepAlive.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(keepAlive.mock.calls.length).toBeLessThanOrEqual(3);
  });

  it('does nothing when the lock is off (0) or on copy (-1)', async () => {
    const onExpire = vi.fn();
    render(<Probe minutes={0} onExpire={onExpire} keepAlive={() => Promise.resolve()} />);
    render(<Probe minutes={-1} onExpire={onExpire} keepAlive={() => Promise.resolve()} />);
    await advance(24 * 3600_000);
    expect(onExpire).not.toHaveBeenCalled();
  });
});
