import { roleArtSlug } from './roleArtSlug';

/** URLs of the bundled role pictures by slug (small SVGs are inlined by Vite as data URIs). */
const URLS: Record<string, string> = Object.fromEntries(
  Object.entries(import.meta.glob<string>('../assets/roles/*.svg', { eager: true, query: '?url', import: 'default' })).map(([path, url]) => [
    path.slice(path.lastIndexOf('/') + 1, -'.svg'.length),
    url,
  ]),
);

/** The picture of a role, or undefined for a role without one (custom roles get the team icon instead). */
export function roleArtUrl(role: string | null | undefined): string | undefined {
  if (!role) return undefined;
  return URLS[roleArtSlug(role)];
}
