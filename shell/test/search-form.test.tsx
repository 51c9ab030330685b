import type { FrameData } from '@adire/contracts';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { publishFrameData } from '../src/boot/frameData';
import { Layout } from '../src/layout/Layout';
import { drawingAt } from '../src/pageLocation';

const FRAME_DATA: FrameData = { handshake: null, categories: [], contact: null };

/** The frame as the server draws it for `path`, in a document (not run: no scripts). */
function drawn(path: string): HTMLElement {
  publishFrameData(FRAME_DATA, 'NGN');
  const container = document.createElement('div');
  container.innerHTML = drawingAt(`http://shop.test${path}`, () => renderToString(<Layout />));
  document.body.append(container);
  return container;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the header search as the server draws it (issue 34)', () => {
  it('is a GET form to /filters with a `search` field, usable before the page runs, while the other controls wait', () => {
    const page = drawn('/product/ruby-romance-red-roses');
    const form = page.querySelector<HTMLFormElement>('form[role="search"]')!;
    expect(form.getAttribute('action')).toBe('/filters');
    expect(form.method).toBe('get');
    const input = form.querySelector<HTMLInputElement>('input[type="search"]')!;
    expect(input.name).toBe('search');
    expect(input.matches(':disabled')).toBe(false);
    // What it would send: /filters?search=… (the form's own submission, as a browser without scripts makes it).
    input.value = 'red roses';
    expect(`${form.getAttribute('action')}?${new URLSearchParams(new FormData(form) as never).toString()}`).toBe('/filters?search=red+roses');
    // The cart still waits for the page to run.
    expect(page.querySelector('button[aria-label^="Cart"]')!.matches(':disabled')).toBe(true);
  });

  it('on a phone, the Search toggle is a link to the box, so it opens without scripts; a search in the address fills the box', () => {
    const page = drawn('/filters?search=lilies');
    const toggle = page.querySelector<HTMLAnchorElement>('a[aria-label="Search"]')!;
    expect(toggle.getAttribute('href')).toBe('#header-search');
    expect(toggle.getAttribute('role')).toBe('button');
    expect(page.querySelector('#header-search')!.tagName).toBe('FORM');
    expect(page.querySelector<HTMLInputElement>('#header-search input')!.value).toBe('lilies');
  });
});
