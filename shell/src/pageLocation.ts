/**
 * Where the page is: the browser's address, or — while the server draws the frame — the address of
 * the page being drawn (set and cleared around one synchronous render, so two draws never mix).
 */
let drawing: URL | null = null;

export function drawingAt<T>(url: string, render: () => T): T {
  drawing = new URL(url, 'http://store.invalid');
  try {
    return render();
  } finally {
    drawing = null;
  }
}

/** True while the server draws the frame. */
export function isServerDraw(): boolean {
  return drawing !== null;
}

export function pageLocation(): { pathname: string; search: string } {
  return drawing ?? window.location;
}
