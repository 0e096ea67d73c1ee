import type { Locator, Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { truncateText } from '../../src/domain/text';
import { normaliseWebsite } from '../../src/domain/listing';
import { offerExpiryLabel } from '../../src/domain/offer';
import { offerPath } from '../../src/domain/slug';
import { builtInTenants } from '../../src/tenant/builtins';
import type { TenantConfig } from '../../src/tenant/types';
import { axeViolations, expect, test } from './fixtures';

/**
 * <wellspring-listing> on the hosted site: listing pages (spec 2.5), offer pages (2.6), the
 * states of spec 4, the head the server writes, sharing and contact mail through the local
 * outbox. One server serves every tenant: 127.0.0.1 is wellness, spa.localhost the spa tenant.
 * Listings and offers are picked through the API, never hard-coded.
 */

interface TenantCase {
  name: 'spa' | 'wellness';
  config: TenantConfig;
  origin: string;
  /** The Host header of raw requests to this tenant's site. */
  host: string;
  publisherId: string;
  city: string;
  /** The anchor bar of spec 2.5: on for spa, off for wellness (its header has no sub-header). */
  anchors: boolean;
}

const port = new URL(baseURL).port;
const TENANTS: readonly TenantCase[] = [
  {
    name: 'spa',
    config: builtInTenants.spa,
    origin: baseURL.replace('127.0.0.1', 'spa.localhost'),
    host: `spa.localhost:${port}`,
    publisherId: '1',
    city: 'New York, NY',
    anchors: true,
  },
  {
    name: 'wellness',
    config: builtInTenants.wellness,
    origin: baseURL,
    host: `127.0.0.1:${port}`,
    publisherId: '13',
    city: 'Austin, TX',
    anchors: false,
  },
];
const [SPA, WELLNESS] = TENANTS as [TenantCase, TenantCase];

/** The fields of GET /api/merchants/{id} these tests read. */
interface Listing {
  merchantId: number;
  name: string;
  canonicalLink: string;
  merchantListingStatus: string;
  oldId: number | null;
  email: string;
  scheduleLink: string;
  scheduleValid: boolean;
  businessDescription: string;
  images: { url: string; caption: string }[];
  offers: Offer[];
  services: unknown[];
  activities: unknown[];
  accommodations: unknown[];
  roomAndDiningDescription: string;
  location: {
    countryCode: string;
    stateOrProvince: string;
    city: string;
    latitude: number;
    longitude: number;
    email: string;
  };
}

interface Offer {
  id: number;
  title: string;
  price: number | null;
  discountPrice: number | null;
  percentOff: number | null;
  startDate: string;
  endDate: string;
}

// Plain fetch (not the per-test `request` fixture), so what a worker picks once is reused.
async function api<T>(tenant: TenantCase, path: string): Promise<T | null> {
  const response = await fetch(`${baseURL}/api${path}`, {
    headers: { publisherId: tenant.publisherId, 'x-requested-with': 'XMLHttpRequest' },
  });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`GET /api${path} answered ${response.status}`);
  return (await response.json()) as T;
}

const memo = new Map<string, Promise<unknown>>();
function once<T>(key: string, make: () => Promise<T>): Promise<T> {
  if (!memo.has(key)) memo.set(key, make());
  return memo.get(key) as Promise<T>;
}

/** Full records of the listings with offers near the tenant's city (the search API's order). */
function listingsWithOffers(tenant: TenantCase): Promise<Listing[]> {
  return once(`search:${tenant.name}`, async () => {
    const query = new URLSearchParams({ location: tenant.city, hasOffers: 'true', size: '12' });
    const page = await api<{ items: { merchantId: number; isAd?: boolean }[] }>(
      tenant,
      `/merchants?${query}`,
    );
    const ids = (page?.items ?? []).filter((item) => !item.isAd).map((item) => item.merchantId);
    const listings = await Promise.all(ids.map((id) => api<Listing>(tenant, `/merchants/${id}`)));
    return listings.filter((listing): listing is Listing => listing !== null);
  });
}

