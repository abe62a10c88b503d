import { createSecretKey, type KeyObject } from 'node:crypto';

const keys = new Map<string, KeyObject>();

/**
 * The HS256 key of the session tokens as one KeyObject per secret, shared by the passport 'session' strategy
 * (REST) and JwtService (sockets). Given a string, jsonwebtoken first tries (and fails: an exception) to read
 * it as a public key, then makes a secret key, on every verify: 4-5 % of the gateway's CPU in the bench
 * before both callers took this object (docs/hot-path.md "The tenth machine").
 * @param secret SESSION_SECRET (validated at boot: at least 32 characters)
 * @returns the same KeyObject (type 'secret') for the same secret
 */
export function sessionKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret));
    keys.set(secret, key);
  }
  return key;
}
