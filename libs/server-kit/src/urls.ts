/**
 * Normalises the public base URL that links are built from (magic links, Stripe success/cancel URLs):
 * http or https only, no trailing slash, no query or fragment.
 * @param raw an absolute URL such as `https://nightfall.example.com/`
 * @returns the URL without trailing slashes, e.g. `https://nightfall.example.com`
 * @throws TypeError 'Invalid public URL' for anything else (the caller maps it to its own error code)
 */
export function publicBaseUrl(raw: string): string {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new TypeError('Invalid public URL');
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.search || u.hash || u.username || u.password) {
    throw new TypeError('Invalid public URL');
  }
  return u.toString().replace(/\/+$/, '');
}
