import { describe, expect, it } from 'vitest';
import { SERVICE_PAIR_SEPARATOR, servicePairs } from '../../../../server/search/query';

const pair = (category: string, option: string) => `${category}${SERVICE_PAIR_SEPARATOR}${option}`;

describe('servicePairs (what the service aggregations count of a listing)', () => {
  it('holds each category, and each option with its category', () => {
    expect(
      servicePairs([
        { category: 'Massages', options: ['Swedish Massage', 'Hot Stone Massage'] },
        { category: 'Facials', options: [] },
      ]),
    ).toEqual([
      'Massages',
      pair('Massages', 'Swedish Massage'),
      pair('Massages', 'Hot Stone Massage'),
      'Facials',
    ]);
  });

  it('holds a category or an option once however often the record repeats it', () => {
    const pairs = servicePairs([
      { category: 'Massages', options: ['Swedish Massage', 'Swedish Massage'] },
      { category: 'Massages', options: ['Swedish Massage', 'Sports Massage'] },
    ]);
    expect(pairs).toEqual([
      'Massages',
      pair('Massages', 'Swedish Massage'),
      pair('Massages', 'Sports Massage'),
    ]);
  });

  it('keeps an option apart under each category that lists it', () => {
    const pairs = servicePairs([
      { category: 'Massages', options: ['Couples'] },
      { category: 'Facials', options: ['Couples'] },
    ]);
    expect(pairs).toContain(pair('Massages', 'Couples'));
    expect(pairs).toContain(pair('Facials', 'Couples'));
  });
});
