import { describe, expect, it } from 'vitest';
import { emailMessage, failureMessage, isLegacyUserError, requiredMessage, transition, type FlowEvent, type View } from '../src/flow';

describe('account flow (SPEC section 4)', () => {
  it('moves between the five views as the spec says', () => {
    const path: [View, FlowEvent, View][] = [
      ['login', 'register', 'signup'],
      ['signup', 'alreadyUser', 'login'],
      ['login', 'forgotPassword', 'forgotPassword'],
      ['forgotPassword', 'codeSent', 'validateOtp'],
      ['validateOtp', 'codeAccepted', 'newPassword'],
      ['newPassword', 'passwordChanged', 'login'],
      ['login', 'legacyUser', 'validateOtp'],
      ['validateOtp', 'backToLogin', 'login'],
    ];
    for (const [from, event, to] of path) expect(transition(from, event), `${from} --${event}-->`).toBe(to);
  });

  it('ignores events that do not apply to a view', () => {
    expect(transition('signup', 'codeAccepted')).toBe('signup');
    expect(transition('login', 'backToLogin')).toBe('login');
    expect(transition('newPassword', 'register')).toBe('newPassword');
  });

  it('words failures as SPEC section 8 does', () => {
    expect(failureMessage('receive code via email', 'Too many requests')).toBe('Unable to receive code via email: Too many requests');
    expect(isLegacyUserError('Upgrade is required for legacy user')).toBe(true);
    expect(isLegacyUserError('Invalid email or password')).toBe(false);
  });

  it("says '{field} is required' for a blank field, 'This field' when unnamed", () => {
    expect(requiredMessage('Email', '  ')).toBe('Email is required');
    expect(requiredMessage(undefined, '')).toBe('This field is required');
    expect(requiredMessage('OTP', '123456')).toBeNull();
    expect(emailMessage('ada@')).toBe('Enter a valid email address');
    expect(emailMessage('ada@example.com')).toBeNull();
  });
});
