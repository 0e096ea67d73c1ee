/**
 * Firebase ID tokens (spec 6: a signed-in user is a uid from a third-party identity service).
 * A token is verified with jose as Firebase documents it: RS256 signed by one of Google's
 * securetoken keys, `aud` the project id, `iss` https://securetoken.google.com/{project}, not
 * expired, issued and authenticated in the past, `sub` the uid (1-128 characters). The uid of a
 * request comes only from a token that passed all of these.
 *
 * The Auth emulator signs nothing (its tokens are `alg: none`), so with an emulator host the
 * claims are checked the same way and the emulator is asked whether the account exists: a token
 * for a made-up or deleted user is refused. Emulator tokens are never accepted without an
 * emulator host, and a signed token is never accepted with one.
 */
import {
  createRemoteJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  errors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';

/** Google's public keys for Firebase ID tokens, as a JWK set. */
export const FIREBASE_JWKS_URL =
  'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

/** Why a token was refused; `message` is what the 401 says. */
export class TokenError extends Error {
  override readonly name = 'TokenError';
}

export interface VerifiedUser {
  uid: string;
  email?: string;
}

export interface TokenVerifier {
  /** The user of a verified token; throws TokenError for anything else. */
  verify(token: string): Promise<VerifiedUser>;
  /** Where tokens are checked, for the start-up log: 'firebase' or 'emulator 127.0.0.1:9199'. */
  readonly source: string;
}

export interface TokenVerifierOptions {
  projectId: string;
  /** FIREBASE_AUTH_EMULATOR_HOST ('127.0.0.1:9199'): accept the emulator's unsigned tokens. */
  emulatorHost?: string | undefined;
  /** The key set tokens are signed with. @default Google's (FIREBASE_JWKS_URL), cached by jose */
  keys?: JWTVerifyGetKey;
  /** @default () => new Date() */
  now?: () => Date;
}

/** Seconds of clock difference tolerated between Google's servers and ours. */
const CLOCK_TOLERANCE_S = 5;

export function createTokenVerifier({
  projectId,
  emulatorHost,
  keys,
  now = () => new Date(),
}: TokenVerifierOptions): TokenVerifier {
  const issuer = `https://securetoken.google.com/${projectId}`;

  function checkClaims(payload: JWTPayload): VerifiedUser {
    const seconds = now().getTime() / 1000;
    if (payload.aud !== projectId)
      throw new TokenError('The sign-in token belongs to another Firebase project.');
    if (payload.iss !== issuer) throw new TokenError('The sign-in token was not issued by Firebase.');
    if (typeof payload.exp !== 'number' || payload.exp <= seconds - CLOCK_TOLERANCE_S)
      throw new TokenError('The sign-in token has expired. Please sign in again.');
    if (typeof payload.iat !== 'number' || payload.iat > seconds + CLOCK_TOLERANCE_S)
      throw new TokenError('The sign-in token is not valid yet.');
    const authTime = (payload as { auth_time?: unknown }).auth_time;
    if (typeof authTime !== 'number' || authTime > seconds + CLOCK_TOLERANCE_S)
      throw new TokenError('The sign-in token has no valid sign-in time.');
    if (typeof payload.sub !== 'string' || !payload.sub || payload.sub.length > 128)
      throw new TokenError('The sign-in token names no user.');
    const email = (payload as { email?: unknown }).email;
    return { uid: payload.sub, ...(typeof email === 'string' && { email }) };
  }

  function decode(token: string): { alg: string | undefined; payload: JWTPayload } {
    try {
      return { alg: decodeProtectedHeader(token).alg, payload: decodeJwt(token) };
    } catch {
      throw new TokenError('The sign-in token is malformed.');
    }
  }

  if (emulatorHost) {
    const base = `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/projects/${projectId}`;
    return {
      source: `emulator ${emulatorHost}`,
      async verify(token) {
        const { alg, payload } = decode(token);
        if (alg !== 'none')
          throw new TokenError('The sign-in token was not issued by the local sign-in emulator.');
        const user = checkClaims(payload);
        // The emulator's admin lookup (any bearer 'owner' is an admin there): is the account real?
        const response = await fetch(`${base}/accounts:lookup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
          body: JSON.stringify({ localId: [user.uid] }),
        }).catch(() => {
          throw new Error(`the Auth emulator at ${emulatorHost} does not answer`);
        });
        if (!response.ok) throw new Error(`the Auth emulator answered ${response.status}`);
        const found = (await response.json()) as { users?: { localId: string; disabled?: boolean }[] };
        const account = found.users?.find((candidate) => candidate.localId === user.uid);
        if (!account || account.disabled)
          throw new TokenError('The account of this sign-in token does not exist.');
        return user;
      },
    };
  }

  const keySet = keys ?? createRemoteJWKSet(new URL(FIREBASE_JWKS_URL));
  return {
    source: 'firebase',
    async verify(token) {
      const { alg } = decode(token);
      if (alg !== 'RS256') throw new TokenError('The sign-in token is not signed by Firebase.');
      try {
        const { payload } = await jwtVerify(token, keySet, {
          algorithms: ['RS256'],
          // The claims are checked below with our own words; only the signature is jose's here.
          currentDate: now(),
          clockTolerance: CLOCK_TOLERANCE_S,
        });
        return checkClaims(payload);
      } catch (error) {
        if (error instanceof TokenError) throw error;
        if (error instanceof errors.JWTExpired)
          throw new TokenError('The sign-in token has expired. Please sign in again.');
        if (error instanceof errors.JOSEError && !(error instanceof errors.JWKSTimeout))
          throw new TokenError('The sign-in token is not signed by Firebase.');
        throw error;
      }
    },
  };
}

/** The bearer token of an Authorization header, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}
