/**
 * The mails the API sends, as plain text: a shared offer, a visitor's question to a listing and a
 * message from the contact-us form. Everything but the visitor's own words comes from our records.
 */
import { formatMoney } from '../../src/domain/money';
import { offerExpiryLabel, offerPercentOff, offerTotalPrice } from '../../src/domain/offer';
import { canonicalUrl } from '../../src/domain/slug';
import type { Offer, OfferInfo } from '../../src/domain/types';
import type { TenantConfig } from '../../src/tenant';
import { listsOrigin } from '../cors';
import { HttpError } from '../http';
import { stripLinks } from './links';

type Headers = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** host, host:port, [v6]:port; nothing that could carry a path or a second URL. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** Names that only reach this machine: a forged one cannot send a mail reader elsewhere. */
const LOCAL_HOST = /^(?:localhost|[a-z0-9-]+\.localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * The site base the links in a mail point to: the tenant's canonical endpoint when it is
 * absolute; else the page's Origin when it is an allowed origin; else http://{Host}, but only
 * for a host of ours (a local name, or one of `trustedHosts`, the TENANT_HOSTS names): a mail
 * with our name on it must never link to a host an attacker typed into a request. Production
 * tenants should have an absolute canonical endpoint.
 */
export function siteBase(
  tenant: TenantConfig,
  headers: Headers,
  trustedHosts: ReadonlySet<string> = new Set(),
): string {
  const canonical = tenant.endpoints.canonical;
  if (/^https?:\/\//i.test(canonical)) return canonical;
  const origin = first(headers.origin);
  // Only an origin of this tenant: another tenant's partner is no place to send its visitors.
  if (origin && origin !== 'null' && listsOrigin(tenant, origin)) return origin;
  const host = first(headers.host);
  if (!host || !HOST.test(host)) {
    throw new HttpError(400, 'host: the Host header must be a host name', 'host');
  }
  const name = host.toLowerCase().replace(/:\d+$/, '');
  if (!LOCAL_HOST.test(name) && !trustedHosts.has(name)) {
    throw new HttpError(400, 'host: not a host of this site; set the tenant canonical endpoint', 'host');
  }
  return `http://${host.toLowerCase()}`;
}

/** A header line of ours: whitespace runs (line breaks included) become one space. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** 'Price: $80 (was $100), 20% off' as the offer cards show it; '' with nothing to say. */
export function priceLine(offer: Offer, currency: string): string {
  const total = offerTotalPrice(offer);
  const percent = offerPercentOff(offer);
  const parts: string[] = [];
  if (total > 0) {
    const was = offer.price && offer.price > total ? ` (was ${formatMoney(offer.price, currency)})` : '';
    parts.push(`Price: ${formatMoney(total, currency)}${was}`);
  }
  if (percent) parts.push(`${percent}% off`);
  return parts.join(', ');
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export interface ShareOfferInput {
  tenant: TenantConfig;
  info: OfferInfo;
  senderName: string;
  note: string;
  /** The site base for the offer link (siteBase). */
  site: string;
  now: Date;
}

/** The shared offer: the sender's note without links, then the offer from our records. */
export function shareOfferMail({ tenant, info, senderName, note, site, now }: ShareOfferInput) {
  const { offer, location } = info;
  const link = canonicalUrl(site, info.canonicalLink);
  const place = [location.city, location.stateOrProvinceCode].filter(Boolean).join(', ');
  const expiry = offerExpiryLabel(offer.endDate, now);
  const cleanNote = stripLinks(note);
  const lines = [
    `${senderName} thought you would like this offer on ${tenant.brandName}.`,
    ...(cleanNote ? ['', `${senderName} wrote:`, cleanNote] : []),
    '',
    offer.title,
    ...(offer.subTitle ? [offer.subTitle] : []),
    ...[priceLine(offer, tenant.helperInfo.currency), expiry && capitalise(expiry)].filter(Boolean),
    `${info.name}${place ? `, ${place}` : ''}`,
    '',
    `See the offer: ${link}`,
    '',
    '--',
    `${senderName} entered your address on ${tenant.brandName} to send you this offer.`,
    'We keep no list of addresses: you hear from us again only if someone',
    'shares another offer with you.',
    `Questions: ${tenant.helperInfo.customerServiceEmail}`,
  ];
  return {
    subject: oneLine(`${senderName} shared an offer with you: ${offer.title}`),
    text: lines.join('\n'),
    link,
  };
}

export interface ContactListingInput {
  tenant: TenantConfig;
  listing: { name: string; canonicalLink: string };
  visitor: { name: string; email: string; phone: string; message: string };
  site: string;
}

/** A visitor's question to a listing; the listing answers by replying (Reply-To: the visitor). */
export function contactListingMail({ tenant, listing, visitor, site }: ContactListingInput) {
  const link = canonicalUrl(site, listing.canonicalLink);
  const lines = [
    `${visitor.name} asked ${listing.name} a question on ${tenant.brandName}:`,
    '',
    visitor.message,
    '',
    `Name: ${visitor.name}`,
    `Email: ${visitor.email}`,
    ...(visitor.phone ? [`Phone: ${visitor.phone}`] : []),
    '',
    `Reply to this email to answer ${visitor.name}.`,
    '',
    '--',
    `Sent from your listing page on ${tenant.brandName}:`,
    link,
    `Questions: ${tenant.helperInfo.customerServiceEmail}`,
  ];
  return {
    subject: oneLine(`Question from ${visitor.name} on ${tenant.brandName}`),
    text: lines.join('\n'),
  };
}

export interface ContactUsInput {
  tenant: TenantConfig;
  visitor: { name: string; email: string; topic: string; message: string };
}

/** A visitor's message from the contact-us form to the tenant's team, who answer by replying. */
export function contactUsMail({ tenant, visitor }: ContactUsInput) {
  const lines = [
    `${visitor.name} wrote through the contact form of ${tenant.brandName}:`,
    '',
    visitor.message,
    '',
    `Name: ${visitor.name}`,
    `Email: ${visitor.email}`,
    ...(visitor.topic ? [`Topic: ${visitor.topic}`] : []),
    '',
    `Reply to this email to answer ${visitor.name}.`,
  ];
  return {
    subject: oneLine(
      `Contact form${visitor.topic ? ` (${visitor.topic})` : ''}: ${visitor.name} on ${tenant.brandName}`,
    ),
    text: lines.join('\n'),
  };
}
