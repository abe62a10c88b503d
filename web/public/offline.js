/* global document, window */
/* The offline page's Retry button (web/src/pwa/files.ts): loads the address the player asked for again. */
document.getElementById('retry')?.addEventListener('click', () => window.location.reload());
