// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from '../../../src/ui/after-paint';

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterNextPaint', () => {
  it('runs once, in a task after the next frame, never in the task that asked', () => {
    const callback = vi.fn();
    afterNextPaint(callback);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersToNextFrame();
    // The frame's callback runs before that frame's paint: the work waits for a task after it.
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(1_000);
    expect(callback).toHaveBeenCalledOnce();
  });

  it('runs without frames too (a background tab), after the fallback', () => {
    vi.stubGlobal('requestAnimationFrame', () => 0);
    const callback = vi.fn();
    afterNextPaint(callback, 100);
    vi.advanceTimersByTime(99);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2);
    expect(callback).toHaveBeenCalledOnce();
  });

  it('does not run once cancelled, before or after the frame', () => {
    const early = vi.fn();
    afterNextPaint(early)();
    const late = vi.fn();
    const cancel = afterNextPaint(late);
    vi.advanceTimersToNextFrame();
    cancel();
    vi.advanceTimersByTime(1_000);
    expect(early).not.toHaveBeenCalled();
    expect(late).not.toHaveBeenCalled();
  });
});
