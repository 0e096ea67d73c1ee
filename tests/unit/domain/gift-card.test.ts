import { describe, expect, it } from 'vitest';
import { CARD_NUMBER_PATTERN, cardNumberDigits, PIN_PATTERN } from '../../../src/domain/gift-card';

describe('gift card number and PIN rules (spec 2.9)', () => {
  it('takes the spaces and hyphens out of a typed card number', () => {
    expect(cardNumberDigits('6036 1100-4700 1823')).toBe('6036110047001823');
    expect(cardNumberDigits(' 6036\t1100 ')).toBe('60361100');
  });

  it('accepts 12 to 19 digits as a card number, and nothing else', () => {
    expect(CARD_NUMBER_PATTERN.test('1'.repeat(12))).toBe(true);
    expect(CARD_NUMBER_PATTERN.test('1'.repeat(19))).toBe(true);
    expect(CARD_NUMBER_PATTERN.test('1'.repeat(11))).toBe(false);
    expect(CARD_NUMBER_PATTERN.test('1'.repeat(20))).toBe(false);
    expect(CARD_NUMBER_PATTERN.test('6036 1100 4700')).toBe(false);
    expect(CARD_NUMBER_PATTERN.test('60361100470a')).toBe(false);
  });

  it('accepts a PIN of 4 to 8 digits, leading zeros included', () => {
    expect(PIN_PATTERN.test('0012')).toBe(true);
    expect(PIN_PATTERN.test('12345678')).toBe(true);
    expect(PIN_PATTERN.test('123')).toBe(false);
    expect(PIN_PATTERN.test('123456789')).toBe(false);
    expect(PIN_PATTERN.test('12 34')).toBe(false);
  });
});
