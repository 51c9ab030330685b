import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Blocks } from '../src/content/blocks';

afterEach(cleanup);

describe('blog blocks', () => {
  it('render as text: markup in a post is shown, never run', () => {
    const { container } = render(
      <Blocks
        blocks={[
          { type: 'heading', text: 'Caring for roses' },
          { type: 'paragraph', text: '<img src=x onerror="alert(1)"> Cut the stems.' },
          { type: 'list', items: ['Fresh water', '<b>Cool room</b>'] },
        ]}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Caring for roses' })).toBeTruthy();
    expect(screen.getByText('<img src=x onerror="alert(1)"> Cut the stems.')).toBeTruthy();
    expect(screen.getByText('<b>Cool room</b>')).toBeTruthy();
    expect(container.querySelector('img, b')).toBeNull();
  });
});
