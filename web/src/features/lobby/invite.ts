/**
 * The lobby's invite (docs/architecture.md "Table experience"): the link a QR code, Copy and Share hand out.
 * Framework-free (unit tested in invite.spec.ts).
 */

/**
 * The invite link of a room: `<origin>/join/<code>`, the code uppercased and URL-encoded.
 * @param origin the page's origin, e.g. `https://nightfall.example.com` (a trailing slash is dropped)
 * @param roomCode the room code as the lobby shows it
 * @example inviteLink('https://n.example', 'ab12cd') === 'https://n.example/join/AB12CD'
 */
export function inviteLink(origin: string, roomCode: string): string {
  return `${origin.replace(/\/+$/, '')}/join/${encodeURIComponent(roomCode.trim().toUpperCase())}`;
}

/** The Web Share API's part this app uses (phones have it; most desktop browsers do not). */
export interface ShareCapable {
  share?: (data: { title?: string; text?: string; url?: string }) => Promise<void>;
}

/** True when `nav` (the browser's `navigator`) offers the Web Share API, so the lobby shows a Share button. */
export function canShare(nav: ShareCapable | undefined): boolean {
  return typeof nav?.share === 'function';
}

/**
 * True when `hostname` names this computer only (localhost, 127.0.0.0/8, ::1): an invite link on such an origin
 * cannot be opened from another device, so the lobby says to use the computer's network address instead.
 * @param hostname `location.hostname` (IPv6 addresses with or without brackets)
 */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(h) || h === '::1';
}
