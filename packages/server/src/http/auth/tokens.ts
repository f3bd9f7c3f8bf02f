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
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS512'],
        currentDate: this.clock.now(),
      });
      if (
        typeof payload.sub !== 'string' ||
        typeof payload.sid !== 'number' ||
        typeof payload.iat !== 'number'
      ) {
        return null;
      }
      return { uid: payload.sub, sessionId: payload.sid, issuedAt: new Date(payload.iat * 1000) };
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
