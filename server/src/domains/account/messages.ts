/** Every message a shopper can get from the account calls, in one place. */
export const MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  legacyUser: 'Upgrade is required for legacy user',
  invalidEmail: 'Please enter a valid email address',
  emailTaken: 'An account with this email address already exists. Please log in, or use Forgot Password to set a new password.',
  wrongCode: 'That code is not valid. Please check the latest code we e-mailed you and try again.',
  expiredCode: 'This code has expired. Please request a new code.',
  deadCode: 'Too many wrong codes: this code no longer works. Please request a new code.',
  currentPasswordRequired: 'Enter your current password to set a new one, or use Forgot Password to get a one-time code by e-mail.',
  wrongCurrentPassword: 'Your current password is not right. Please try again, or use Forgot Password to get a one-time code by e-mail.',
} as const;
