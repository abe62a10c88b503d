import { lazy, Suspense } from 'react';
import { App as AntApp, ConfigProvider, Spin } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { APP_THEME } from './theme/appTheme';
import { ActiveThemeProvider } from './theme/activeTheme';
import { ThemeBootstrap } from './theme/themeSelection';
import { LocaleProvider } from './i18n/LocaleProvider';

const HomePage = lazy(() => import('./features/home/HomePage'));
const AuthPage = lazy(() => import('./features/auth/AuthPage'));
const AuthCallbackPage = lazy(() => import('./features/auth/AuthCallbackPage'));
const ProfilePage = lazy(() => import('./features/profile/ProfilePage'));
const PurchaseSuccessPage = lazy(() => import('./features/purchase/PurchaseSuccessPage'));
const PurchaseCancelPage = lazy(() => import('./features/purchase/PurchaseCancelPage'));
const LobbyPage = lazy(() => import('./features/lobby/LobbyPage'));
const GamePage = lazy(() => import('./features/game/GamePage'));
/** /join/{code}: the invite link's landing page (docs/architecture.md "Table experience"). */
const JoinPage = lazy(() => import('./features/join/JoinPage'));
/** /history and a past round's results and replay (docs/architecture.md "History and replay"). */
const HistoryPage = lazy(() => import('./features/history/HistoryPage'));
const HistoryReplayPage = lazy(() => import('./features/history/HistoryReplayPage'));
const NotFoundPage = lazy(() => import('./features/notfound/NotFoundPage'));
/** The admin console: one chunk for every /admin route, loaded only when one is opened. */
const AdminPage = lazy(() => import('./features/admin/AdminPage'));
/** Theme Upload (spec 001 section 2 "Theme Upload"). */
const ThemesPage = lazy(() => import('./features/themes/ThemesPage'));

/** Routes of the admin console (spec 001 section 2); '/admin' shows the Users tab. */
const ADMIN_ROUTES = ['/admin', '/admin/users', '/admin/entitlements', '/admin/roles', '/admin/theme', '/admin/audit'];

/** Query cache defaults of spec 001 section 9: never stale, no refocus refetch, no retries. */
const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
    mutations: { retry: false },
  },
});

function RouteFallback() {
  return (
    <div className="nf-status">
      <Spin size="large" />
    </div>
  );
}

/** Root: dark antd theme, the locale (docs/architecture.md "Locales"), one toast at a time (5 s), react-query, and the lazily loaded routes. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={APP_THEME}>
        <LocaleProvider>
        <AntApp notification={{ maxCount: 1, placement: 'top', duration: 5 }} message={{ maxCount: 1 }} className="nf-app">
          <ActiveThemeProvider>
            <ThemeBootstrap />
            <BrowserRouter>
              <Suspense fallback={<RouteFallback />}>
                <Routes>
                  <Route path="/" element={<HomePage />} />
                  <Route path="/auth" element={<AuthPage />} />
                  <Route path="/auth/callback" element={<AuthCallbackPage />} />
                  <Route path="/profile" element={<ProfilePage />} />
                  <Route path="/themes" element={<ThemesPage />} />
                  <Route path="/history" element={<HistoryPage />} />
                  <Route path="/history/:gameId/:round" element={<HistoryReplayPage />} />
                  <Route path="/purchase/success" element={<PurchaseSuccessPage />} />
                  <Route path="/purchase/cancel" element={<PurchaseCancelPage />} />
                  <Route path="/join/:code" element={<JoinPage />} />
                  <Route path="/lobby/:gameId" element={<LobbyPage />} />
                  <Route path="/game/:gameId" element={<GamePage />} />
                  <Route path="/game" element={<GamePage />} />
                  {ADMIN_ROUTES.map((path) => (
                    <Route key={path} path={path} element={<AdminPage />} />
                  ))}
                  <Route path="*" element={<NotFoundPage />} />
                </Routes>
              </Suspense>
            </BrowserRouter>
          </ActiveThemeProvider>
        </AntApp>
        </LocaleProvider>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
