import { describe, expect, it } from 'vitest';
import { CONTACT_TOPIC } from '../../../src/domain/contact';

describe('contact form rules', () => {
  it('takes a topic of lower-case letters, digits and hyphens, or none', () => {
    expect(CONTACT_TOPIC.test('gift-cards-2')).toBe(true);
    expect(CONTACT_TOPIC.test('')).toBe(true);
    expect(CONTACT_TOPIC.test('Sales')).toBe(false);
    expect(CONTACT_TOPIC.test('sales team')).toBe(false);
  });
});
