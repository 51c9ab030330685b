import { bus } from '@adire/event-bus';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountDropdown } from '../src/AccountDropdown';

const toasts: { type: string; message: string }[] = [];
let off: () => void;
beforeEach(() => {
  toasts.length = 0;
  off = bus.on('toast:show', (t) => toasts.push(t));
  localStorage.clear();
});
afterEach(() => {
  off();
  vi.restoreAllMocks();
});

function openDropdown() {
  render(<AccountDropdown />);
  fireEvent.click(screen.getByRole('button', { name: 'Account' }));
}

describe('AccountDropdown', () => {
  it('opens on the login view with Register and Forgot Password; other views lead Back to Login', () => {
    openDropdown();
    expect(screen.getByRole('button', { name: 'Account' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('form', { name: 'Login' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByRole('form', { name: 'Sign up' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Already a user' }));
    fireEvent.click(screen.getByRole('button', { name: 'Forgot Password' }));
    expect(screen.getByRole('form', { name: 'Forgot password' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(screen.getByRole('form', { name: 'Login' })).toBeTruthy();
  });

  it('reveals the password on request', () => {
    openDropdown();
    const password = screen.getByLabelText('Password', { selector: 'input' });
    expect(password.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
  });

  it("shows '… is required' when a required field is left blank", () => {
    openDropdown();
    fireEvent.blur(screen.getByLabelText('Email'));
    expect(screen.getByText('Email is required')).toBeTruthy();
    fireEvent.blur(screen.getByLabelText('Password', { selector: 'input' }));
    expect(screen.getByText('Password is required')).toBeTruthy();
  });

  it("refuses mismatched new passwords with 'Passwords do not match' and makes no call", async () => {
    // Walk to the newPassword view through the real flow, the shop answering the two calls.
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      new Response(JSON.stringify({ data: { email: 'ada@example.com', authToken: 't', cartItems: [], recipients: [] } }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    openDropdown();
    fireEvent.click(screen.getByRole('button', { name: 'Forgot Password' }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('form', { name: 'Enter one-time password' });
    fireEvent.change(screen.getByLabelText('OTP'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
    await screen.findByRole('form', { name: 'Create a new password' });
    const callsBefore = fetchSpy.mock.calls.length;
    fireEvent.change(screen.getByLabelText('New password', { selector: 'input' }), { target: { value: 'first-password' } });
    fireEvent.change(screen.getByLabelText('Confirm password', { selector: 'input' }), { target: { value: 'other-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    await waitFor(() => expect(toasts.at(-1)).toEqual({ type: 'error', message: 'Passwords do not match' }));
    expect(callsBefore).toBe(2);
    expect(fetchSpy.mock.calls.length).toBe(callsBefore);
    expect(toasts.map((t) => t.message)).toEqual([
      'One-time password has been sent to ada@example.com',
      'OTP validated successfully',
      'Passwords do not match',
    ]);
  });
});