/**
 * An approved listing with offers, coordinates and an email address; one with more than 5
 * images when the search has one, so the gallery's limit shows.
 */
async function approvedListing(tenant: TenantCase): Promise<Listing> {
  const listings = (await listingsWithOffers(tenant)).filter(
    (listing) =>
      listing.merchantListingStatus === 'APPROVED' &&
      listing.images.length > 0 &&
      Number.isFinite(listing.location.latitude) &&
      (listing.email || listing.location.email),
  );
  const listing = listings.find((candidate) => candidate.images.length > 5) ?? listings[0];
  if (!listing) throw new Error(`no approved listing with offers near ${tenant.city}`);
  return listing;
}

const isCurrent = (offer: Offer, now = Date.now()) =>
  Date.parse(offer.startDate.replace(' ', 'T')) < now && Date.parse(offer.endDate.replace(' ', 'T')) > now;

/** A current offer with a price of its own (a percent-off offer has none), and its listing. */
async function pricedOffer(tenant: TenantCase): Promise<{ offer: Offer; listing: Listing }> {
  for (const listing of await listingsWithOffers(tenant)) {
    const offer = listing.offers.find(
      (candidate) => candidate.price && !candidate.percentOff && isCurrent(candidate),
    );
    if (offer) return { offer, listing };
  }
  throw new Error(`no priced offer near ${tenant.city}`);
}

/**
 * The first listing, by id, that matches: the search API does not return every listing (not the
 * unapproved ones), so ids are probed in small batches, in order.
 */
function probeListing(tenant: TenantCase, key: string, matches: (listing: Listing) => boolean) {
  return once(`probe:${tenant.name}:${key}`, async () => {
    for (let start = 1; start < 2_000; start += 25) {
      const batch = await Promise.all(
        Array.from({ length: 25 }, (_, index) => api<Listing>(tenant, `/merchants/${start + index}`)),
      );
      const found = batch.find((listing): listing is Listing => listing !== null && matches(listing));
      if (found) return found;
    }
    throw new Error(`no ${key} listing among the first 2,000 ids of ${tenant.name}`);
  });
}

const element = (page: Page): Locator => page.locator('wellspring-listing');

/** Requests that leave this machine (none may: maps, videos and images stay local until clicked). */
function externalRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    const { hostname, protocol } = new URL(request.url());
    const local = hostname === '127.0.0.1' || hostname === 'localhost' || hostname.endsWith('.localhost');
    if (!local && protocol !== 'data:' && protocol !== 'blob:') urls.push(request.url());
  });
  return urls;
}

async function openListing(page: Page, tenant: TenantCase, listing: Listing): Promise<Locator> {
  const response = await page.goto(`${tenant.origin}${listing.canonicalLink}`);
  expect(response?.status()).toBe(200);
  const listingElement = element(page);
  await expect(listingElement.getByRole('heading', { level: 1 })).toHaveText(listing.name);
  return listingElement;
}

async function openOffer(page: Page, tenant: TenantCase, offer: Offer): Promise<Locator> {
  // Any slug works: the id is the last part; the page settles on the canonical URL.
  const response = await page.goto(`${tenant.origin}/offer/any-title-${offer.id}`);
  expect(response?.status()).toBe(200);
  const offerElement = element(page);
  await expect(offerElement.getByRole('heading', { level: 1 })).toHaveText(offer.title);
  return offerElement;
}

const countryName = (code: string) => new Intl.DisplayNames('en', { type: 'region' }).of(code) ?? code;

/** The anchors of spec 2.5 a listing should have, in page order. */
function expectedAnchors(listing: Listing, tenant: TenantCase): string[] {
  if (!tenant.anchors) return [];
  const approved = listing.merchantListingStatus === 'APPROVED';
  return [
    listing.images.length > 0 && 'GALLERY',
    listing.offers.length > 0 && 'OFFERS',
    approved && listing.businessDescription.trim() && 'ABOUT US',
    listing.services.length > 0 && 'SERVICES',
    (listing.activities.length > 0 ||
      listing.accommodations.length > 0 ||
      listing.roomAndDiningDescription.trim()) &&
      'DINING',
    tenant.config.options.global.showReviews && tenant.config.options.single.reviews && 'REVIEWS',
  ].filter((label): label is string => typeof label === 'string' && label !== '');
}

