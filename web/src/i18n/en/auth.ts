/** Texts of /auth and /auth/callback (web/src/features/auth), spec 001 sections 2 and 8 word for word. */
export const AUTH_EN = {
  'auth.home': 'Home',
  'auth.tagline': 'Sign in to host games, or play as a guest.',
  'auth.tab.sign_in': 'Sign In',
  'auth.tab.sign_up': 'Sign Up',
  'auth.method.magic': 'Magic Link',
  'auth.method.password': 'Password',
  'auth.continue_as_guest': 'Continue as Guest',

  // Fields
  'auth.email': 'Email',
  'auth.email.required': 'Please enter your email',
  'auth.email.invalid': 'Please enter a valid email',
  'auth.password': 'Password',
  'auth.send_magic_link': 'Send Magic Link',

  // Sign in
  'auth.sign_in.password.required': 'Please enter your password',
  'auth.sign_in.submit': 'Sign In',
  'auth.sign_in.success.title': 'Success',
  'auth.sign_in.success': 'Logged in successfully',
  'auth.sign_in.failed.title': 'Login Failed',
  'auth.sign_in.failed': 'Invalid email or password',

  // Sign up
  'auth.sign_up.display_name': 'Display Name (optional)',
  'auth.sign_up.display_name.too_long': 'Display name must be {max} characters or less',
  'auth.sign_up.password.required': 'Please enter a password',
  'auth.sign_up.password.too_short': 'Password must be at least {min} characters',
  'auth.sign_up.confirm': 'Confirm Password',
  'auth.sign_up.confirm.required': 'Please confirm your password',
  'auth.sign_up.mismatch': "Passwords don't match",
  'auth.sign_up.submit': 'Sign Up',
  'auth.sign_up.success.title': 'Success',
  'auth.sign_up.success': 'Account created successfully',
  'auth.sign_up.taken.title': 'Email Already Registered',
  'auth.sign_up.taken': 'This email is already associated with an account',
  'auth.sign_up.failed.title': 'Signup Failed',
  'auth.sign_up.failed': 'Failed to create account',

  // Magic link
  'auth.magic.sent': 'Magic Link Sent',
  'auth.magic.reset': 'Use a different email',

  // Callback
  'auth.callback.working': 'Signing you in...',
  'auth.callback.missing': 'No authentication token provided',
  'auth.callback.invalid': 'Invalid or expired authentication link',
  'auth.callback.invalid.hint': 'Links can be used once and expire after a while. Request a new one to sign in.',
  'auth.callback.back': 'Back to Sign In',
  'auth.callback.invalid_token.title': 'Invalid Token',
  'auth.callback.invalid_token': 'The login link is invalid or expired',
} as const;
