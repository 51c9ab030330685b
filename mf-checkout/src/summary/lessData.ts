import { wantsLessData } from '@adire/contracts';

/** While the server draws a page: whether its request said `Save-Data: on` (null in the browser). */
let drawingFor: boolean | null = null;

/** The server's draw (server.tsx) says it around its render, and clears it after. */
export function drawForLessData(saveData: boolean | null): void {
  drawingFor = saveData;
}

/**
 * Whether the summary's pictures save data (issue 42): as the request said while the server draws,
 * else as the browser says (`wantsLessData`: the page drawn for Save-Data, the browser's setting, or
 * `prefers-reduced-data`). The browser renders over the server's drawing, so the two need not agree.
 */
export const summaryLessData = (): boolean => drawingFor ?? wantsLessData();
