import { SignJWT, jwtVerify, errors } from 'jose';
import type { Clock } from '../../clock.ts';

export interface TokenClaims {
  uid: string;
  sessionId: number;
  issuedAt: Date;
}

/** reference §1.3: HS512 JWT, subject = user uuid, header type JWT; `sid` names the login session. */
export class TokenSigner {
  /**
   * Imported once: given the secret's bytes, jose imports a key on every sign and verify, and every
   * signed-in request verifies a token.
   */
  private readonly key: Promise<CryptoKey>;
  /**
   * Tokens verified already, with their expiry: a client sends its token with every request, and
   * the signature of a given token string never changes (the session behind it is checked on every
   * request, auth/service.ts).
   */
  private readonly verified = new Map<string, { claims: TokenClaims; expiresMs: number }>();

  constructor(
    secret: string,
    private readonly expireSeconds: number,
    private readonly clock: Clock,
  ) {
    this.key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-512' },
      false,
      ['sign', 'verify'],
    );
  }

  async sign(uid: string, sessionId: number): Promise<string> {
    const nowSeconds = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS512', typ: 'JWT' })
      .setSubject(uid)
      .setIssuedAt(nowSeconds)
      .setExpirationTime(nowSeconds + this.expireSeconds)
      .sign(await this.key);
  }

  /** The claims of a valid token, or null for an expired, forged or malformed one. */
  async verify(token: string): Promise<TokenClaims | null> {
    const nowMs = this.clock.now().getTime();
    const kept = this.verified.get(token);
    if (kept && nowMs < kept.expiresMs) return kept.claims;
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS512'],
        currentDate: new Date(nowMs),
      });
      if (
        typeof payload.sub !== 'string' ||
        typeof payload.sid !== 'number' ||
        typeof payload.iat !== 'number'
      ) {
        return null;
      }
      const claims = { uid: payload.sub, sessionId: payload.sid, issuedAt: new Date(payload.iat * 1000) };
      if (this.verified.size >= 10_000) this.verified.clear();
      if (typeof payload.exp === 'number')
        this.verified.set(token, { claims, expiresMs: payload.exp * 1000 });
      return claims;
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }
}

/** The raw token from `Authorization`; HOJ clients send it bare, others with `Bearer `. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token === '' ? undefined : token;
}
