import { readStored, writeStored } from '@adire/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShellErrorBoundary } from '../src/layout/ErrorFallback';

function Broken(): never {
  throw new Error('the footer cannot read the shop');
}

beforeEach(() => {
  localStorage.clear();
  // React logs every caught error; jsdom logs the reload it cannot do.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the shell error boundary', () => {
  it('shows nothing while it reloads by itself, so the error screen never flashes before a reload', () => {
    const { container } = render(
      <ShellErrorBoundary>
        <Broken />
      </ShellErrorBoundary>,
    );
    expect(screen.queryByRole('heading', { name: 'Oops, there is an error!' })).toBeNull();
    expect(container.textContent).toBe('');
    expect(readStored<number>('reloadCounter')).toBe(1);
  });

  it('shows the error screen once 3 reloads in a row have not helped', () => {
    writeStored('reloadCounter', 3);
    render(
      <ShellErrorBoundary>
        <Broken />
      </ShellErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Oops, there is an error!' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again?' })).toBeTruthy();
    expect(readStored<number>('reloadCounter')).toBe(3);
  });
});
