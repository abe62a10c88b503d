import { escapeHtml } from '@nightfall/server-kit';

export { escapeHtml };

/**
 * A small self-contained HTML page for the development tools (/dev/outbox, /dev/checkout):
 * dark, readable on a phone, no external assets. `body` must already be escaped HTML.
 */
export function devPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Nightfall (development)</title>
<style>
  body { font-family: system-ui, sans-serif; background: #141414; color: #e8e8e8; margin: 0; padding: 24px; line-height: 1.5; }
  main { max-width: 760px; margin: 0 auto; }
  a { color: #69b1ff; word-break: break-all; }
  .dev { display: inline-block; background: #ad6800; color: #fff; font-weight: 700; padding: 2px 10px; border-radius: 4px; letter-spacing: .05em; }
  .banner { border: 2px dashed #d89614; background: #2b2111; padding: 12px 16px; border-radius: 8px; margin: 16px 0; }
  .card { background: #1f1f1f; border: 1px solid #303030; border-radius: 8px; padding: 16px; margin: 12px 0; }
  .muted { color: #8c8c8c; font-size: .9em; }
  .price { font-size: 2em; font-weight: 700; }
  button { background: #1668dc; color: #fff; border: 0; border-radius: 6px; padding: 12px 20px; font-size: 1em; cursor: pointer; }
  button[disabled] { background: #434343; cursor: not-allowed; }
  pre { white-space: pre-wrap; word-break: break-word; background: #111; padding: 8px; border-radius: 4px; }
  .error { border-color: #a61d24; background: #2a1215; }
</style>
</head>
<body><main>
<p><span class="dev">DEVELOPMENT MODE</span></p>
<h1>${escapeHtml(title)}</h1>
${body}
</main></body>
</html>`;
}

/** Formats cents as dollars, e.g. 999 -> $9.99 (USD) or '9.99 EUR'. */
export function formatPrice(amountCents: number, currency: string): string {
  const amount = (amountCents / 100).toFixed(2);
  return currency.toLowerCase() === 'usd' ? `$${amount}` : `${amount} ${currency.toUpperCase()}`;
}
