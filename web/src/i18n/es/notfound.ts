/** Spanish texts of the 404 page (see `../en/notfound.ts`). */
import type { NOTFOUND_EN } from '../en/notfound';

export const NOTFOUND_ES: Record<keyof typeof NOTFOUND_EN, string> = {
  'notfound.code': '404',
  'notfound.title': 'Página no encontrada',
  'notfound.text': 'La página que buscas no existe.',
  'notfound.home': 'Volver al inicio',
};
