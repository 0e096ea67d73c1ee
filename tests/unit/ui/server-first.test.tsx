// @vitest-environment happy-dom
import { hydrate, render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServerDraw } from '../../../src/ui/server-draw';
import { useServerFirst } from '../../../src/ui/server-first';

let host: HTMLDivElement;
beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
});
afterEach(() => {
  render(null, host);
  document.body.innerHTML = '';
});

/** Shows the value; a button sets it, as a part following the browser does. */
function Shown({ read }: { read: () => string }) {
  const [value, setValue] = useServerFirst(read, 'served');
  return (
    <button type="button" onClick={() => setValue('set')}>
      {value}
    </button>
  );
}

/** Waits for effects (Preact runs them after the paint) and what they set. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('useServerFirst (state that reads the browser, hydrating the server’s draw)', () => {
  it('reads the browser for its first draw when nothing hydrates', async () => {
    const read = vi.fn(() => 'browser');
    render(<Shown read={read} />, host);
    expect(host.textContent).toBe('browser');
    await settled();
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('hydrates the server’s value, keeping its nodes, and reads the browser once drawn', async () => {
    host.innerHTML = '<button type="button">served</button>';
    const served = host.querySelector('button');
    const read = vi.fn(() => 'browser');
    hydrate(
      <ServerDraw.Provider value={{ current: true }}>
        <Shown read={read} />
      </ServerDraw.Provider>,
      host,
    );
    // The hydrating draw is the server's: the browser is not read until it is done.
    expect(read).not.toHaveBeenCalled();
    expect(host.textContent).toBe('served');
    await settled();
    expect(host.textContent).toBe('browser');
    expect(host.querySelector('button')).toBe(served);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('follows what the part sets afterwards', async () => {
    render(
      <ServerDraw.Provider value={{ current: true }}>
        <Shown read={() => 'browser'} />
      </ServerDraw.Provider>,
      host,
    );
    await settled();
    host.querySelector('button')!.click();
    await settled();
    expect(host.textContent).toBe('set');
  });
});
