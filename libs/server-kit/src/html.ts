/**
 * Escapes text for HTML element content and attribute values (`& < > " '`): used by the e-mail
 * templates and the development pages, which are the only HTML the services write.
 * @param value any value; null and undefined become ''
 */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]!);
}

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
