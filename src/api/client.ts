import ky, { HTTPError, type KyInstance } from 'ky';
import type { BotCheckAction } from '../domain/constants';
import type { ContentPage, MenuType } from '../domain/content';
import type { GiftCardBalance } from '../domain/gift-card';
import type {
  ContactFeedback,
  Listing,
  ListingCard,
  MenuItem,
  OfferCard,
  OfferWithListing,
  SearchResult,
  ServiceAggregation,
  Suggestions,
  UserLocation,
} from '../domain/types';
import type { TenantConfig } from '../tenant/types';
import { pageTenant } from './page-blocks';

/** What the API answered when a call failed: its status and the `{ error }` text. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    /** Whether `message` is the API's own `{ error }` text rather than the HTTP client's. */
    readonly fromApi = true,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /**
   * The API's words for a refused input, as a visitor reads them: the server says
   * 'email: must be an email address' (field first, for developers); a form says 'Please check the
   * email address: it must be an email address.' Null when the API did not name a field.
   */
  get fieldProblem(): string | null {
    if (!this.field || !this.fromApi) return null;
    const detail = this.message.replace(/^[\w.]+: /, '').replace(/\.$/, '');
    return `Please check the ${FIELD_NAMES[this.field] ?? this.field}: it ${detail}.`;
  }
}

/** How a visitor calls the fields the API names by their JSON keys. */
const FIELD_NAMES: Record<string, string> = { email: 'email address', cardNumber: 'card number', pin: 'PIN' };

export interface ApiOptions {
  /** The tenant's functions endpoint, e.g. https://wellspring.example/api */
  base: string;
  publisherId: number;
  includedPrograms?: string[];
  /**
   * Told of every failed response (after retries) whose URL contains /merchants: spec 7 tracks
   * those as listing errors, from the search and the listing alike.
   */
  onMerchantsFailure?: (failure: { url: string; status: number }) => void;
}

/** The one HTTP client of the browser side: spec 7's headers on every call, typed calls on top. */
/** The headers of every call to the functions endpoint (spec 7). */
function tenantHeaders(publisherId: number, includedPrograms?: string[]): Record<string, string> {
  return {
    'X-Requested-With': 'XMLHttpRequest',
    publisherId: String(publisherId),
    ...(includedPrograms?.length ? { includedPrograms: includedPrograms.join(',') } : {}),
  };
}