const money = (tenant: TenantCase, amount: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: tenant.config.helperInfo.currency,
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  }).format(amount);

const uniqueAddress = (kind: string) =>
  `${kind}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

interface OutboxItem {
  to: string;
  subject: string;
  text: string;
  kind: string;
  tenant: string;
}

async function outbox(to: string): Promise<OutboxItem[]> {
  const response = await fetch(`${baseURL}/api/outbox?to=${encodeURIComponent(to)}&limit=100`);
  expect(response.status, 'GET /api/outbox').toBe(200);
  return ((await response.json()) as { items: OutboxItem[] }).items;
}

for (const tenant of TENANTS) {
  test.describe(`listing page on ${tenant.name}`, () => {
    test('shows name, breadcrumbs, anchors, mini links and up to 5 gallery images', async ({
      page,
      consoleErrors,
    }) => {
      const listing = await approvedListing(tenant);
      const external = externalRequests(page);
      await page.setViewportSize({ width: 1280, height: 720 });
      const view = await openListing(page, tenant, listing);

      // Breadcrumbs: country, state, city (each a search there), then the name (this page).
      const crumbs = view.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
      await expect(crumbs).toHaveText([
        countryName(listing.location.countryCode),
        listing.location.stateOrProvince,
        listing.location.city,
        truncateText(listing.name), // spec 5: 15 characters, cut at a space
      ]);
      // Each link as followed (the server's first screen writes them relative to the page).
      for (let index = 0; index < 3; index++) {
        expect(
          await crumbs
            .nth(index)
            .getByRole('link')
            .evaluate((link: HTMLAnchorElement) => link.href),
        ).toMatch(new RegExp(`^${tenant.origin.replace(/\./g, '\\.')}/search\\?location=`));
      }
      await expect(crumbs.last().locator('[aria-current="page"]')).toHaveText(truncateText(listing.name));
      // One line of text: the page's own name sits on the links' baseline (they are padded).
      const textBottoms = await crumbs.evaluateAll((items) =>
        items.map((item) => {
          const range = document.createRange();
          range.selectNodeContents(item.lastElementChild!);
          return Math.round(range.getBoundingClientRect().bottom);
        }),
      );
      expect(new Set(textBottoms).size, `text bottoms ${textBottoms.join(', ')}`).toBe(1);

      // Mini links: directions to the listing's point, contact and a question (approved).
      const directions = view.getByRole('link', { name: 'Get Directions' });
      // Each tenant's own maps service: OpenStreetMap for spa, Google Maps (the default) for wellness.
      const href = new URL((await directions.getAttribute('href')) ?? '');
      const [service, destination] =
        tenant.name === 'spa'
          ? ['https://www.openstreetmap.org/directions', 'to']
          : ['https://www.google.com/maps/dir/', 'destination'];
      expect(`${href.origin}${href.pathname}`).toBe(service);
      expect(href.searchParams.get(destination)).toBe(
        `${listing.location.latitude},${listing.location.longitude}`,
      );
      await expect(view.getByRole('button', { name: 'Contact Spa' })).toBeVisible();
      await expect(view.getByRole('button', { name: 'Ask a Question' })).toBeVisible();
      const schedule = normaliseWebsite(listing.scheduleLink);
      if (listing.scheduleValid && schedule) {
        await expect(view.getByRole('link', { name: 'Book Your Appointment' })).toHaveAttribute(
          'href',
          schedule,
        );
      } else {
        await expect(view.getByRole('link', { name: 'Book Your Appointment' })).toHaveCount(0);
      }

      // Gallery: the first 5 images, each through the image proxy.
      const images = view.locator('#gallery img');
      const shown = listing.images.slice(0, 5);
      await expect(images).toHaveCount(shown.length);
      for (const [index, image] of shown.entries()) {
        // Relative to the page where the server's first screen wrote it.
        const src = new URL((await images.nth(index).getAttribute('src')) ?? '', page.url());
        expect(src.pathname).toBe('/api/images');
        expect(src.searchParams.get('url')).toBe(image.url);
        await expect(images.nth(index)).toHaveAttribute('alt', image.caption);
      }

      // Anchors (spec 2.5) where the tenant has the sub-header.
      const anchorBar = view.getByRole('navigation', { name: 'On this page' });
      const anchors = expectedAnchors(listing, tenant);
      if (!anchors.length) {
        await expect(anchorBar).toHaveCount(0);
      } else {
        await expect(anchorBar.getByRole('link')).toHaveText(anchors);
        // The last anchor is furthest down: following it scrolls its section into view and
        // moves focus there, inside the shadow root where fragment navigation cannot reach.
        const last = anchorBar.getByRole('link').last();
        const target = ((await last.getAttribute('href')) ?? '').slice(1);
        const section = view.locator(`section#${target}`);
        await last.click();
        await expect(section).toBeInViewport();
        await expect(section).toBeFocused();
        await expect(page).toHaveURL(new RegExp(`#${target}$`));
        expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      }
      // The map (Leaflet in the shadow root) draws local tiles; nothing went to the internet.
      if (tenant.config.options.single.map) {
        await expect(view.getByRole('region', { name: `Map of ${listing.name}` })).toBeVisible();
        await expect(view.locator('.leaflet-tile-loaded').first()).toBeVisible();
      }
      expect(external, 'requests to the internet').toEqual([]);
      expect(consoleErrors).toEqual([]);
    });

    test('a listing the business has not confirmed shows no contact, no about and a notice', async ({
      page,
    }) => {
      const listing = await probeListing(
        tenant,
        'unapproved',
        (candidate) =>
          candidate.merchantListingStatus !== 'APPROVED' && candidate.businessDescription.trim() !== '',
      );
      const view = await openListing(page, tenant, listing);
      await expect(view.getByRole('note')).toHaveText(
        'This listing has not been confirmed by the business yet.',
      );
      await expect(view.getByRole('link', { name: 'Get Directions' })).toBeVisible();
      await expect(view.getByRole('button', { name: 'Contact Spa' })).toHaveCount(0);
      await expect(view.getByRole('button', { name: 'Ask a Question' })).toHaveCount(0);
      await expect(view.getByRole('link', { name: 'ABOUT US' })).toHaveCount(0);
      await expect(view.locator('#about-us')).toHaveCount(0);
      if (tenant.anchors && listing.images.length > 0) {
        // The bar is there, only without ABOUT US.
        await expect(view.getByRole('link', { name: 'GALLERY' })).toBeVisible();
      }
    });

    test('an old-id URL ends on the canonical slug URL of the listing', async ({ page }) => {
      const listing = await probeListing(tenant, 'old-id', (candidate) => candidate.oldId !== null);
      await page.goto(`${tenant.origin}/${tenant.config.listingRouteName}/map/${listing.oldId}`);
      await expect(element(page).getByRole('heading', { level: 1 })).toHaveText(listing.name);
      await expect(page).toHaveURL(`${tenant.origin}${listing.canonicalLink}`);
      expect(listing.canonicalLink).toMatch(new RegExp(`-${listing.merchantId}$`));
      await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute(
        'href',
        new RegExp(`${listing.canonicalLink}$`),
      );
    });

    test('the raw HTML carries title, canonical link and JSON-LD without JavaScript', async ({ request }) => {
      const listing = await approvedListing(tenant);
      const { offer } = await pricedOffer(tenant);
      const listingHead = await rawHead(request, tenant, listing.canonicalLink);
      expect(listingHead.title).toContain(listing.name);
      expect(listingHead.canonical).toMatch(new RegExp(`${listing.canonicalLink}$`));
      expect(listingHead.canonical).toMatch(new RegExp(`-${listing.merchantId}$`));
      const business = listingHead.jsonLd.find((item) => item.name === listing.name);
      expect(business, 'JSON-LD of the business').toBeDefined();
      expect(business).toMatchObject({
        address: expect.objectContaining({ addressLocality: listing.location.city }),
        geo: expect.objectContaining({
          latitude: listing.location.latitude,
          longitude: listing.location.longitude,
        }),
      });

      const offerHead = await rawHead(request, tenant, `/offer/any-title-${offer.id}`);
      expect(offerHead.title).toContain(offer.title);
      expect(offerHead.canonical).toMatch(new RegExp(`-${offer.id}$`));
      const jsonOffer = offerHead.jsonLd.find((item) => item['@type'] === 'Offer');
      expect(jsonOffer, 'JSON-LD Offer').toMatchObject({
        name: offer.title,
        price: Math.floor(offer.discountPrice || offer.price || 0),
        priceCurrency: tenant.config.helperInfo.currency,
      });
    });
  });

  test.describe(`offer page on ${tenant.name}`, () => {
    test('shows breadcrumbs ending in the offer, price, expiry and the ways to buy', async ({
      page,
      consoleErrors,
    }) => {
      const { offer, listing } = await pricedOffer(tenant);
      const external = externalRequests(page);
      const view = await openOffer(page, tenant, offer);
      await expect(page).toHaveURL(
        new RegExp(`^${tenant.origin.replace(/\./g, '\\.')}/offer/[a-z0-9-]+-${offer.id}$`),
      );

      const crumbs = view.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
      await expect(crumbs).toHaveText([
        countryName(listing.location.countryCode),
        listing.location.stateOrProvince,
        listing.location.city,
        truncateText(listing.name),
        `Offer #${offer.id}`,
      ]);
      // The cut name still names the whole listing to a screen reader.
      await expect(crumbs.nth(3).getByRole('link')).toHaveAccessibleName(listing.name);
      // As followed (the server's first screen writes it relative to the page).
      await expect(crumbs.nth(3).getByRole('link')).toHaveJSProperty(
        'href',
        `${tenant.origin}${listing.canonicalLink}`,
      );

      const total = Math.floor(offer.discountPrice || offer.price || 0);
      await expect(view.locator('.offer-price .now')).toHaveText(money(tenant, total));
      const label = offerExpiryLabel(offer.endDate, new Date());
      await expect(view.locator('.offer-detail .expires')).toHaveText(
        label.startsWith('expires in') ? /^expires in \d+ (day|hour|minute)s?$/ : label,
      );

      // Links as followed: the server draws the buy buttons too, relative to the page.
      const buy = view.locator('wellspring-gift-card-buy');
      if (tenant.config.options.global.sellOnline) {
        for (const way of ['EMAIL eGIFT CARD', 'PRINT eGIFT CARD', 'MAIL a GIFT CARD']) {
          await expect(buy.getByRole('heading', { name: way })).toBeVisible();
          const link = buy.getByRole('link', {
            name: `${tenant.config.titles.giftCardShopButtonName}: ${way}`,
          });
          expect(await link.evaluate((anchor: HTMLAnchorElement) => anchor.href)).toMatch(
            new RegExp(`^${tenant.origin.replace(/\./g, '\\.')}/`),
          );
        }
        await expect(buy.getByRole('link', { name: 'Corporate Gift Card Sales' })).toBeVisible();
        await expect(buy.getByRole('link', { name: 'Contact Sales' })).toBeVisible();
      } else {
        // Wellness does not sell online: its coming-soon link instead of the three ways.
        await expect(
          buy.getByRole('heading', { name: `The ${tenant.config.productName} is coming soon` }),
        ).toBeVisible();
        await expect(buy.getByRole('link', { name: tenant.config.titles.purchaseText })).toHaveJSProperty(
          'href',
          `${tenant.origin}${tenant.config.endpoints.purchaseLink}`,
        );
        await expect(buy.getByText('EMAIL eGIFT CARD')).toHaveCount(0);
      }
      expect(external, 'requests to the internet').toEqual([]);
      expect(consoleErrors).toEqual([]);
    });
  });
}

