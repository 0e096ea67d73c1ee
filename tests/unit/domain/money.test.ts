import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../src/domain/money';

describe('formatMoney', () => {
  it('shows whole amounts without cents and others with up to two decimals by default', () => {
    expect(formatMoney(80, 'USD')).toBe('$80');
    expect(formatMoney(42.5, 'USD')).toBe('$42.5');
    expect(formatMoney(42.555, 'USD')).toBe('$42.56');
    expect(formatMoney(1234.5, 'USD')).toBe('$1,234.5');
  });

  it("rounds to whole units with cents 'never'", () => {
    expect(formatMoney(80, 'USD', { cents: 'never' })).toBe('$80');
    expect(formatMoney(42.5, 'USD', { cents: 'never' })).toBe('$43');
    expect(formatMoney(1234.5, 'USD', { cents: 'never' })).toBe('$1,235');
  });

  it("shows the currency's minor units with cents 'always'", () => {
    expect(formatMoney(42.5, 'USD', { cents: 'always' })).toBe('$42.50');
    expect(formatMoney(-25, 'USD', { cents: 'always' })).toBe('-$25.00');
  });

  it('writes other currencies with their en-US symbol', () => {
    expect(formatMoney(5, 'CAD')).toBe('CA$5');
    expect(formatMoney(5, 'CAD', { cents: 'always' })).toBe('CA$5.00');
  });

  it('keeps one formatter per currency and style: a second currency does not change the first', () => {
    expect(formatMoney(5, 'EUR')).toBe('€5');
    expect(formatMoney(5, 'USD')).toBe('$5');
    expect(formatMoney(5, 'USD', { cents: 'always' })).toBe('$5.00');
  });
});