export function createApi({ base, publisherId, includedPrograms, onMerchantsFailure }: ApiOptions) {
  const http = ky.create({
    prefixUrl: base,
    timeout: 15_000,
    retry: { limit: 1, methods: ['get'] },
    headers: tenantHeaders(publisherId, includedPrograms),
    hooks: {
      beforeError: [
        (error) => {
          const { pathname } = new URL(error.request.url);
          if (onMerchantsFailure && pathname.includes('/merchants'))
            onMerchantsFailure({ url: error.request.url, status: error.response.status });
          return error;
        },
      ],
    },
  });
  return {
    /** Current offers near a place (or the best rated in the country), nearest first. */
    offersNear: (query: { location?: string; country?: string; size?: number }, signal?: AbortSignal) =>
      call<{ items: OfferCard[]; location: string | null }>(http, 'offers', query, signal),
    /** GET /merchants/{id}: the full listing with its current offers; 404 'Listing not found!'. */
    listing: (id: number, signal?: AbortSignal) => call<Listing>(http, `merchants/${id}`, {}, signal),
    /** GET /merchants/map/{oldId}: the listing an older URL names; its canonicalLink ends with its id. */
    listingByOldId: (oldId: number, signal?: AbortSignal) =>
      call<Listing>(http, `merchants/map/${oldId}`, {}, signal),
    /**
     * GET /offers/{id}?include=listing with the current page's query parameters (spec 7): the
     * offer info and its listing in one request; 404 'Offer not found!'. As for the content calls,
     * the call's own parameter wins a clash: a page's `include` would be a 400.
     */
    offerInfo: (id: number, pageQuery: string, signal?: AbortSignal) => {
      const query = new URLSearchParams(pageQuery);
      query.set('include', 'listing');
      return call<OfferWithListing>(http, `offers/${id}`, query.toString(), signal);
    },
    /** GET /merchants?{query}: one page of the listing search; `query` is `searchToApiQuery`'s. */
    searchMerchants: (query: string, signal?: AbortSignal) =>
      call<SearchResult<ListingCard>>(http, 'merchants', query, signal),
    /**
     * The service aggregations of a search, from its `serviceAggregationUrl` ('/services?url=…',
     * API-relative as the API answers it).
     */
    serviceAggregations: (serviceAggregationUrl: string, signal?: AbortSignal) => {
      const url = new URL(serviceAggregationUrl, 'http://api.invalid');
      return call<ServiceAggregation[]>(http, 'services', url.search.slice(1), signal);
    },
    /** GET /autocomplete?criteria=…: suggestions grouped by type; a failure is an empty set (spec 7). */
    autocomplete: (criteria: Record<string, unknown>, signal?: AbortSignal) =>
      call<Suggestions>(http, 'autocomplete', { criteria: JSON.stringify(criteria) }, signal).catch(
        (): Suggestions => ({}),
      ),
    /** GET /bot-check/challenge: a fresh, signed, single-use proof-of-work challenge for `action`. */
    botChallenge: (action: BotCheckAction, signal?: AbortSignal) =>
      call<unknown>(http, 'bot-check/challenge', { action }, signal),
    /** POST /gift-cards/balance: card data only in the body; a 404 is the one failure answer. */
    giftCardBalance: (body: { cardNumber: string; pin: string; botToken: string }, signal?: AbortSignal) =>
      send<GiftCardBalance>(http, 'gift-cards/balance', body, signal),
    /** POST /shareOfferByEmail: mails the offer to one address; the contact feedback, or an ApiError. */
    shareOfferByEmail: (body: ShareOfferBody, signal?: AbortSignal) =>
      feedback(send<ContactFeedback>(http, 'shareOfferByEmail', body, signal)),
    /** POST /merchants/{id}/contact: a visitor's question mailed to the listing (Reply-To: the visitor). */
    contactListing: (id: number, body: ContactListingBody, signal?: AbortSignal) =>
      feedback(send<ContactFeedback>(http, `merchants/${id}/contact`, body, signal)),
    /** GET /geo/{query}: a place text or 'lat,lon' as a user location; without a query, the IP lookup. */
    geo: (query?: string, signal?: AbortSignal) =>
      call<UserLocation>(http, query ? `geo/${encodeURIComponent(query)}` : 'geo', {}, signal),
  };
}

export type Api = ReturnType<typeof createApi>;

/** The calls of the hosted site for one tenant, by name: spec 7's content (the CMS through our API) and the contact form. */
export function createContentApi(
  base: string,
  { name: tenant, helperInfo }: Pick<TenantConfig, 'name' | 'helperInfo'>,
  pageQuery: () => string = () => '',
) {
  const http = ky.create({
    prefixUrl: base,
    timeout: 15_000,
    retry: { limit: 1, methods: ['get'] },
    headers: tenantHeaders(helperInfo.publisherId, helperInfo.includedPrograms),
  });
  // Spec 7: the page's query string goes with every content call (a CMS preview, a campaign's
  // parameters); the call's own parameters win a clash.
  const get = <T>(path: string, query: Record<string, string> = {}, signal?: AbortSignal) =>
    call<T>(
      http,
      path,
      { ...Object.fromEntries(new URLSearchParams(pageQuery())), ...query, tenant },
      signal,
    );
  return {
    homepage: (signal?: AbortSignal) => get<ContentPage>('wordpress/homepage', {}, signal),
    /** A CMS menu: 'header', 'footer', or the type a tenant's componentsConfig names ('main' is 'header'). */
    menu: (type: MenuType | (string & {}), signal?: AbortSignal) =>
      get<MenuItem[]>('wordpress/menu', { query: type }, signal),
    page: (slug: string, signal?: AbortSignal) => get<ContentPage>('wordpress/page', { query: slug }, signal),
    destination: (term: string, signal?: AbortSignal) =>
      get<ContentPage>('wordpress/destinations', { query: term }, signal),
    serviceContent: (keywords: string, signal?: AbortSignal) =>
      get<ContentPage>(`content/${encodeURIComponent(keywords)}`, {}, signal),
    /** GET /bot-check/challenge: a fresh, signed, single-use proof-of-work challenge for `action`. */
    botChallenge: (action: BotCheckAction, signal?: AbortSignal) =>
      call<unknown>(http, 'bot-check/challenge', { action }, signal),
    /** POST /contact: the contact-us form's message, mailed to the tenant's team; the contact feedback. */
    contact: (message: ContactMessage, signal?: AbortSignal) =>
      send<ContactFeedback>(http, 'contact', { ...message, tenant }, signal),
    /**
     * POST /subscriptions: the subscribe module's sign-up; the server mails a link to confirm
     * (double opt-in). Resolves once the mail went out (or the address is on the list already).
     */
    subscribe: (body: { email: string; botToken: string }, signal?: AbortSignal) =>
      send<{ status: 'pending'; message: string }>(http, 'subscriptions', { ...body, tenant }, signal),
  };
}

