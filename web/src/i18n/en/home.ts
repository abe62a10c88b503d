/**
 * Texts of the home screen (web/src/features/home): main actions, join form, rejoin card and feature cards.
 * Spec 001 section 2's texts word for word. The title and subtitle are the active theme's
 * (`theme.text.homeTitle`, `theme.text.homeSubtitle`).
 */
export const HOME_EN = {
  // Account button (signed out)
  'home.sign_in_up': 'Sign In / Sign Up',

  // Main actions of the three account states
  'home.join_game': 'Join Game',
  'home.try_again': 'Try Again',
  'home.sign_in_to_create': 'Sign In to Create Game',
  'home.create_game': 'Create Game',
  'home.create.locked.title': 'Hosting is locked',
  'home.create.locked.message': 'You need a host entitlement to create rooms. This feature will be available soon.',
  'home.create.failed.title': 'Error',
  'home.create.failed': 'Failed to create game',

  // Rejoin card
  'home.rejoin.text': 'You were in a game.',
  'home.rejoin.text_as': 'You were in a game as {name}.',
  'home.rejoin.button': 'Rejoin',

  // Join form
  'home.join.playing_as': 'Playing as {name}',
  'home.join.edit_profile': 'Edit profile',
  'home.join.display_name': 'Display Name',
  'home.join.saved': 'Saved',
  'home.join.display_name.required': 'Please enter your display name',
  'home.join.display_name.too_long': 'Display name must be {max} characters or less',
  'home.join.display_name.placeholder': 'Enter your name',
  'home.join.room_code': 'Room Code',
  'home.join.room_code.required': 'Please enter a room code',
  'home.join.room_code.placeholder': 'Enter {length}-character code',
  'home.join.joining': 'Joining...',
  'home.join.submit': 'Join Game',
  'home.join.back': 'Back',
  'home.join.failed.title': 'Error',
  'home.join.failed': 'Failed to join game',

  // Feature cards
  'home.features.aria': 'Features',
  'home.features.multiplayer.title': 'Multiplayer',
  'home.features.multiplayer.text': 'Play with 3 or more friends on any device',
  'home.features.quick.title': 'Quick Games',
  'home.features.quick.text': '10-15 minutes per round',
  'home.features.roles.title': '24+ Roles',
  'home.features.roles.text': 'Unique abilities and strategies',
} as const;
