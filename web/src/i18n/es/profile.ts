/** Spanish texts of /profile (see `../en/profile.ts`). */
import type { PROFILE_EN } from '../en/profile';

export const PROFILE_ES: Record<keyof typeof PROFILE_EN, string> = {
  'profile.home': 'Inicio',
  'profile.title': 'Editar perfil',
  'profile.email': 'Correo electrónico',
  'profile.email.hint': 'Tu correo electrónico no se puede cambiar',
  'profile.display_name': 'Nombre visible',
  'profile.display_name.hint': 'Los demás jugadores verán este nombre en las partidas',
  'profile.display_name.placeholder': 'Escribe tu nombre visible',
  'profile.display_name.required': 'El nombre visible es obligatorio',
  'profile.display_name.too_long': 'El nombre visible no puede tener más de {max} caracteres',
  'profile.save': 'Guardar',
  'profile.cancel': 'Cancelar',
  'profile.saved.title': 'Hecho',
  'profile.saved': 'Nombre visible actualizado',
  'profile.failed.title': 'Error',
  'profile.failed': 'No se pudo actualizar el nombre visible',
};
