import { describe, expect, it } from 'vitest';
import {
  adBannerSize,
  autoplayDelay,
  headerMinHeight,
  heroSlides,
  leadImages,
  logoScale,
  slidesForWidth,
} from '../../../src/domain/display';
import { longDate } from '../../../src/domain/calendar';
import { formatCount, truncateText } from '../../../src/domain/text';
import { cardImage, resizeImageUrl } from '../../../src/domain/images';
import type { ContentPage } from '../../../src/domain/content';

describe('formatCount', () => {
  it('writes whole numbers with en-US thousands separators, as toLocaleString does', () => {
    for (const count of [0, 7, 999, 1000, 1001, 43210, 1000000, 1234567, 987654321, -1234]) {
      expect(formatCount(count)).toBe(count.toLocaleString('en-US'));
    }
  });

  it('drops a fraction rather than rounding a count up', () => {
    expect(formatCount(1999.9)).toBe('1,999');
  });
});

describe('longDate', () => {
  it('writes a day as en-US does in full, as toLocaleDateString does', () => {
    for (const date of ['2025-03-04', '2024-12-31', '1999-01-01', '2026-11-26', '2024-02-29']) {
      const [year, month, day] = date.split('-').map(Number) as [number, number, number];
      const expected = new Date(Date.UTC(year, month - 1, day)).toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        timeZone: 'UTC',
      });
      expect(longDate(date)).toBe(expected);
    }
  });

  it('gives back text that is not such a date', () => {
    for (const text of ['Spring 2025', '2025-13-01', '2025-00-10', '2025-03-00', '2025-3-4', '']) {
      expect(longDate(text)).toBe(text);
    }
  });
});

describe('truncateText (spec 5)', () => {
  it('cuts at the last space within 15 characters by default', () => {
    expect(truncateText('Relaxing spa day retreat')).toBe('Relaxing spa...');
  });

  it('keeps a word that ends exactly at the limit', () => {
    expect(truncateText('Hello world foo bar')).toBe('Hello world foo...');
  });

  it('returns texts that fit unchanged', () => {
    expect(truncateText('Fifteen chars!!')).toBe('Fifteen chars!!');
    expect(truncateText('')).toBe('');
  });

  it('cuts inside a first word longer than the limit', () => {
    expect(truncateText('Supercalifragilistic spa')).toBe('Supercalifragil...');
  });

  it('takes a limit and a suffix', () => {
    expect(truncateText('Hot stone massage', 10, '…')).toBe('Hot stone…');
  });
});

describe('slidesForWidth (spec 9)', () => {
  it.each([
    [320, 1],
    [480, 1],
    [481, 2],
    [960, 2],
    [961, 3],
    [1200, 3],
    [1201, 4],
    [2560, 4],
  ])('%i px -> %i', (width, slides) => {
    expect(slidesForWidth(width)).toBe(slides);
  });
});

describe('sizes by breakpoint (spec 9)', () => {
  it('ad banner sizes', () => {
    expect(adBannerSize(959)).toEqual({ width: 300, height: 250 });
    expect(adBannerSize(960)).toEqual({ width: 728, height: 90 });
  });

  it('header heights', () => {
    expect(headerMinHeight('sm')).toBe(360);
    expect(headerMinHeight('md')).toBe(360);
    expect(headerMinHeight('lg')).toBe(410);
    expect(headerMinHeight('xs')).toBe(210);
    expect(headerMinHeight('xl')).toBe(210);
  });

  it('scales a logo taller than 40 by 0.7 on small screens only', () => {
    expect(logoScale(41, true)).toBe(0.7);
    expect(logoScale(40, true)).toBe(1);
    expect(logoScale(80, false)).toBe(1);
  });
});

describe('autoplayDelay (spec 9)', () => {
  it('is 7000 ms plus a random 0..2999 ms', () => {
    expect(autoplayDelay(() => 0)).toBe(7000);
    expect(autoplayDelay(() => 0.5)).toBe(8500);
    expect(autoplayDelay(() => 0.99999)).toBe(9999);
    expect(autoplayDelay(() => 1)).toBe(9999);
  });
});

