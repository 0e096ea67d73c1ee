// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { generateListings } from '../../../../server/seed/generate';
import { normaliseListing } from '../../../../src/domain/listing';
import type { Listing } from '../../../../src/domain/types';
import { builtInTenants } from '../../../../src/tenant';
import { PAGE_ANSWER_ID, type PageAnswer } from '../../../../src/domain/page-answer';
import { PAGE_TENANT_ID } from '../../../../src/tenant/page-block';
import '../../../../widgets/listing/listing.element';

const API = 'http://api.test/api';

/** A seeded listing with what the page needs to show every section. */
function aListing(overrides: Partial<Listing>): Listing {
  const [seeded] = [...generateListings({ count: 1, now: new Date('2026-11-22T12:00:00Z'), startId: 42 })];
  return normaliseListing({
    ...seeded!.listing,
    canonicalLink: '/spa/glow-spa-42',
    name: 'Glow Spa',
    businessDescription: 'A calm day spa by the river.',
    images: [1, 2, 3, 4, 5, 6, 7].map((n) => ({
      url: `/media/spa-${n}.svg`,
      seoUrl: '',
      caption: `Room ${n}`,
    })),
    scheduleLink: 'book.example.com/glow',
    scheduleValid: true,
    videos: ['https://youtu.be/dQw4w9WgXcQ', 'https://example.com/not-a-video'],
    ...overrides,
  }) as Listing;
}

let listing: Listing;
const fetchMock = vi.fn<typeof fetch>();

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  // The map would load Leaflet; it has its own end-to-end test.
  const spa = structuredClone(builtInTenants.spa);
  spa.options.single.map = false;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    if (url.pathname === '/api/tenants/spa') return json(spa);
    if (url.pathname === `/api/merchants/${listing.merchantId}`) return json(listing);
    if (url.pathname.startsWith('/api/merchants/')) return json({ error: 'Listing not found!' }, 404);
    return json({ error: 'unexpected' }, 500);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

async function mount(attributes: Record<string, string>) {
  const element = document.createElement('wellspring-listing');
  for (const [name, value] of Object.entries({ tenant: 'spa', api: API, ...attributes }))
    element.setAttribute(name, value);
  document.body.append(element);
  const root = () => element.shadowRoot!;
  await vi.waitFor(() => expect(root().querySelector('h1')).not.toBeNull());
  return root();
}

const texts = (root: ShadowRoot, selector: string) =>
  [...root.querySelectorAll(selector)].map((node) => node.textContent?.trim());

