import { describe, expect, it } from 'vitest';
import { parseHours } from '../../../src/domain/listing-hours';

describe('parseHours (spec 3)', () => {
  it("splits 'day: time' at the first colon", () => {
    expect(parseHours(['Monday: 9:00 AM - 7:00 PM', 'Sunday: Closed', '', 'By appointment'])).toEqual([
      { day: 'Monday', time: '9:00 AM - 7:00 PM' },
      { day: 'Sunday', time: 'Closed' },
      { day: '', time: 'By appointment' },
    ]);
  });
});
