/** Spanish texts of the theme offer and Save This Theme (see `../en/themeOffer.ts`). */
import type { THEME_OFFER_EN } from '../en/themeOffer';

export const THEME_OFFER_ES: Record<keyof typeof THEME_OFFER_EN, string> = {
  'theme_offer.title': '¿Descargar el tema del anfitrión?',
  'theme_offer.decline': 'No, gracias',
  'theme_offer.accept': 'Descargar tema',
  'theme_offer.host_fallback': 'El anfitrión',
  'theme_offer.intro': '{host} comparte un tema con la mesa.',
  'theme_offer.size': 'Tamaño: {mb} MB',
  'theme_offer.downloaded.title': 'Tema descargado',
  'theme_offer.downloaded': '«{name}» es ahora tu tema.',
  'theme_offer.declined.title': 'Tema rechazado',
  'theme_offer.declined': 'Seguirás usando tu tema actual.',
  'theme_offer.download_failed.title': 'No se pudo descargar el tema',
  'theme_offer.download_failed': 'No se pudo guardar el tema en tu navegador.',
  'theme_offer.save': 'Guardar este tema ({name})',
  'theme_offer.saved.title': 'Tema guardado',
  'theme_offer.saved.copied': '¡Tema copiado en tu cuenta! Se usará en las partidas que crees.',
  'theme_offer.saved.own': '¡Este tema se usará ahora en las partidas que crees!',
  'theme_offer.save_failed.title': 'No se pudo guardar el tema',
  'theme_offer.save_failed': 'No se pudo guardar el tema',
};
