import { describe, expect, it } from 'vitest';
import { formatWait, retryAfter } from '../../../server/limits';

describe("the limiter's arithmetic", () => {
  const now = new Date('2025-06-01T12:00:00Z');

  it('says when the oldest counted hit leaves the window, in whole seconds, at least 1', () => {
    const tenMinutes = 10 * 60_000;
    expect(retryAfter(new Date(now.getTime() - 60_000), tenMinutes, now)).toBe(540);
    expect(retryAfter(new Date(now.getTime() - 60_500), tenMinutes, now)).toBe(540);
    expect(retryAfter(new Date(now.getTime() - tenMinutes), tenMinutes, now)).toBe(1);
    expect(retryAfter(null, tenMinutes, now)).toBe(600);
  });

  it('words a wait as the contact form always has', () => {
    expect(formatWait(1)).toBe('1 second');
    expect(formatWait(45)).toBe('45 seconds');
    expect(formatWait(60)).toBe('1 minute');
    expect(formatWait(599)).toBe('10 minutes');
    expect(formatWait(600)).toBe('10 minutes');
    expect(formatWait(7200)).toBe('2 hours');
  });
});
