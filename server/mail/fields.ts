/**
 * Input fields of the mail forms. Whatever may reach a mail header is one line and checked on the
 * raw value, before trimming: a CR or LF there is refused (400 naming the field), not cleaned up,
 * so nobody can add a header (`Bcc:`) or a recipient.
 */
import { z } from 'zod';
import { containsLink, INVISIBLE } from './links';

/** Line breaks of any kind (CR, LF, NEL, LS, PS, VT, FF) and the other control characters. */
const NOT_ONE_LINE = /[\p{Cc}\u2028\u2029]/u;

const email = z.email();

/** Why a value is not one bare address, or null when it is one. */
function addressProblem(raw: string): string | null {
  if (NOT_ONE_LINE.test(raw)) return 'must be a single line';
  const address = raw.trim();
  if (!address) return 'is required';
  if (/[,;]/.test(address)) return 'must be one email address';
  if (/[<>"()[\]\\:\s]/.test(address)) return 'must be a bare email address, without a name';
  if (address.length > 254 || !email.safeParse(address).success) return 'must be an email address';
  return null;
}

/** One bare email address ('ana@example.com'): no list, no display name, no header tricks. */
export const bareAddress = () =>
  z.string({ message: 'is required' }).transform((raw, ctx) => {
    const problem = addressProblem(raw);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return raw.trim();
  });

/** A person's name: one line, 1..max characters, no links (it is printed in the mail). */
export const personName = (max: number) =>
  z.string({ message: 'is required' }).transform((raw, ctx) => {
    const name = raw.trim();
    const problem = NOT_ONE_LINE.test(raw)
      ? 'must be a single line'
      : !name
        ? 'is required'
        : name.length > max
          ? `must be at most ${max} characters`
          : containsLink(name)
            ? 'must not contain links'
            : null;
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return name;
  });

/** Free text of a mail body: newlines kept (CRLF as LF), invisible characters dropped, min..max. */
export const freeText = (min: number, max: number) =>
  z
    .string({ message: min ? 'is required' : 'must be text' })
    .transform((raw) => raw.replace(/\r\n?/g, '\n').replace(INVISIBLE, '').trim())
    .pipe(z.string().min(min, 'is required').max(max, `must be at most ${max} characters`));

/** An optional phone number: digits and the usual punctuation, an extension allowed. */
export const phoneNumber = () =>
  z
    .string({ message: 'must be text' })
    .refine((raw) => !NOT_ONE_LINE.test(raw), 'must be a single line')
    .transform((raw) => raw.trim())
    .pipe(
      z
        .string()
        .max(40, 'must be at most 40 characters')
        .regex(/^(?:[+(]?\d[\d\s().-]{4,}(?:\s*(?:x|ext\.?)\s*\d{1,6})?)?$/i, 'must be a phone number'),
    );

/** A positive whole id, also when sent as a string of digits. */
export const entityId = () =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value),
    z
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .positive('must be a positive number')
      .max(Number.MAX_SAFE_INTEGER, 'must be a valid id'),
  );
