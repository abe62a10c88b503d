/** Texts of the 404 page (web/src/features/notfound). */
export const NOTFOUND_EN = {
  'notfound.code': '404',
  'notfound.title': 'Page Not Found',
  'notfound.text': 'The page you are looking for does not exist.',
  'notfound.home': 'Return to Home',
} as const;
