import { TABLE_EN } from '../i18n/en/table';
import { APP_BACKGROUND, ICONS, escapeHtml, offlinePageHtml, webManifest } from './files';

describe('installed app files (docs/architecture.md "Table experience")', () => {
  it('writes a manifest that parses: Nightfall, standalone, the app colours, icons', () => {
    const m = JSON.parse(webManifest(TABLE_EN)) as Record<string, unknown>;
    expect(m.name).toBe('Nightfall');
    expect(m.short_name).toBe('Nightfall');
    expect(m.display).toBe('standalone');
    expect(m.start_url).toBe('/');
    expect(m.theme_color).toBe(APP_BACKGROUND);
    expect(m.background_color).toBe(APP_BACKGROUND);
    expect(m.icons).toEqual(ICONS);
    expect(ICONS.some((i) => i.sizes === '192x192')).toBe(true);
    expect(ICONS.some((i) => i.sizes === '512x512')).toBe(true);
  });

  it("writes the offline page from the catalogue: 'You are offline' and a Retry button, no inline script", () => {
    const html = offlinePageHtml(TABLE_EN);
    expect(html).toContain('<h1>You are offline</h1>');
    expect(html).toContain('id="retry"');
    expect(html).toContain('>Retry</button>');
    expect(html).toContain('<script src="/offline.js"></script>');
    expect(html).not.toMatch(/<script>(?!<)/);
    expect(html).not.toMatch(/on(click|load)=/);
  });

  it('escapes the texts it writes into HTML', () => {
    expect(escapeHtml(`<b>"Tom" & 'Jerry'</b>`)).toBe('&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;');
    const html = offlinePageHtml({ ...TABLE_EN, 'offline.title': '<script>x</script>' });
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(html).not.toContain('<script>x</script>');
  });
});
