// @vitest-environment happy-dom
import { render } from 'preact';
import { Component, Suspense, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CarriedContent, useContent } from '../../../../host-app/content-data';
import { lazyPage } from '../../../../host-app/shell/page-chunk';

// Issue 16: the server draws each page and the app hydrates it. Its first draw must be the
// server's: the page's code loaded before it (no Suspense 'Loading…' over the markup), and the
// content the page carries drawn at once (no 'Loading…' while the API is asked again).

let host: HTMLElement;
beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
});
afterEach(() => {
  render(null, host);
  host.remove();
});

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error}</p> : this.props.children;
  }
}

const page = (Page: ReturnType<typeof lazyPage<{ name: string }>>) => (
  <Boundary>
    <Suspense fallback={<p className="page-loading">Loading…</p>}>
      <Page name="Home" />
    </Suspense>
  </Boundary>
);

describe('a lazily loaded page', () => {
  it('draws at once, in the first draw, once its code was loaded ahead', async () => {
    const Page = lazyPage(async () => ({ default: ({ name }: { name: string }) => <h1>{name}</h1> }));
    await Page.preload();
    render(page(Page), host);
    expect(host.innerHTML).toBe('<h1>Home</h1>');
  });

  it('shows the loading state until its code arrives when it was not loaded ahead', async () => {
    let arrive = () => {};
    const code = new Promise<void>((resolve) => (arrive = resolve));
    const load = vi.fn(async () => {
      await code;
      return { default: ({ name }: { name: string }) => <h1>{name}</h1> };
    });
    const Page = lazyPage(load);
    render(page(Page), host);
    await vi.waitFor(() => expect(host.textContent).toBe('Loading…'));
    arrive();
    await vi.waitFor(() => expect(host.innerHTML).toBe('<h1>Home</h1>'));
    // One download, whoever asked first.
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('hands a failed download to the error boundary', async () => {
    const Page = lazyPage<{ name: string }>(() => Promise.reject(new Error('Failed to fetch the page')));
    render(page(Page), host);
    await vi.waitFor(() =>
      expect(host.querySelector('[role="alert"]')?.textContent).toBe('Failed to fetch the page'),
    );
  });
});

function Menu({ load }: { load: () => Promise<string[]> }) {
  const menu = useContent('menu:spa:header', load);
  return menu.status === 'ready' ? (
    <ul>
      {menu.data.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  ) : (
    <p>{menu.status}</p>
  );
}

describe('content the page carries', () => {
  it('is drawn in the first draw and kept, without asking the API', async () => {
    const load = vi.fn(async () => ['asked']);
    const carried = new Map([['menu:spa:header', ['Find a Spa', 'Gift Cards']]]);
    render(
      <CarriedContent.Provider value={carried}>
        <Menu load={load} />
      </CarriedContent.Provider>,
      host,
    );
    expect(host.innerHTML).toBe('<ul><li>Find a Spa</li><li>Gift Cards</li></ul>');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(host.innerHTML).toBe('<ul><li>Find a Spa</li><li>Gift Cards</li></ul>');
    // Kept for the visit like an API answer: a later draw without the page's block asks nothing.
    render(null, host);
    render(<Menu load={load} />, host);
    await vi.waitFor(() => expect(host.innerHTML).toBe('<ul><li>Find a Spa</li><li>Gift Cards</li></ul>'));
    expect(load).not.toHaveBeenCalled();
  });
});
