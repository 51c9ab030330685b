import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AccountDropdown } from '../src/AccountDropdown';

describe('AccountDropdown', () => {
  it('opens on the login view and offers Register and Forgot Password; other views lead Back to Login', () => {
    render(<AccountDropdown />);
    const toggle = screen.getByRole('button', { name: 'Account' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('form', { name: 'Login' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    fireEvent.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(screen.getByRole('button', { name: 'Forgot Password' })).toBeTruthy();
  });

  it('reveals the password on request', () => {
    render(<AccountDropdown />);
    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    const password = screen.getByLabelText('Password', { selector: 'input' });
    expect(password.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
  });
});