export type ContentApi = ReturnType<typeof createContentApi>;

/**
 * GET /tenants/{name}: needs no tenant headers, it is how an element learns its tenant. On the
 * hosted site the page already carries them (pageTenant): no request.
 */
export function fetchTenant(base: string, name: string, signal?: AbortSignal): Promise<TenantConfig> {
  const carried = pageTenant(base, name);
  if (carried) return Promise.resolve(carried);
  return call<TenantConfig>(
    ky.create({ prefixUrl: base, timeout: 15_000 }),
    `tenants/${encodeURIComponent(name)}`,
    {},
    signal,
  );
}

/** A POST with a JSON body; errors become ApiError like those of GETs. */
async function send<T>(http: KyInstance, path: string, body: unknown, signal?: AbortSignal): Promise<T> {
  return toApiError(() => http.post(path, { json: body, signal, retry: 0 }).json<T>());
}

async function call<T>(
  http: KyInstance,
  path: string,
  query: Record<string, string | number | undefined> | string,
  signal?: AbortSignal,
): Promise<T> {
  // A string is a query string built by the domain's codec (searchToApiQuery), sent as is.
  const searchParams =
    typeof query === 'string'
      ? query
      : Object.fromEntries(
          Object.entries(query).filter(
            (entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '',
          ),
        );
  return toApiError(() => http.get(path, { searchParams, signal }).json<T>());
}

/** Runs a request; an HTTP error answer becomes an ApiError with the API's `{ error, field }`. */
async function toApiError<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof HTTPError) {
      const body = (await error.response.json().catch(() => ({}))) as { error?: string; field?: string };
      throw new ApiError(
        error.response.status,
        body.error ?? error.message,
        body.field,
        typeof body.error === 'string',
      );
    }
    throw error;
  }
}

/** POST /shareOfferByEmail: the server writes the mail from the offer id. */
export interface ShareOfferBody {
  offerId: number;
  /** The one recipient: a bare address. */
  email: string;
  /** The sender's name: one line, 1-80 characters, no links. */
  name: string;
  /** Plain text, at most 500 characters; links and tags are removed from the mail. */
  note?: string;
  /** A single-use bot check token (`botToken()` of src/api/bot-check). */
  botToken: string;
}

/** POST /merchants/{id}/contact: the visitor's question to an approved listing. */
export interface ContactListingBody {
  name: string;
  /** The visitor's own address: the business replies to it. */
  email: string;
  phone?: string;
  /** 1-2000 characters. */
  message: string;
  botToken: string;
}

/** POST /contact: the contact-us form (limits: CONTACT_FORM_LIMITS of src/domain/contact). */
export interface ContactMessage {
  name: string;
  email: string;
  /** One of the form's topic values, or ''. */
  topic: string;
  message: string;
  /** A single-use bot check token for `contact_us` (`botToken()` of src/api/bot-check). */
  botToken: string;
}

/** Spec 8: an answer that carries an error fails the action with its message. */
async function feedback(answer: Promise<ContactFeedback>): Promise<ContactFeedback> {
  const result = await answer;
  if (result.error) throw new ApiError(200, result.error);
  return result;
}
