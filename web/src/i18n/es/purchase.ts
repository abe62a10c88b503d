/** Spanish texts of the host offers and the payment pages (see `../en/purchase.ts`). */
import type { PURCHASE_EN } from '../en/purchase';

export const PURCHASE_ES: Record<keyof typeof PURCHASE_EN, string> = {
  'purchase.offer.permanent.label': 'Desbloquear partidas para siempre (9,99 $)',
  'purchase.offer.permanent.note': 'Pago único • Crea salas sin límite',
  'purchase.offer.pass_48h.label': 'Pase de anfitrión de 48 horas (1,99 $)',
  'purchase.offer.pass_48h.note': 'Crea salas durante 48 horas',
  'purchase.checkout.failed.title': 'No se pudo iniciar el pago',
  'purchase.try_later': 'Inténtalo de nuevo más tarde',
  'purchase.return_home': 'Volver al inicio',
  'purchase.success.activated.title': '¡Acceso de anfitrión activado!',
  'purchase.success.activated': 'Ya puedes crear salas de juego. Te llevamos al inicio...',
  'purchase.success.checking.title': 'Pago completado',
  'purchase.success.checking': 'Activando tu acceso de anfitrión...',
  'purchase.success.attempt': 'intento {attempt}/{max}',
  'purchase.success.checking_status': 'Comprobando el estado ({attempt})',
  'purchase.success.slow.title': 'Pago recibido',
  'purchase.success.slow': 'El proceso tarda más de lo esperado. Pulsa Actualizar o vuelve más tarde.',
  'purchase.success.refresh': 'Actualizar',
  'purchase.success.grant_manual': 'Conceder acceso de anfitrión manualmente',
  'purchase.success.grant_failed.title': 'Error',
  'purchase.cancel.title': 'Compra cancelada',
  'purchase.cancel.text': 'Se canceló tu pago y no se te ha cobrado nada. Puedes desbloquear las partidas cuando quieras desde la pantalla de inicio.',
};
