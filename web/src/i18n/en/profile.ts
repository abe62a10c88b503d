/** Texts of /profile (web/src/features/profile), spec 001 sections 2, 5 and 8 word for word. */
export const PROFILE_EN = {
  'profile.home': 'Home',
  'profile.title': 'Edit Profile',
  'profile.email': 'Email',
  'profile.email.hint': 'Your email cannot be changed',
  'profile.display_name': 'Display Name',
  'profile.display_name.hint': 'This name will be shown to other players in games',
  'profile.display_name.placeholder': 'Enter your display name',
  'profile.display_name.required': 'Display name is required',
  'profile.display_name.too_long': 'Display name must be {max} characters or less',
  'profile.save': 'Save',
  'profile.cancel': 'Cancel',
  'profile.saved.title': 'Success',
  'profile.saved': 'Display name updated successfully',
  'profile.failed.title': 'Error',
  'profile.failed': 'Failed to update display name',
} as const;
