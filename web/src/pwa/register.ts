/**
 * Registers the service worker (web/public/sw.js; docs/architecture.md "Table experience") in production builds
 * only: the development server has no offline shell, and a worker there would outlive code changes. Registered
 * after the page's load event, so it never competes with the first screen for the network. A browser without
 * service workers (or a page on plain http other than localhost) simply goes without.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
