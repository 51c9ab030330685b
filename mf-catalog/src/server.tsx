import { api } from '@adire/api-client';
import type { RegionDrawn, RegionDrawRequest } from '@adire/contracts';
import { FirstRenderCurrency } from '@adire/ui';
import { prerenderToNodeStream } from 'react-dom/static';
import { CatalogApp } from './CatalogApp';
import { pageHead } from './ssr/head';
import { LessData } from './ui/lessData';
import { ServerDrawContext, toAnswer, type Answer, type Answers, type ServerDraw } from './ssr/serverDraw';

/** A promise React's `use` reads at once once it has settled (React's own convention for thenables). */
type Tracked<T> = Promise<T> & { status?: 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

function tracked<T>(promise: Promise<T>): Tracked<T> {
  const t = promise as Tracked<T>;
  t.then(
    (value) => Object.assign(t, { status: 'fulfilled', value }),
    (reason: unknown) => Object.assign(t, { status: 'rejected', reason }),
  );
  return t;
}

/** A page may ask for more once its first answers are in (a product, then its category): a few passes at most. */
const MAX_PASSES = 4;
/** A boundary React could not finish in the pass: its content would arrive by script, which a crawler never runs. */
const OUTLINED_BOUNDARY = '<template id="B:';

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const decoder = new TextDecoder();
  let html = '';
  for await (const chunk of stream as AsyncIterable<string | Uint8Array>) html += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  return html + decoder.decode();
}

/**
 * The catalogue's first screen, drawn on the server by the same components the browser runs. Every
 * answer the page waits for is loaded once and returned, so the page carries it and the browser
 * hydrates without asking again. A failed answer (other than "not found") fails the draw: the server
 * then leaves the region to the browser.
 */
export async function draw(request: RegionDrawRequest): Promise<RegionDrawn> {
  api.configure({ baseURL: '', fetch: request.fetch });
  const answers: Answers = {};
  const pending = new Map<string, Promise<Answer>>();
  const server: ServerDraw = {
    meta: { title: null, description: null, notFound: false },
    origin: request.origin,
    answer(key, load) {
      let answer = pending.get(key);
      if (!answer) {
        answer = tracked(
          load().then((res) => {
            const kept = toAnswer(res);
            if (!kept) throw new Error(`the catalogue could not load ${key}: ${res.status ?? 'no answer'} ${res.message}`);
            answers[key] = kept;
            return kept;
          }),
        );
        pending.set(key, answer);
      }
      return answer;
    },
  };
  // Each pass waits for what the page asks; the last one finds every answer (and every lazily loaded
  // page module) ready, so the whole page is drawn inline, readable with scripts turned off.
  let html = '';
  for (let pass = 1; pass <= MAX_PASSES; pass++) {
    let failure: unknown = null;
    const { prelude } = await prerenderToNodeStream(
      <ServerDrawContext value={server}>
        <FirstRenderCurrency value={request.currency}>
          <LessData value={request.saveData === true}>
            <CatalogApp location={request.url} />
          </LessData>
        </FirstRenderCurrency>
      </ServerDrawContext>,
      {
        signal: request.signal,
        // Never split a large finished region off to arrive by script: a crawler runs none.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onError(error) {
          failure ??= error;
        },
      },
    );
    html = await text(prelude);
    if (failure) throw failure;
    if (request.signal.aborted) throw new Error('the catalogue draw was aborted');
    if (!html.includes(OUTLINED_BOUNDARY)) break;
    if (pass === MAX_PASSES) throw new Error(`the catalogue page ${request.url} was still waiting after ${MAX_PASSES} passes`);
  }
  // React puts the resources it hoists (the main image's preload) first: they belong in the <head>.
  const hoisted = /^(?:<link [^>]*>)+/.exec(html)?.[0] ?? '';
  html = html.slice(hoisted.length);
  return {
    html,
    status: server.meta.notFound ? 404 : 200,
    answers,
    head: pageHead({ url: request.url, origin: request.origin, meta: server.meta, answers, currency: request.currency }) + hoisted,
  };
}