test.describe('listing page details', () => {
  test('Book Your Appointment shows only with a valid schedule link', async ({ page }) => {
    const valid = await probeListing(
      SPA,
      'schedule-valid',
      (listing) => listing.scheduleValid && listing.scheduleLink.trim() !== '',
    );
    const invalid = await probeListing(
      SPA,
      'schedule-invalid',
      (listing) => !listing.scheduleValid && listing.scheduleLink.trim() !== '',
    );
    let view = await openListing(page, SPA, valid);
    await expect(view.getByRole('link', { name: 'Book Your Appointment' })).toHaveAttribute(
      'href',
      normaliseWebsite(valid.scheduleLink),
    );
    view = await openListing(page, SPA, invalid);
    await expect(view.getByRole('link', { name: 'Get Directions' })).toBeVisible();
    await expect(view.getByRole('link', { name: 'Book Your Appointment' })).toHaveCount(0);
  });

  test('Contact Spa sends a message to the listing, seen in the outbox', async ({ page, consoleErrors }) => {
    test.slow(); // the bot check is a proof of work solved in the browser
    const listing = await approvedListing(SPA);
    const to = [listing.email, listing.location.email].find((address) => address?.includes('@'))!;
    const visitor = uniqueAddress('listing-contact');
    const view = await openListing(page, SPA, listing);
    await view.getByRole('button', { name: 'Contact Spa' }).click();
    const form = view.locator('section#contact');
    await expect(form.getByRole('heading', { name: `Contact ${listing.name}` })).toBeVisible();
    // 'Phone (optional)' on one line (the label is a grid: its words were two rows).
    const optional = (await form.getByText('(optional)').boundingBox())!;
    const phone = (await form.getByText('Phone', { exact: false }).first().boundingBox())!;
    expect(Math.abs(optional.y - phone.y)).toBeLessThan(8); // a row below: 27 px
    await form.getByLabel('Your name').fill('Ana Tester');
    await form.getByLabel('Your email').fill(visitor);
    await form.getByLabel('Message').fill(`Do you have couples massages on Sundays? (${visitor})`);
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form.getByRole('status')).toContainText(`Thank you, Ana Tester`, { timeout: 30_000 });

    const mail = (await outbox(to)).filter((item) => item.text.includes(visitor));
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to, kind: 'contact-listing', tenant: 'spa' });
    expect(mail[0]!.text).toContain('Do you have couples massages on Sundays?');
    expect(consoleErrors).toEqual([]);
  });

  test('a listing page carries its listing: it asks the API nothing for it, loaded or reloaded', async ({
    page,
  }) => {
    const { listing } = await pricedOffer(SPA);
    const calls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/^\/api\/(offers|merchants)\//.test(pathname)) calls.push(pathname);
    });
    const view = await openListing(page, SPA, listing);
    await page.reload();
    await expect(view.getByRole('heading', { level: 1 })).toHaveText(listing.name);
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual([]);
  });
});

