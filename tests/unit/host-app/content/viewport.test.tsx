// @vitest-environment happy-dom
import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useViewportWidth } from '../../../../host-app/content/viewport';

/** The width as drawn: '–' while unknown. */
function Width({ afterPaint }: { afterPaint: boolean }) {
  return <p>{useViewportWidth(undefined, afterPaint) ?? '–'}</p>;
}

const host = document.createElement('div');
const drawn = () => host.textContent;

beforeEach(() => {
  // A 412 px phone, answered through media queries as src/ui/viewport.ts asks.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: 412 >= Number(/\(min-width: (\d+)px\)/.exec(query)?.[1]),
    media: query,
  }));
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
  });
  document.body.append(host);
});
afterEach(async () => {
  render(null, host);
  await vi.advanceTimersByTimeAsync(100);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useViewportWidth', () => {
  it('knows the width before the first paint of a page the browser draws', async () => {
    render(<Width afterPaint={false} />, host);
    await Promise.resolve();
    expect(drawn()).toBe('412');
  });

  it('hydrating, keeps the server’s draw (no width) until a task after the paint', async () => {
    render(<Width afterPaint />, host);
    await Promise.resolve();
    // Still the server's markup in hydration's task: no second draw of the page in it.
    expect(drawn()).toBe('–');
    vi.advanceTimersToNextFrame();
    await Promise.resolve();
    expect(drawn()).toBe('–');
    await vi.advanceTimersByTimeAsync(1);
    expect(drawn()).toBe('412');
  });
});
