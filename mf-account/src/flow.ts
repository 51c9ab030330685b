import { isEmail } from '@adire/domain';

/** The five views of the account dropdown (SPEC section 2) and how the shopper moves between them. */
export type View = 'login' | 'signup' | 'forgotPassword' | 'validateOtp' | 'newPassword';

export type FlowEvent =
  | 'register' // login → signup
  | 'alreadyUser' // signup → login
  | 'forgotPassword' // login → forgotPassword
  | 'backToLogin' // any other view → login
  | 'codeSent' // forgotPassword → validateOtp
  | 'legacyUser' // login → validateOtp (the old password verified, a code was mailed)
  | 'codeAccepted' // validateOtp → newPassword
  | 'passwordChanged'; // newPassword → login, now logged in

const MOVES: Record<FlowEvent, { from: View[]; to: View }> = {
  register: { from: ['login'], to: 'signup' },
  alreadyUser: { from: ['signup'], to: 'login' },
  forgotPassword: { from: ['login'], to: 'forgotPassword' },
  backToLogin: { from: ['signup', 'forgotPassword', 'validateOtp', 'newPassword'], to: 'login' },
  codeSent: { from: ['forgotPassword'], to: 'validateOtp' },
  legacyUser: { from: ['login'], to: 'validateOtp' },
  codeAccepted: { from: ['validateOtp'], to: 'newPassword' },
  passwordChanged: { from: ['newPassword'], to: 'login' },
};

/** The next view, or the same one when the event does not apply there. */
export function transition(view: View, event: FlowEvent): View {
  const move = MOVES[event];
  return move.from.includes(view) ? move.to : view;
}

/** Actions as they appear in 'Unable to {action}: {message}' (SPEC section 8). */
export const ACTIONS = {
  login: 'login',
  signup: 'register',
  otpRequest: 'receive code via email',
  otpValidate: 'enter one-time password',
  changePassword: 'create new password',
} as const;

export function failureMessage(action: (typeof ACTIONS)[keyof typeof ACTIONS], message: string): string {
  return `Unable to ${action}: ${message}`;
}

export const LEGACY_USER_ERROR = 'Upgrade is required for legacy user';
export const LEGACY_USER_TOAST = 'Your password has expired. Please enter the OTP sent to your inbox';

export function isLegacyUserError(message: string): boolean {
  return message.includes(LEGACY_USER_ERROR);
}

/** '{field name or This field} is required' when a required field is left blank (SPEC section 5). */
export function requiredMessage(label: string | undefined, value: string): string | null {
  return value.trim() ? null : `${label?.trim() || 'This field'} is required`;
}


export function emailMessage(value: string): string | null {
  return requiredMessage('Email', value) ?? (isEmail(value) ? null : 'Enter a valid email address');
}