test.describe('offer page actions', () => {
  test('a legacy /offer/{spa}/{offer} URL shows the offer and settles on the canonical URL', async ({
    page,
  }) => {
    const { offer, listing } = await pricedOffer(SPA);
    const spaSlug = listing.canonicalLink.split('/').pop()!;
    await page.goto(`${SPA.origin}/offer/${spaSlug}/any-title-${offer.id}`);
    await expect(element(page).getByRole('heading', { level: 1 })).toHaveText(offer.title);
    await expect(page).toHaveURL(new RegExp(`/offer/[a-z0-9-]+-${offer.id}$`));
  });

  test('an offer page carries its offer and listing: it asks the API for neither, at any slug', async ({
    page,
  }) => {
    const { offer, listing } = await pricedOffer(SPA);
    const calls: string[] = [];
    page.on('request', (request) => {
      const { pathname, search } = new URL(request.url());
      if (/^\/api\/(offers|merchants)\//.test(pathname)) calls.push(`${pathname}${search}`);
    });
    const canonical = offerPath(offer.title, offer.id);
    // Another slug settles on the canonical URL without drawing the page, or asking, again.
    for (const path of [canonical, `/offer/any-title-${offer.id}`]) {
      calls.length = 0;
      await page.goto(`${SPA.origin}${path}`);
      const view = element(page);
      await expect(view.getByRole('heading', { level: 1 })).toHaveText(offer.title);
      await expect(page).toHaveURL(`${SPA.origin}${canonical}`);
      // The listing's part of the page (its breadcrumb) is there too, from the same answer.
      await expect(view.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link')).toContainText([
        truncateText(listing.name),
      ]);
      await page.waitForLoadState('networkidle');
      expect(calls).toEqual([]);
    }
  });
  test('after choosing a way to buy, the buttons read Get Another {brand} Gift Card', async ({ page }) => {
    const { offer } = await pricedOffer(SPA);
    const view = await openOffer(page, SPA, offer);
    const buy = view.locator('wellspring-gift-card-buy');
    const brand = SPA.config.brandName;
    const email = buy.getByRole('link', { name: /: EMAIL eGIFT CARD$/ });
    await expect(email).toHaveText(SPA.config.titles.giftCardShopButtonName);

    // The host page takes over the purchase (cancels the event), so the page stays.
    await page.evaluate(() =>
      document.addEventListener('wellspring-buy-select', (event) => event.preventDefault(), { once: true }),
    );
    await email.click();
    await expect(email).toHaveText(`Get Another ${brand} Gift Card`);
    expect(await page.evaluate(() => sessionStorage.getItem('wellspring-bought'))).toBe('1');

    // The next offer page of the visit remembers it.
    await page.reload();
    await expect(view.getByRole('heading', { level: 1 })).toHaveText(offer.title);
    await expect(buy.getByRole('link', { name: /: PRINT eGIFT CARD$/ })).toHaveText(
      `Get Another ${brand} Gift Card`,
    );
  });

  test('Share by email sends the offer without the links of the note', async ({ page, consoleErrors }) => {
    test.slow(); // the bot check is a proof of work solved in the browser
    const { offer } = await pricedOffer(SPA);
    const to = uniqueAddress('listing-share');
    const view = await openOffer(page, SPA, offer);
    await view.getByRole('button', { name: 'Share by email' }).click();
    const share = view.locator('section.share');
    await share.getByLabel('Your name').fill('Ana Tester');
    await share.getByLabel('Their email').fill(to);
    await share.getByLabel(/A short note/).fill('Thought of you! Book at https://evil.example/deal now');
    await share.getByRole('button', { name: 'Send' }).click();
    await expect(share.getByRole('status')).toContainText(`Sent! We emailed the offer to ${to}.`, {
      timeout: 30_000,
    });

    const mail = await outbox(to);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to).toBe(to);
    expect(mail[0]!.text).toContain(offer.title);
    expect(mail[0]!.text).toContain('Thought of you!');
    expect(mail[0]!.text).not.toContain('evil.example');
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('pages that do not exist', () => {
  // The 404s are on purpose: the document and the API call both answer 404.
  test.use({ allowedErrors: [/status of 404/] });

  for (const tenant of TENANTS) {
    test(`an unknown listing id on ${tenant.name} is a 404 page with a way to search`, async ({ page }) => {
      const response = await page.goto(
        `${tenant.origin}/${tenant.config.listingRouteName}/some-spa-999999999`,
      );
      expect(response?.status()).toBe(404);
      const view = element(page);
      await expect(view.getByRole('heading', { level: 1 })).toHaveText('Listing not found!');
      await expect(view.getByRole('link', { name: /search/i })).toHaveAttribute(
        'href',
        `${tenant.origin}/search`,
      );
    });
  }

  test('an unknown offer id is an Offer not found! page', async ({ page }) => {
    const response = await page.goto(`${SPA.origin}/offer/x-999999999`);
    expect(response?.status()).toBe(404);
    const view = element(page);
    await expect(view.getByRole('heading', { level: 1 })).toHaveText('Offer not found!');
    await expect(view.getByRole('link', { name: /search/i })).toHaveAttribute('href', `${SPA.origin}/search`);
  });
});

test.describe('accessibility of listing and offer pages', () => {
  for (const tenant of [SPA, WELLNESS]) {
    for (const width of [375, 1280]) {
      test(`${tenant.name} listing and offer pages at ${width} px have no serious violations`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height: 900 });
        const listing = await approvedListing(tenant);
        await openListing(page, tenant, listing);
        expect(await axeViolations(page), 'listing page').toEqual([]);

        const { offer } = await pricedOffer(tenant);
        const view = await openOffer(page, tenant, offer);
        await expect(view.locator('wellspring-gift-card-buy').getByRole('heading').first()).toBeVisible();
        expect(await axeViolations(page), 'offer page').toEqual([]);
      });
    }
  }
});

