import { describe, expect, it } from 'vitest';
import { generateListings } from '../../../server/seed/generate';
import { normaliseListing } from '../../../src/domain/listing';
import type { PageAnswer } from '../../../src/domain/page-answer';
import type { Listing } from '../../../src/domain/types';
import { featuredSearchQuery, firstSearchQuery, searchCall } from '../../../src/domain/search';
import { builtInTenants } from '../../../src/tenant';
import { drawElementScreen } from '../../../widgets/first-screen';

const tenant = builtInTenants.spa;
const [seeded] = [...generateListings({ count: 1, now: new Date('2026-11-22T12:00:00Z'), startId: 42 })];
const listing = normaliseListing({ ...seeded!.listing }) as Listing;
const answer = (call: string, publisherId = tenant.helperInfo.publisherId): PageAnswer => ({
  call,
  publisherId,
  includedPrograms: tenant.helperInfo.includedPrograms,
  body: listing,
});
const draw = (attributes: Record<string, string | boolean>, carried: PageAnswer | undefined) =>
  drawElementScreen({
    tag: 'wellspring-listing',
    attributes,
    tenant,
    answers: carried ? [carried] : [],
    query: '',
    nonce: 'n0nce',
  });

// What it draws is tested on the real page drawer (`vite build --mode render`, emotion's server
// build): tests/integration/site-drawn.test.ts. Here: when it draws nothing.
describe('drawElementScreen (a listing page drawn on the server)', () => {
  it('draws nothing the element would not show from that answer: it draws itself then', () => {
    // No answer, an answer to another call, one read for another tenant, no valid id.
    expect(draw({ 'listing-id': '42' }, undefined)).toBeNull();
    expect(draw({ 'listing-id': '43' }, answer('merchants/42'))).toBeNull();
    expect(draw({ 'listing-id': '42' }, answer('merchants/42', 999))).toBeNull();
    expect(draw({ 'listing-id': 'none' }, answer('merchants/42'))).toBeNull();
  });
});

describe('drawElementScreen (a search page drawn on the server)', () => {
  const query = 'location=Austin%2C+TX';
  const opening = {
    ...firstSearchQuery(tenant.helperInfo.country, {}, query),
    size: tenant.listingGrid.pageSize,
    page: 0,
  };
  const featured = featuredSearchQuery(opening, tenant.helperInfo.includedPrograms);
  const carrying = (...calls: string[]): PageAnswer[] =>
    calls.map((call) => ({ ...answer(call), body: { items: [], totalHits: 0 } }));
  const drawSearch = (
    answers: PageAnswer[],
    attributes: Record<string, string | boolean> = { 'sync-url': true },
  ) => drawElementScreen({ tag: 'wellspring-search', attributes, tenant, answers, query, nonce: 'n0nce' });

  it('draws nothing unless the page carries every answer of the search it opens on', () => {
    expect(drawSearch([])).toBeNull();
    // The results without the featured listings; featured with none near, without their retry.
    expect(drawSearch(carrying(searchCall(opening)))).toBeNull();
    expect(drawSearch(carrying(searchCall(opening), searchCall(featured)))).toBeNull();
    // Answers for the URL's search, but an element that does not read the URL (no sync-url).
    const all = carrying(
      searchCall(opening),
      searchCall(featured),
      searchCall({ ...featured, location: '' }),
    );
    expect(drawSearch(all, {})).toBeNull();
  });
});
