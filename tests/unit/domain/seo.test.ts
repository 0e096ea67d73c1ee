import { describe, expect, it } from 'vitest';
import { metaDescription, pageHead } from '../../../src/domain/seo';

describe('metaDescription', () => {
  it('keeps a short text, whitespace collapsed', () => {
    expect(metaDescription('  A calm\n\nday   spa. ')).toBe('A calm day spa.');
  });

  it('cuts a long text at the last whole word within the limit and marks the cut', () => {
    const text = 'word '.repeat(60);
    const cut = metaDescription(text, 30);
    expect(cut.length).toBeLessThanOrEqual(30);
    expect(cut).toBe('word word word word word word…');
  });

  it('drops trailing punctuation before the ellipsis', () => {
    expect(metaDescription('Massages, facials, and more for everyone here', 20)).toBe('Massages, facials…');
  });
});

describe('pageHead', () => {
  const location = { normalizedLocation: 'Austin, TX' } as never;
  it('titles a listing page with its name, place and brand', () => {
    expect(
      pageHead(
        { listing: { name: 'Glow Spa', businessDescription: 'Calm.', location }, offer: null },
        { brandName: 'SpaHaven' },
      ),
    ).toEqual({ title: 'Glow Spa - Austin, TX | SpaHaven', description: 'Calm.' });
  });

  it("titles an offer page with the offer's SEO title (spec 9: 40 characters) and the business", () => {
    const offer = {
      id: 7,
      title: 'An exceptionally long offer title that runs on and on',
      subTitle: 'Massage for two',
      description: '',
    };
    const head = pageHead(
      { listing: null, offer: { offer: offer as never, name: 'Glow Spa', location } },
      { brandName: 'SpaHaven' },
    );
    expect(head.title).toBe('Massage for two at Glow Spa | SpaHaven');
    expect(head.description).toBe(`${offer.title} at Glow Spa, Austin, TX.`);
  });
});
