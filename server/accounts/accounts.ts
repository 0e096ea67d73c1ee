/**
 * Accounts as this server has them. A Firebase project (FIREBASE_PROJECT_ID) or the Auth emulator
 * (FIREBASE_AUTH_EMULATOR_HOST, or the one `npm start` starts in demo mode) turns them on; without
 * either, sign-in is not offered and `reason` says why. The emulator may come up after the site
 * is serving: `enable` is called then, and sign-in appears from the next page.
 */
import type { TenantConfig } from '../../src/tenant';
import { ConfigError } from '../config';
import type { Sources } from '../security-headers';
import { createTokenVerifier, type TokenVerifier } from './tokens';

/** A tenant's Firebase web app config: public values, as the Firebase console shows them. */
export interface WebConfig {
  apiKey: string;
  authDomain: string;
  appId?: string;
  /**
   * Offer Google sign-in (the header's 'Continue with Google', the subscribe module's 'Subscribe
   * with Google') besides email and password. @default false
   */
  google?: boolean;
}

export interface Accounts {
  /** The verifier in force; null while sign-in is off. */
  verifier: TokenVerifier | null;
  /** Why sign-in is off (for the log and the browser), or '' when it is on. */
  reason: string;
  /** The local emulator is on its way: the browser asks again in a moment. */
  starting: boolean;
  projectId: string;
  /**
   * http://127.0.0.1:9199 when tokens come from the emulator (or will, once it has started): the
   * browser SDK connects there.
   */
  emulatorUrl: string | undefined;
  /** The web config of a tenant, or undefined when that tenant has none. */
  webConfig(tenant: string): WebConfig | undefined;
  /** Turns sign-in on with the emulator at `host` (host:port). */
  enableEmulator(host: string): void;
}

/**
 * FIREBASE_WEB_CONFIG: JSON, either one web config for every tenant or one per tenant name
 * (`{"spa": {"apiKey": "…", "authDomain": "…"}}`). With the emulator a placeholder serves.
 */
function parseWebConfigs(raw: string | undefined): (tenant: string) => WebConfig | undefined {
  if (!raw?.trim()) return () => undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError('FIREBASE_WEB_CONFIG must be JSON: a web config, or one per tenant name');
  }
  const isConfig = (value: unknown): value is WebConfig =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as WebConfig).apiKey === 'string' &&
    typeof (value as WebConfig).authDomain === 'string';
  if (isConfig(parsed)) return () => parsed;
  if (typeof parsed !== 'object' || parsed === null || !Object.values(parsed).every(isConfig))
    throw new ConfigError('FIREBASE_WEB_CONFIG: each web config needs apiKey and authDomain');
  const byTenant = parsed as Record<string, WebConfig>;
  return (tenant) => byTenant[tenant];
}

export function accountsFromEnv(env: NodeJS.ProcessEnv): Accounts {
  const projectId = env.FIREBASE_PROJECT_ID?.trim() || '';
  const emulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST?.trim() || '';
  const configured = parseWebConfigs(env.FIREBASE_WEB_CONFIG);
  const accounts: Accounts = {
    verifier: null,
    reason: 'no FIREBASE_PROJECT_ID and no FIREBASE_AUTH_EMULATOR_HOST',
    starting: false,
    projectId: projectId || 'demo-wellspring',
    emulatorUrl: undefined,
    webConfig(tenant) {
      // The emulator takes any API key; a real project needs the tenant's own web config. Google
      // is not offered with the emulator: the SDK's popup loads Google's own loader script
      // (apis.google.com/js/api.js) for its helper frame, emulator or not, so offline it can only
      // fail; email and password work in full.
      return (
        configured(tenant) ??
        (accounts.emulatorUrl ? { apiKey: 'demo-api-key', authDomain: 'localhost' } : undefined)
      );
    },
    enableEmulator(host) {
      accounts.verifier = createTokenVerifier({ projectId: accounts.projectId, emulatorHost: host });
      accounts.emulatorUrl = `http://${host}`;
      accounts.reason = '';
      accounts.starting = false;
    },
  };
  if (emulatorHost) accounts.enableEmulator(emulatorHost);
  else if (projectId) {
    accounts.verifier = createTokenVerifier({ projectId });
    accounts.reason = '';
  }
  return accounts;
}

/**
 * The hosts the Firebase web SDK talks to from a tenant's pages: Google's sign-in APIs (or the
 * emulator) and the tenant's auth domain, which frames the Google popup's helper, loaded by
 * Google's script from apis.google.com when the tenant offers Google. None when the tenant does
 * not offer sign-in.
 */
export function cspSources(accounts: Accounts, tenant: TenantConfig): Sources | undefined {
  if (!tenant.options.global.userProfile) return undefined;
  // Also while the emulator is starting: a page loaded now offers sign-in once it is ready.
  if (accounts.emulatorUrl) return { connect: [accounts.emulatorUrl], frame: [accounts.emulatorUrl] };
  const web = accounts.webConfig(tenant.name);
  if (!accounts.verifier || !web) return undefined;
  return {
    connect: ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'],
    frame: [`https://${web.authDomain}`],
    ...(web.google && { script: ['https://apis.google.com'] }),
  };
}