describe('<wellspring-listing> listing page (spec 2.5)', () => {
  it('shows an approved listing with its anchors, mini links and at most 5 resized images', async () => {
    listing = aListing({ merchantListingStatus: 'APPROVED' });
    const root = await mount({ 'listing-id': String(listing.merchantId) });
    expect(root.querySelector('h1')?.textContent).toBe('Glow Spa');
    expect(texts(root, '.anchors a')).toEqual(
      expect.arrayContaining(['GALLERY', 'ABOUT US', 'SERVICES', 'REVIEWS']),
    );
    expect(texts(root, '.mini-links .chip')).toEqual(
      expect.arrayContaining(['Get Directions', 'Contact Spa', 'Book Your Appointment', 'Ask a Question']),
    );
    const images = [...root.querySelectorAll<HTMLImageElement>('.gallery img')];
    expect(images).toHaveLength(5);
    expect(images[1]!.getAttribute('src')).toBe(
      `http://api.test/api/images?url=%2Fmedia%2Fspa-2.svg&width=360&height=260`,
    );
    expect(root.querySelector('.mini-links a[href^="http://book.example.com/glow"]')).not.toBeNull();
    // Only the YouTube link is a video, and its player waits for the visitor.
    expect(texts(root, '.video-facade')).toHaveLength(1);
    expect(root.querySelector('iframe')).toBeNull();
  });

  it('hides contact, the about section and "Ask a Question" for a listing that is not approved', async () => {
    listing = aListing({ merchantListingStatus: 'PENDING' });
    const root = await mount({ 'listing-id': String(listing.merchantId) });
    expect(texts(root, '.anchors a')).not.toContain('ABOUT US');
    expect(root.querySelector('#about-us')).toBeNull();
    const links = texts(root, '.mini-links .chip');
    expect(links).not.toContain('Contact Spa');
    expect(links).not.toContain('Ask a Question');
    expect(links).toContain('Get Directions');
    expect(root.textContent).toContain('not been confirmed by the business');
  });

  it("keeps a partner page's URL: anchors write the hash only when the element owns the URL", async () => {
    listing = aListing({});
    history.replaceState(null, '', '/partner-page');
    const partner = await mount({ 'listing-id': String(listing.merchantId) });
    partner.querySelector<HTMLAnchorElement>('.anchors a[href="#services"]')!.click();
    expect(location.hash).toBe('');

    document.body.innerHTML = '';
    const hosted = await mount({ 'listing-id': String(listing.merchantId), 'sync-url': '' });
    hosted.querySelector<HTMLAnchorElement>('.anchors a[href="#services"]')!.click();
    expect(location.hash).toBe('#services');
  });

  it('leaves out Book Your Appointment without a valid schedule link', async () => {
    listing = aListing({ scheduleValid: false });
    const root = await mount({ 'listing-id': String(listing.merchantId) });
    expect(texts(root, '.mini-links .chip')).not.toContain('Book Your Appointment');
  });

  it("shows 'Listing not found!' with a way back to search for an unknown id", async () => {
    listing = aListing({});
    const element = document.createElement('wellspring-listing');
    const pages: unknown[] = [];
    element.addEventListener('wellspring-page', (event) => pages.push(event.detail));
    for (const [name, value] of Object.entries({
      tenant: 'spa',
      api: API,
      'listing-id': '999',
      'data-layer': '',
    }))
      element.setAttribute(name, value);
    document.body.append(element);
    await vi.waitFor(() =>
      expect(element.shadowRoot!.querySelector('h1')?.textContent).toBe('Listing not found!'),
    );
    expect(element.shadowRoot!.querySelector('a.button')?.getAttribute('href')).toMatch(/\/search$/);
    // Spec 7: a failed listing request is tracked.
    expect(window.dataLayer).toContainEqual(
      expect.objectContaining({ event: 'listing_error', kind: 'page_not_found', status: 404 }),
    );
    // Spec 4: on failure the canonical link falls back to the tenant's not-found meta URL.
    expect(pages).toContainEqual(
      expect.objectContaining({
        notFound: true,
        canonicalLink: builtInTenants.spa.endpoints.notFoundPageMetaUrl,
      }),
    );
  });

  it('needs no request for an id that is not a number', async () => {
    listing = aListing({});
    const root = await mount({ 'listing-id': 'glow' });
    expect(root.querySelector('h1')?.textContent).toBe('Listing not found!');
    expect(
      fetchMock.mock.calls.some(([input]) =>
        String(input instanceof Request ? input.url : input).includes('/merchants/'),
      ),
    ).toBe(false);
  });

  it('draws a hosted page it carries in its first draw: no request, never a loading state', () => {
    listing = aListing({});
    const spa = structuredClone(builtInTenants.spa);
    spa.options.single.map = false;
    // The blocks a hosted listing page carries (server/page-boot.ts) for its own API.
    const block = (id: string, data: unknown) => {
      const script = document.createElement('script');
      script.type = 'application/json';
      script.id = id;
      script.textContent = JSON.stringify(data);
      document.body.append(script);
    };
    block(PAGE_TENANT_ID, spa);
    block(PAGE_ANSWER_ID, [
      {
        call: `merchants/${listing.merchantId}`,
        publisherId: spa.helperInfo.publisherId,
        includedPrograms: spa.helperInfo.includedPrograms,
        body: listing,
      } satisfies PageAnswer,
    ]);
    const element = document.createElement('wellspring-listing');
    element.setAttribute('tenant', 'spa');
    element.setAttribute('api', `${location.origin}/api`);
    element.setAttribute('listing-id', String(listing.merchantId));
    document.body.append(element);
    // In the same task as it was attached, as over a first screen the server drew.
    expect(element.shadowRoot!.querySelector('h1')?.textContent).toBe('Glow Spa');
    expect(element.shadowRoot!.querySelector('.ws-loading')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