describe('cardImage', () => {
  it("is a listing's first image, else the tenant's default card image", () => {
    const images = (...urls: string[]) => ({ images: urls.map((url) => ({ url })) });
    expect(cardImage(images('/media/a.svg', '/media/b.svg'), '/media/card.svg')).toBe('/media/a.svg');
    expect(cardImage(images(), '/media/card.svg')).toBe('/media/card.svg');
    expect(cardImage(images(''), '/media/card.svg')).toBe('/media/card.svg');
  });
});

describe('resizeImageUrl (spec 9)', () => {
  const base = 'https://img.example/resize';

  it('rewrites to the resizer at 360x260 by default', () => {
    expect(resizeImageUrl('https://cdn.example/a b.jpg', base)).toBe(
      'https://img.example/resize?url=https%3A%2F%2Fcdn.example%2Fa+b.jpg&width=360&height=260',
    );
  });

  it('takes a size and a base with a query', () => {
    expect(resizeImageUrl('/img/a.jpg', 'https://img.example/r?key=1', { width: 100.4, height: 50 })).toBe(
      'https://img.example/r?key=1&url=%2Fimg%2Fa.jpg&width=100&height=50',
    );
  });

  it('leaves empty, data, already resized URLs and a missing resizer alone', () => {
    expect(resizeImageUrl('', base)).toBe('');
    expect(resizeImageUrl('data:image/png;base64,AAA', base)).toBe('data:image/png;base64,AAA');
    const resized = resizeImageUrl('https://cdn.example/a.jpg', base);
    expect(resizeImageUrl(resized, base)).toBe(resized);
    expect(resizeImageUrl('https://cdn.example/a.jpg', '')).toBe('https://cdn.example/a.jpg');
  });
});

describe('heroSlides (spec 5)', () => {
  const slides = [
    {
      link: '/a',
      image: 'a.jpg',
      image_mobile: 'a-m.jpg',
      alt_text: 'A',
      slide_title: 'A',
      slide_title_mobile: 'A m',
    },
    { link: '/b', image: 'b.jpg', image_mobile: '', alt_text: 'B', slide_title: 'B', slide_title_mobile: '' },
    {
      link: '/c',
      image: '',
      image_mobile: 'c-m.jpg',
      alt_text: 'C',
      slide_title: 'C',
      slide_title_mobile: '',
    },
  ];

  it('drops slides without an image for the breakpoint', () => {
    expect(heroSlides(slides, false).map((slide) => slide.image)).toEqual(['a.jpg', 'b.jpg']);
    expect(heroSlides(slides, true).map((slide) => slide.image)).toEqual(['a-m.jpg', 'c-m.jpg']);
  });

  it('uses the mobile title on mobile, falling back to the title', () => {
    expect(heroSlides(slides, true).map((slide) => slide.title)).toEqual(['A m', 'C']);
  });
});

describe('leadImages', () => {
  const page = (modules: unknown[]) => ({ 'custom-fields': { modules } }) as unknown as ContentPage;
  const hero = { acf_fc_layout: 'hero', image: '/wide.jpg', image_mobile: '/narrow.jpg' };

  it('is the opening hero’s image, its mobile image on phones', () => {
    expect(leadImages(page([hero, { acf_fc_layout: 'text' }]))).toEqual({
      mobile: '/narrow.jpg',
      desktop: '/wide.jpg',
    });
    expect(leadImages(page([{ ...hero, image_mobile: '' }]))).toEqual({
      mobile: '/wide.jpg',
      desktop: '/wide.jpg',
    });
  });

  it('is the first slide a carousel shows at each width', () => {
    const slides = [
      { image: '/desktop-only.jpg', image_mobile: '' },
      { image: '/both.jpg', image_mobile: '/both-m.jpg' },
    ];
    expect(leadImages(page([{ acf_fc_layout: 'carousel_search', slides }]))).toEqual({
      mobile: '/both-m.jpg',
      desktop: '/desktop-only.jpg',
    });
  });

  it('is none when the page opens with text, or with an image further down', () => {
    expect(leadImages(page([{ acf_fc_layout: 'text' }, hero]))).toEqual({ mobile: '', desktop: '' });
    expect(leadImages(page([]))).toEqual({ mobile: '', desktop: '' });
  });
});
