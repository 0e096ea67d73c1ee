// @vitest-environment happy-dom
import { beforeAll, describe, expect, it, vi } from 'vitest';

// Each element module, as the loader imports it: a record of what was asked for, no real code.
const loaded: string[] = [];
let failCarousel = true;
vi.mock('../../../widgets/search/search.element', () => {
  loaded.push('wellspring-search');
  return {};
});
vi.mock('../../../widgets/offers-carousel/offers-carousel.element', () => {
  if (failCarousel) {
    failCarousel = false;
    throw new Error('network down');
  }
  loaded.push('wellspring-offers-carousel');
  return {};
});
vi.mock('../../../widgets/gift-card-buy/gift-card-buy.element', () => {
  loaded.push('wellspring-gift-card-buy');
  return {};
});
vi.mock('../../../widgets/balance-inquiry/balance-inquiry.element', () => {
  loaded.push('wellspring-balance-inquiry');
  return {};
});
vi.mock('../../../widgets/listing/listing.element', () => {
  loaded.push('wellspring-listing');
  return {};
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
const fetchMock = vi.fn<typeof fetch>(async () => new Response('{}'));

describe('the loader script', () => {
  beforeAll(async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', fetchMock);
    document.body.innerHTML = '<main><wellspring-search tenant="spa"></wellspring-search></main>';
    await import('../../../widgets/loader');
    await settle();
  });

  it("loads the code of a tag on the page when it starts, and each element's code once", async () => {
    expect(loaded).toEqual(['wellspring-search']);
    document.body.append(document.createElement('wellspring-search'));
    await settle();
    expect(loaded).toEqual(['wellspring-search']);
  });

  it("asks for the tenant's settings of a tag it finds while the element's code loads", () => {
    // At the loader's own origin (its module's URL: a file here, whose origin is 'null').
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      expect.stringMatching(/\/api\/tenants\/spa$/),
    ]);
  });

  it('loads the code of a tag a page adds later, deep inside what it adds', async () => {
    const section = document.createElement('section');
    section.innerHTML = '<div><div><wellspring-listing listing-id="1"></wellspring-listing></div></div>';
    document.body.append(section);
    await settle();
    expect(loaded).toContain('wellspring-listing');
  });

  it('tries again with the next tag when loading failed', async () => {
    document.body.append(document.createElement('wellspring-offers-carousel'));
    await settle();
    expect(loaded).not.toContain('wellspring-offers-carousel');
    document.body.append(document.createElement('wellspring-offers-carousel'));
    await settle();
    expect(loaded).toContain('wellspring-offers-carousel');
  });

  it('keeps room for an element until its code defines it', () => {
    const rules = document.adoptedStyleSheets.flatMap((sheet) =>
      [...sheet.cssRules].map((rule) => rule.cssText),
    );
    expect(rules.join('\n')).toContain('wellspring-offers-carousel:not(:defined)');
  });
});