test.describe('demo page', () => {
  test('shows a listing and an offer for every tenant, and any id typed in', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/demo/listing.html');
    const names: Record<string, string> = {};
    for (const tenant of ['wellness', 'spa', 'spa-canada', 'local']) {
      await page.getByRole('tab', { name: tenant, exact: true }).click();
      const panel = page.getByRole('tabpanel', { name: tenant, exact: true });
      await expect(panel).toBeVisible();
      const name = panel.locator(`#listing-${tenant}`).getByRole('heading', { level: 1 });
      await expect(name).not.toBeEmpty();
      names[tenant] = (await name.textContent()) ?? '';
      await expect(panel.locator(`#offer-${tenant}`).getByRole('heading', { level: 1 })).not.toBeEmpty();
      await expect(
        panel.locator(`#offer-${tenant} wellspring-gift-card-buy`).getByRole('link').first(),
      ).toBeVisible();
      if (tenant === 'spa-canada') {
        // Canada's pick is Canadian: its breadcrumbs start with the country.
        await expect(
          panel
            .locator('#listing-spa-canada')
            .getByRole('navigation', { name: 'Breadcrumb' })
            .getByRole('listitem')
            .first(),
        ).toHaveText('Canada');
      }
    }

    // QA's own id: the spa listing picked above, shown again through the form.
    const id = (await page.locator('#listing-spa').getAttribute('listing-id'))!;
    const form = page.locator('form#try');
    await form.getByLabel('Tenant').selectOption('spa');
    await form.getByLabel('Kind').selectOption('listing-id');
    await form.getByRole('textbox', { name: 'Id' }).fill(id);
    await form.getByRole('button', { name: 'Show' }).click();
    await expect(page.locator('#try-listing').getByRole('heading', { level: 1 })).toHaveText(names.spa!);
    await expect(page.locator('#events')).toContainText('wellspring-ready from #try-listing');
    expect(consoleErrors).toEqual([]);
  });
});

/** Title, canonical link and parsed JSON-LD of a page as the server sends it (no JavaScript runs). */
async function rawHead(
  request: import('@playwright/test').APIRequestContext,
  tenant: TenantCase,
  path: string,
): Promise<{ title: string; canonical: string; jsonLd: Record<string, unknown>[] }> {
  const response = await request.get(path, { headers: { host: tenant.host } });
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  const link = /<link\b[^>]*\brel="canonical"[^>]*>/.exec(html)?.[0] ?? '';
  const canonical = /\bhref="([^"]*)"/.exec(link)?.[1] ?? '';
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  expect(scripts.length, `JSON-LD scripts of ${path}`).toBeGreaterThan(0);
  const jsonLd = scripts.map((match) => {
    const item = JSON.parse(match[1]!) as Record<string, unknown>;
    expect(item['@type'], 'every JSON-LD item has a @type').toEqual(expect.any(String));
    return item;
  });
  return { title: decodeEntities(title), canonical: decodeEntities(canonical), jsonLd };
}

function decodeEntities(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#(x[0-9a-f]+|\d+);/gi, (_, code: string) =>
      String.fromCodePoint(code[0] === 'x' || code[0] === 'X' ? parseInt(code.slice(1), 16) : Number(code)),
    );
}
