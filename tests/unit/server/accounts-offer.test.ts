/**
 * What a tenant's pages are allowed to load for sign-in (CSP sources) and whether Google sign-in is
 * offered, with the local emulator and with a real Firebase project.
 */
import { describe, expect, it } from 'vitest';
import { accountsFromEnv, cspSources } from '../../../server/accounts/accounts';
import { builtInTenants } from '../../../src/tenant';

const spa = builtInTenants.spa;
/** Accounts of a real Firebase project whose web config offers Google, or not. */
const project = (google: boolean) =>
  accountsFromEnv({
    FIREBASE_PROJECT_ID: 'spa-wellspring',
    FIREBASE_WEB_CONFIG: JSON.stringify({
      apiKey: 'AIza-spa',
      authDomain: 'spa-wellspring.firebaseapp.com',
      google,
    }),
  });

describe('sign-in sources and offer', () => {
  it('with the emulator: email and password only (Google needs its loader from the internet)', () => {
    const accounts = accountsFromEnv({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9199' });
    expect(accounts.webConfig('spa')).toEqual({ apiKey: 'demo-api-key', authDomain: 'localhost' });
    expect(cspSources(accounts, spa)).toEqual({
      connect: ['http://127.0.0.1:9199'],
      frame: ['http://127.0.0.1:9199'],
    });
  });

  it("with a project offering Google: Google's loader script and the auth domain's frame are allowed", () => {
    const accounts = project(true);
    expect(accounts.webConfig('spa')?.google).toBe(true);
    expect(cspSources(accounts, spa)).toEqual({
      connect: ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'],
      frame: ['https://spa-wellspring.firebaseapp.com'],
      script: ['https://apis.google.com'],
    });
  });

  it('with a project without Google: no script of Google is allowed', () => {
    const accounts = project(false);
    expect(cspSources(accounts, spa)?.script).toBeUndefined();
  });
});
