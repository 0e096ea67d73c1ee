import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http';
import type { Accounts } from './accounts';
import { bearerToken, TokenError, type VerifiedUser } from './tokens';

/** What a `/users/me/*` call answers when this server has no accounts. */
export const ACCOUNTS_OFF = 'Accounts are not available on this site.';

/**
 * The verified user of a `/users/me/*` request: the uid comes from the Firebase ID token of its
 * `Authorization: Bearer …` header and nowhere else. 401 with the reason for a missing, forged,
 * expired or foreign token (and `WWW-Authenticate`, as RFC 6750 asks); 503 without accounts.
 */
export async function signedInUser(
  accounts: Pick<Accounts, 'verifier'>,
  request: FastifyRequest,
): Promise<VerifiedUser> {
  if (!accounts.verifier) throw new HttpError(503, ACCOUNTS_OFF);
  const token = bearerToken(request.headers.authorization);
  if (!token)
    throw new HttpError(401, 'Please sign in: this needs the sign-in token (Authorization: Bearer …).');
  try {
    return await accounts.verifier.verify(token);
  } catch (error) {
    if (error instanceof TokenError) throw new HttpError(401, error.message);
    request.log.error({ err: error }, 'sign-in tokens cannot be checked');
    throw new HttpError(503, 'Sign-in cannot be checked right now. Please try again in a minute.');
  }
}
