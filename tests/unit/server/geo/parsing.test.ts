import { describe, expect, it } from 'vitest';
import { parsePlaceText, regionSuffixes } from '../../../../server/geo/parsing';

describe('parsePlaceText', () => {
  it('reads a lat,lon pair, and nothing for one out of range', () => {
    expect(parsePlaceText(' 30.27 , -97.74 ')).toEqual({
      kind: 'coordinates',
      latitude: 30.27,
      longitude: -97.74,
    });
    expect(parsePlaceText('100,0')).toBeNull();
    expect(parsePlaceText('0,181')).toBeNull();
  });

  it('reads nothing from empty or overlong text', () => {
    expect(parsePlaceText('   ')).toBeNull();
    expect(parsePlaceText('a'.repeat(201))).toBeNull();
  });

  it('reads a whole text that is a ZIP or a Canadian postal code, keeping the code as typed', () => {
    expect(parsePlaceText('78701-1234')).toEqual({
      kind: 'postal',
      postal: { countryCode: 'US', area: '78701', code: '78701-1234' },
    });
    expect(parsePlaceText('m5v 3l9')).toEqual({
      kind: 'postal',
      postal: { countryCode: 'CA', area: 'M5V', code: 'M5V 3L9' },
    });
    expect(parsePlaceText('m5v')).toEqual({
      kind: 'postal',
      postal: { countryCode: 'CA', area: 'M5V', code: 'M5V' },
    });
  });

  it('splits names into folded parts and keeps a trailing postal code apart', () => {
    expect(parsePlaceText('Austin, TX 78701')).toEqual({
      kind: 'names',
      parts: ['austin', 'tx'],
      postal: { countryCode: 'US', area: '78701', code: '78701' },
    });
    expect(parsePlaceText('St. Louis,, Missouri')).toEqual({
      kind: 'names',
      parts: ['st louis', 'missouri'],
    });
  });

  it('takes a country off the end, as its own part or as the last words of one part', () => {
    expect(parsePlaceText('Montréal, Québec, Canada')).toEqual({
      kind: 'names',
      parts: ['montreal', 'quebec'],
      country: 'CA',
    });
    expect(parsePlaceText('Toronto Canada')).toEqual({ kind: 'names', parts: ['toronto'], country: 'CA' });
    expect(parsePlaceText('USA')).toEqual({ kind: 'names', parts: [], country: 'US' });
  });
});

describe('regionSuffixes', () => {
  it('offers the last one to four words as a region, longest first', () => {
    expect(regionSuffixes('salt lake city utah')).toEqual([
      { city: 'salt', region: 'lake city utah' },
      { city: 'salt lake', region: 'city utah' },
      { city: 'salt lake city', region: 'utah' },
    ]);
    expect(regionSuffixes('austin')).toEqual([]);
  });
});
