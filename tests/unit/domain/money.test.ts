import { describe, expect, it } from 'vitest';
import { formatMoney, type Cents } from '../../../src/domain/money';

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

  it("writes dollars exactly as Intl's en-US currency format does, rounding included", () => {
    const digits: Record<Cents, Intl.NumberFormatOptions> = {
      'if-any': { minimumFractionDigits: 0, maximumFractionDigits: 2 },
      never: { minimumFractionDigits: 0, maximumFractionDigits: 0 },
      always: {},
    };
    // Halves at each rounding place, values a double cannot hold exactly, signs, zero, large
    // amounts, and a seeded spread of prices and balances.
    const amounts = [0, -0, 0.5, 1.005, 2.5, -2.5, 42.555, 42.5, 0.004, -0.004, 0.995, 9.995];
    amounts.push(99.999, 999999.995, 1234567.891, -25, 123456789012, 1e-7, 5e20, 1.5e21);
    let seed = 7;
    for (let i = 0; i < 400; i++) {
      seed = (seed * 48271) % 2147483647;
      amounts.push(((seed % 2000000) - 400000) / (i % 3 === 0 ? 1000 : 100));
    }
    for (const currency of ['USD', 'CAD']) {
      for (const cents of Object.keys(digits) as Cents[]) {
        const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency, ...digits[cents] });
        for (const amount of amounts) {
          expect(formatMoney(amount, currency, { cents }), `${amount} ${currency} ${cents}`).toBe(
            intl.format(amount),
          );
        }
      }
    }
  });
});
