import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startLocale } from './i18n/locale';
import { registerServiceWorker } from './pwa/register';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
// The locale first (docs/architecture.md "Locales"): a Spanish visitor's first screen is Spanish, with no
// English flash; English needs no download.
void startLocale().then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
registerServiceWorker();
