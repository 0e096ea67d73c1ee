/** Money as the pages, elements and mails show it (en-US formatting, the tenant's or card's currency). */

/**
 * Which cents an amount shows:
 * - 'if-any': none on whole amounts, up to two otherwise: '$80', '$42.5' (listing and offer pages, mails);
 * - 'never': rounded to whole units: '$43' (the compact carousel cards);
 * - 'always': the currency's own minor units: '$42.50', '-$25.00' (a card balance and its history).
 */
export type Cents = 'if-any' | 'never' | 'always';

const DIGITS: Record<Cents, Intl.NumberFormatOptions> = {
  'if-any': { minimumFractionDigits: 0, maximumFractionDigits: 2 },
  never: { minimumFractionDigits: 0, maximumFractionDigits: 0 },
  always: {},
};

// A formatter is costly to make and pages format many prices: one per currency and style.
const formatters = new Map<string, Intl.NumberFormat>();

/**
 * An amount of `currency` (ISO 4217, e.g. 'USD'), e.g. '$80' or '$42.5'.
 * @param options.cents - @default 'if-any'
 */
export function formatMoney(
  amount: number,
  currency: string,
  { cents = 'if-any' }: { cents?: Cents } = {},
): string {
  const key = `${currency} ${cents}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency, ...DIGITS[cents] });
    formatters.set(key, formatter);
  }
  return formatter.format(amount);
}
