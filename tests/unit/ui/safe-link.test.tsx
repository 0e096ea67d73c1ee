// @vitest-environment happy-dom
import { render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { SafeLink } from '../../../src/ui/SafeLink';

const host = document.createElement('div');
document.body.append(host);
afterEach(() => render(null, host));

describe('SafeLink', () => {
  it('renders a link with the checked URL and the other attributes', () => {
    render(
      <SafeLink href=" https://spa.example.com/book " className="chip" target="_blank" rel="noopener">
        Book
      </SafeLink>,
      host,
    );
    const link = host.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://spa.example.com/book');
    expect(link.className).toBe('chip');
    expect(link.target).toBe('_blank');
    expect(link.textContent).toBe('Book');
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,x',
    '',
    null,
  ])('renders %j as text, never as a link', (href) => {
    render(
      <SafeLink href={href} className="cm-card__link">
        Read more
      </SafeLink>,
      host,
    );
    expect(host.querySelector('a')).toBeNull();
    expect(host.querySelector('span.cm-card__link')?.textContent).toBe('Read more');
  });

  it('resolves a safe URL only', () => {
    const resolve = (url: string) => (url.startsWith('/') ? `https://site.example${url}` : url);
    render(
      <SafeLink href="/best-of/austin-tx" resolve={resolve}>
        Best of
      </SafeLink>,
      host,
    );
    expect(host.querySelector('a')!.getAttribute('href')).toBe('https://site.example/best-of/austin-tx');
    let called = false;
    render(
      <SafeLink
        href="javascript:alert(1)"
        resolve={(url) => {
          called = true;
          return url;
        }}
      >
        x
      </SafeLink>,
      host,
    );
    expect(called).toBe(false);
  });
});
