import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isSafeUrl, safeListingLinks, safeUrl } from '../../../src/domain/links';
import type { Listing } from '../../../src/domain/types';

describe('safeUrl', () => {
  it.each([
    'https://spa.example.com/book',
    'http://spa.example.com',
    'HTTPS://SPA.EXAMPLE.COM/',
    'mailto:hello@spa.example.com?subject=Hi',
    'tel:+15125550100',
    '/find/massages',
    '/search?filters=eyJhIjoxfQ',
    '/',
    '?page=2',
    '#faq',
  ])('keeps %s', (url) => {
    expect(safeUrl(url)).toBe(url);
  });

  it('trims surrounding space', () => {
    expect(safeUrl('  https://spa.example.com  ')).toBe('https://spa.example.com');
    expect(safeUrl('\n/about ')).toBe('/about');
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    '  javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'javascript\u0000:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'blob:https://spa.example.com/1',
    'ftp://spa.example.com',
    '//evil.example.com',
    '/\\evil.example.com',
    'https:/\\evil.example.com',
    'http:evil.example.com',
    'https://',
    'mailto:',
    'www.example.com',
    'page.html',
    'javascript&colon;alert(1)',
    '',
    '   ',
  ])('refuses %j', (url) => {
    expect(safeUrl(url)).toBe('');
    expect(isSafeUrl(url)).toBe(false);
  });

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 42, {}, ['https://x.example']]) expect(safeUrl(value)).toBe('');
  });

  it('never lets a scheme other than http(s), mailto or tel through, whatever the text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const kept = safeUrl(text);
        if (!kept) return true;
        // What a browser would resolve it to, on one of our pages.
        const resolved = new URL(kept, 'https://site.example/page');
        return ['http:', 'https:', 'mailto:', 'tel:'].includes(resolved.protocol);
      }),
    );
  });

  it('keeps paths on the same site', () => {
    fc.assert(
      fc.property(fc.webPath(), (path) => {
        const kept = safeUrl(path);
        return !kept || new URL(kept, 'https://site.example/page').origin === 'https://site.example';
      }),
    );
  });
});

describe('safeListingLinks', () => {
  const listing = {
    website: 'javascript:alert(1)',
    merchantUrl: '/site/glow-spa-1',
    scheduleLink: 'data:text/html,x',
    servicePdfUrl: '/media/services-menu.pdf',
    location: { city: 'Austin', website: 'vbscript:x' },
    videos: ['https://youtu.be/abcdefghijk', 'javascript:alert(1)'],
    images: [
      { url: '/media/spa-1.svg', seoUrl: '', caption: '' },
      { url: 'javascript:alert(1)', seoUrl: '', caption: '' },
    ],
    socialNetworks: [
      { type: 'facebook', url: 'facebook.com/glow' },
      { type: 'twitter', url: 'javascript:alert(1)' },
    ],
    annualAwards: [
      {
        year: 2024,
        awards: [
          { url: '/best-of/austin-tx', name: 'Best of', title: 'Best spa' },
          { url: 'javascript:alert(1)', name: 'Bad', title: 'Bad' },
        ],
      },
    ],
    roomAndDiningImage: { url: 'javascript:x', seoUrl: '', caption: '' },
    facilityAndAmenityImage: { url: '/media/a.svg', seoUrl: '', caption: '' },
  } as unknown as Listing;

  it('empties bad links and drops bad videos, images and social networks', () => {
    const safe = safeListingLinks(listing);
    expect(safe.website).toBe('');
    expect(safe.merchantUrl).toBe('/site/glow-spa-1');
    expect(safe.scheduleLink).toBe('');
    expect(safe.servicePdfUrl).toBe('/media/services-menu.pdf');
    expect(safe.location.website).toBe('');
    expect(safe.location.city).toBe('Austin');
    expect(safe.videos).toEqual(['https://youtu.be/abcdefghijk']);
    expect(safe.images.map((image) => image.url)).toEqual(['/media/spa-1.svg']);
    expect(safe.socialNetworks.map((network) => network.type)).toEqual(['facebook']);
    expect(safe.annualAwards[0]!.awards.map((award) => award.url)).toEqual(['/best-of/austin-tx', '']);
    expect(safe.roomAndDiningImage).toBeNull();
    expect(safe.facilityAndAmenityImage?.url).toBe('/media/a.svg');
  });

  it('leaves absent fields absent and does not change its argument', () => {
    const before = JSON.stringify(listing);
    expect(safeListingLinks({ website: 'https://a.example' })).toEqual({ website: 'https://a.example' });
    safeListingLinks(listing);
    expect(JSON.stringify(listing)).toBe(before);
  });
});
