import { describe, expect, it } from 'vitest';
import { generateListings } from '../../../server/seed/generate';
import { normaliseListing } from '../../../src/domain/listing';
import type { PageAnswer } from '../../../src/domain/page-answer';
import type { Listing } from '../../../src/domain/types';
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
