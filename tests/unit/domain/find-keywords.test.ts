import { describe, expect, it } from 'vitest';
import { findPathKeywords } from '../../../src/domain/find-keywords';

describe('findPathKeywords (spec 2.3)', () => {
  it.each([
    ['/find/massages', 'Massages'],
    ['/find/facials', 'Facials'],
    ['/find/ayurveda', 'Ayurveda'],
    ['/find/yoga-classes', 'Yoga Classes'],
    ['/find/yoga', 'Yoga Classes'],
    ['/find/pilates', 'Pilates Classes'],
    ['/find/botox', 'Botox'],
    ['/find/acupuncture', 'Acupuncture'],
    ['/find/waxing', 'Waxing'],
    ['/find/manicure', 'Manicure'],
    ['/find/gel-manicure', 'Manicure'],
    ['/find/manicure-pedicure', 'Manicure'],
    ['/find/mani-pedi', 'Manicure'],
  ])('%s -> %s', (path, keywords) => {
    expect(findPathKeywords(path)).toBe(keywords);
  });

  it('ignores case, surrounding slashes, query and the find/ prefix', () => {
    expect(findPathKeywords('/find/Yoga-Classes/')).toBe('Yoga Classes');
    expect(findPathKeywords('massages')).toBe('Massages');
    expect(findPathKeywords('/find/botox?utm_source=blog')).toBe('Botox');
  });

  it('gives null for paths without automatic keywords', () => {
    expect(findPathKeywords('/find/best-spas-in-austin')).toBeNull();
    expect(findPathKeywords('/find/')).toBeNull();
    expect(findPathKeywords('/find/toString')).toBeNull();
    expect(findPathKeywords('/find/constructor')).toBeNull();
  });
});
