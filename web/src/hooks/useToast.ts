import { App } from 'antd';
import { useMemo } from 'react';

/** Toast API of the app: one toast at a time (App is configured with maxCount 1), shown for 5 s. */
export interface Toast {
  success(title: string, message?: string): void;
  error(title: string, message?: string): void;
  /** Closes the toast shown now, if any (a page's notices that mean nothing on the next page). */
  dismiss(): void;
}

const DURATION_S = 5;

/** Success and error toasts through antd's notification (spec 001 section 8). */
export function useToast(): Toast {
  const { notification } = App.useApp();
  return useMemo<Toast>(
    () => ({
      success: (title, message) => notification.success({ key: 'toast', title, description: message, duration: DURATION_S }),
      error: (title, message) => notification.error({ key: 'toast', title, description: message, duration: DURATION_S }),
      dismiss: () => notification.destroy('toast'),
    }),
    [notification],
  );
}
