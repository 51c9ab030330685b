import fs from 'node:fs';
import path from 'node:path';
import { shopperCurrencyScript } from '@adire/domain';
import {
  filesForPath,
  PAGE_DATA_ELEMENT_ID,
  readPreload,
  releaseFileUrl,
  regionMarker,
  remotesForPage,
  UNTIL_RUNNING_ATTRIBUTE,
  type CurrencyName,
  type PageData,
  type RemoteName,
  type RemotePreload,
  type RemotesManifest,
} from '@adire/contracts';

export const MANIFEST_ELEMENT_ID = 'adire-remotes';

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The shell's page for one path: the live remotes written in (so the shell needs no round trip for
 * /remotes.json) and the files of the page's main remote announced as modulepreload, so the browser
 * fetches them alongside the shell instead of after it. The other remotes of the page load as the
 * shell mounts them; remotes the page does not show are not mentioned at all.
 */
export function shellPage(
  template: string,
  pathname: string,
  remotes: Partial<RemotesManifest>,
  preloadOf: (remote: RemoteName, version: string) => RemotePreload | null,
  options: { regionDrawn?: boolean } = {},
): string {
  // Inside <script type="application/json"> only "</script" could end the element early.
  const manifest = `<script type="application/json" id="${MANIFEST_ELEMENT_ID}">${JSON.stringify(remotes).replace(/</g, '\\u003c')}</script>`;
  const links: string[] = [];
  const main = remotesForPage(pathname).find((name) => name === 'catalog' || name === 'checkout');
  const live = main ? remotes[main] : undefined;
  if (main && live) {
    const preload = preloadOf(main, live.version);
    const files = preload ? filesForPath(preload, pathname) : { scripts: [], styles: [] };
    const href = (file: string) => escapeAttribute(preload ? releaseFileUrl(live.entry, preload, file) : live.entry);
    // Low priority: the shell's own scripts come first (the remote runs only after them), and a
    // preload is no reason to hold the first paint, which needs only the page and its style sheet.
    // A region the server drew needs its styles before the first paint: real style sheets then.
    for (const file of files.styles) {
      links.push(
        options.regionDrawn
          ? `<link rel="stylesheet" href="${href(file)}">`
          : `<link rel="preload" as="style" fetchpriority="low" href="${href(file)}">`,
      );
    }
    // An older release without the list: its entry only.
    for (const file of preload ? files.scripts : ['']) links.push(`<link rel="modulepreload" crossorigin fetchpriority="low" href="${href(file)}">`);
  }
  const head = `${manifest}${links.join('')}`;
  return template.includes('</head>') ? template.replace('</head>', `${head}</head>`) : `${head}${template}`;
}

/** Reads each release's preload.json once (a release folder never changes). */
export function preloadReader(releasesDir: string) {
  const cache = new Map<string, RemotePreload | null>();
  return (remote: RemoteName, version: string): RemotePreload | null => {
    const key = `${remote}/${version}`;
    if (!cache.has(key)) {
      let preload: RemotePreload | null = null;
      try {
        preload = readPreload(JSON.parse(fs.readFileSync(path.join(releasesDir, remote, version, 'preload.json'), 'utf8')));
      } catch {
        preload = null; // an older release without the list: announce its entry only
      }
      cache.set(key, preload);
    }
    return cache.get(key) ?? null;
  };
}

/** The pre-paint script of a drawn page asked for without the currency cookie; the store's CSP allows it by its hash (security.ts). */
export const SHOPPER_CURRENCY_SCRIPT = shopperCurrencyScript();

/**
 * A tap made before its control runs (issue 31, item 2). A page the server drew shows its controls at
 * once, but they work only once their part of the page has hydrated: until then that part is a
 * disabled fieldset marked UNTIL_RUNNING_ATTRIBUTE, and on a slow phone that lasts a second or more
 * after they show. A disabled control gets no click, but the browser still sends it pointer events:
 * this script, first in the head, takes a pointerdown and pointerup on the same button, check box,
 * radio or label of a marked part (no pointercancel between them: a scroll is not a tap) as a tap,
 * marks the control `data-tap-waiting` (the shell's style shows it taken, in the tap's next paint),
 * and once the mark of its part goes — React has hydrated it and enabled its controls — clicks it,
 * once per tap, in the order they were made. The gesture's own click, if it comes after the part
 * was enabled (or on a label, which is never disabled), is dropped: the tap is made once. Only a click
 * within a second of the tap (by the events' own times) is taken for its own: a disabled button never
 * gets one, and a later click with no pointer before it (a screen reader's) is the shopper's. A part the
 * browser renders anew over the drawing rather than hydrating it (the checkout's: it knows the
 * shopper, the server does not) takes its tap along: once the drawn part is gone, the tap is made on
 * the same control of what replaced it — the same radio or check box by its name and value (a label
 * by its control, and made on that control's label), the same button by its text without figures ('Cart (0)' is 'Cart (2)' once the
 * cart is read), the same one of several alike by its place among them. A control with no such
 * counterpart in the browser's first render is gone, and so is its tap. Links stay links. The part's own listeners see none of these events before it runs: React would
 * otherwise hydrate the whole touched root at once, inside the tap (a long task the tap's next paint
 * waits for), where it now goes on in slices. The store's CSP allows this script by its hash
 * (security.ts).
 */
export const EARLY_TAPS_SCRIPT =
  `(function(){var A='${UNTIL_RUNNING_ATTRIBUTE}',W='data-tap-waiting',q=[],o=null,d=null,g=null,gt=0;` +
  "function wait(t){return t&&t.closest?t.closest('['+A+']'):null}" +
  "function control(t,p){var c=t.closest('button,input,label');return c&&p.contains(c)&&(c.tagName!=='INPUT'||/^(checkbox|radio|submit|button|image|reset)$/.test(c.type))?c:null}" +
  // What a control is in a part drawn anew: a label stands for its control, an input is its name and value, a button its text without figures.
  "function key(c){if(c.tagName==='LABEL'&&c.control)c=c.control;return c.tagName+'|'+c.type+'|'+(c.name||'')+'|'+(c.tagName==='INPUT'?c.value:c.textContent.replace(/\\d+/g,''))}" +
  "function alike(h,k){var r=[],l=h.querySelectorAll('button,input,label');for(var i=0;i<l.length;i++)if(key(l[i])===k&&r.indexOf(l[i].control||l[i])<0)r.push(l[i].tagName==='LABEL'&&l[i].control||l[i]);return r}" +
  "function replay(){for(var i=0;i<q.length;){var t=q[i],c=t.c,m;" +
  "if(!c.isConnected&&t.h.isConnected&&(m=alike(t.h,t.k)[t.n])){if(t.l&&m.labels&&m.labels[0])m=m.labels[0];c.removeAttribute(W);m.setAttribute(W,'');if(g===c)g=m;t.c=c=m}" +
  "if(c.isConnected&&wait(c)){i++;continue}q.splice(i,1);if(!c.isConnected)continue;" +
  "if(!q.some(function(u){return u.c===c}))c.removeAttribute(W);c.click()}if(!q.length&&o){o.disconnect();o=null}}" +
  "function on(e){var t=e.target,p=wait(t),n=e.type;" +
  "if(n==='click'){if(e.isTrusted&&g&&e.timeStamp-gt<1e3&&t.closest&&t.closest('button,input,label')===g){g=null;e.preventDefault();e.stopImmediatePropagation()}else if(p)e.stopImmediatePropagation();return}" +
  "if(n==='pointerdown'||n==='keydown')g=null;if(!p)return;e.stopImmediatePropagation();" +
  "if(n==='pointerdown')d=e.isPrimary&&e.button===0?control(t,p):null;else if(n==='pointercancel')d=null;" +
  "else if(n==='pointerup'){var c=control(t,p);if(c&&c===d){var k=key(c);q.push({c:c,h:p.parentNode,k:k,l:c.tagName==='LABEL',n:alike(p,k).indexOf(c.tagName==='LABEL'&&c.control||c)});g=c;gt=e.timeStamp;c.setAttribute(W,'');" +
  "if(!o){o=new MutationObserver(replay);o.observe(document.documentElement,{subtree:true,childList:true,attributes:true,attributeFilter:[A]})}}d=null}}" +
  "'pointerdown pointerup pointercancel mousedown mouseup click touchstart touchend keydown keyup focusin focusout'.split(' ').forEach(function(n){addEventListener(n,on,true)})})()";

/**
 * A drawn page's scripts start after its first paint. The page the server drew is readable as soon as
 * its HTML, style sheets and main picture are in, and its controls wait for the shell anyway; scripts
 * fetched alongside would share a slow phone's connection with what the paint needs (and run before
 * it), so they wait in a template until the browser has painted the page: its first contentful paint
 * (not its first paint, which can be the backgrounds alone a frame earlier: a busy CI machine fetched
 * the scripts between the two; two frames where paint timing is unknown); in a tab opened in the background, once it loads, as nothing paints there;
 * after 3 s in any case. A page whose first screen has pictures the page asks for at high priority (a
 * product's main photo, the first card of a list) waits for them as well: each loaded (or failed) and
 * decoded, then a frame for the paint. The photo is the page's largest paint; scripts fetched beside
 * it would share the phone's connection with it, and a first load that finishes its scripts before
 * the photo is painted is one Lighthouse simulates with every script in the way of that paint.
 * Then every module the page announced is fetched, as a preload in the head
 * would have been: one link per task, as starting a module's fetch costs the main thread 1.5–7 ms on
 * a slow machine (28 links in one task were a 32 ms task, 130 ms on Lighthouse's phone; four per
 * task still made tasks of 13–27 ms there). The shell's entry runs once the whole page is parsed: its
 * data (PAGE_DATA_ELEMENT_ID) is written last, and the first paint can come before the parser gets
 * there. The store's CSP allows this script by its hash (security.ts).
 */
export const BOOT_AFTER_PAINT_SCRIPT =
  "(function(){var n=0,P=window.PerformanceObserver;function go(){var t=document.getElementById('adire-after-paint');if(n++||!t)return;" +
  "var l=[].slice.call(t.content.children),e=t.content.querySelector('[data-adire-boot]');" +
  "(function add(i){if(i<l.length){document.head.appendChild(l[i]);setTimeout(function(){add(i+1)},0)}})(0);" +
  "if(e){if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',function(){import(e.href)});else import(e.href)}}" +
  // The first screen's pictures: each loaded or failed, then decoded, then one frame to paint them.
  "function shown(){var l=document.querySelectorAll('img[fetchpriority=high]'),w=l.length;function one(){if(!--w)requestAnimationFrame(function(){setTimeout(go,0)})}" +
  "if(!w)return setTimeout(go,0);[].forEach.call(l,function(m){(m.complete?Promise.resolve():new Promise(function(r){m.addEventListener('load',r);m.addEventListener('error',r)}))" +
  ".then(function(){return m.naturalWidth&&m.decode?m.decode():0}).then(one,one)})}" +
  "if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0)new P(function(l){if(l.getEntriesByName('first-contentful-paint').length)shown()}).observe({type:'paint',buffered:true});" +
  "else requestAnimationFrame(function(){requestAnimationFrame(shown)});" +
  "addEventListener('load',function(){if(document.hidden)go()});setTimeout(go,3000)})()";

const SHELL_ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const PAINT_NEEDS = /<link rel="stylesheet"[^>]*>|<link rel="preload" as="image"[^>]*>/g;
const VIEWPORT_META = /<meta name="viewport"[^>]*>/;

/**
 * The head in the order the first paint needs it: style sheets and the main picture right after the
 * viewport, and every script held until after the paint (BOOT_AFTER_PAINT_SCRIPT).
 */
export function firstPaintFirst(html: string): string {
  const viewport = VIEWPORT_META.exec(html);
  const entry = SHELL_ENTRY_SCRIPT.exec(html);
  if (!viewport || !entry) return html;
  const later: string[] = [`<link rel="modulepreload" crossorigin href="${entry[1]}" data-adire-boot>`];
  const needs: string[] = [];
  const page = html
    .replace(SHELL_ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, (tag) => {
      later.push(tag);
      return '';
    })
    .replace(PAINT_NEEDS, (tag) => {
      needs.push(tag);
      return '';
    });
  const at = page.search(VIEWPORT_META) + viewport[0].length;
  const afterPaint = `<template id="adire-after-paint">${later.join('')}</template><script>${BOOT_AFTER_PAINT_SCRIPT}</script>`;
  return page.slice(0, at) + needs.join('') + afterPaint + page.slice(at);
}

/** Where the server puts the frame it drew: the boot frame of the shell's index.html sits between these. */
const FRAME_START = '<!--adire-frame-->';
const FRAME_END = '<!--/adire-frame-->';
const ANY_REGION_MARKER = /<!--adire-region:[a-z]+-->/g;

export interface DrawnParts {
  /** The shell's frame as drawn on the server (with region markers), or null: the boot frame stays. */
  frame: string | null;
  /** The route region drawn on the server (needs the frame to sit in). */
  region: { name: RemoteName; version: string; html: string; head: string } | null;
  /** What the browser's first render needs (written into the page). */
  pageData: PageData;
}

/** JSON inside <script type="application/json">: nothing in it can end the element. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** The id of the first element after `from` in `html` that has one (a plain id), or null. */
export function nextIdAfter(html: string, from: number): string | null {
  const found = /<[a-z][^>]*?\sid="([A-Za-z_][\w-]*)"/g;
  found.lastIndex = from;
  return found.exec(html)?.[1] ?? null;
}

/** A drawn region with a picture before its heading (a product's gallery): its largest paint is that picture. */
export const opensWithPicture = (html: string) => {
  const picture = html.indexOf('<img');
  return picture >= 0 && picture < html.indexOf('</h1>');
};

/**
 * The first paint holds until the drawn region is parsed past its heading: up to the first element
 * with an id after the region's `</h1>` (the whole region when it has none), with
 * `<link rel="expect" blocking="render">`. Without it Chromium painted the frame's first bytes (the
 * banner, the header) in one frame and the page's heading in a later one, the largest paint 0.2–0.9 s
 * after the first on a throttled phone. Holding it for the whole region instead cost the category and
 * product pages 100–200 ms of largest paint (the layout of every card before the first frame). A region
 * that opens with a picture paints as it comes: the picture is its largest paint, and holding the
 * first paint would not bring it sooner (it cost a product page 0–250 ms of largest paint). A browser
 * that knows no `rel="expect"` ignores the link.
 */
const firstScreenAtOnce = (id: string | null) => (id ? `<link rel="expect" href="#${id}" blocking="render">` : '');

/**
 * The page with the server's drawing in it: the frame in place of the boot frame, the route region's
 * HTML in its region (marked with the release that drew it, so the browser hydrates only with the
 * same one), the region's head tags in place of the generic title and description, and the data
 * the first screen was drawn with.
 */
export function withDrawing(page: string, parts: DrawnParts, shopperCurrency: CurrencyName | null = null): string {
  let html = page;
  let firstScreenEnd: string | null = null;
  const start = html.indexOf(FRAME_START);
  const end = html.indexOf(FRAME_END);
  if (parts.frame && start >= 0 && end > start) {
    let frame = parts.frame;
    if (parts.region) {
      const marker = regionMarker(parts.region.name);
      const drawn = `<div class="region-app" data-drawn="${escapeAttribute(parts.region.version)}">${parts.region.html}</div>`;
      const at = frame.indexOf(marker);
      if (at >= 0) {
        frame = frame.slice(0, at) + drawn + frame.slice(at + marker.length);
        const heading = drawn.indexOf('</h1>');
        if (!opensWithPicture(drawn)) firstScreenEnd = nextIdAfter(frame, at + (heading >= 0 ? heading : drawn.length));
      }
    }
    frame = frame.replace(ANY_REGION_MARKER, '');
    html = html.slice(0, start) + frame + html.slice(end + FRAME_END.length);
  }
  // The data goes last, after everything drawn: in the head, its 51 KB (home) came before all the page
  // shows. The shell reads it once the page is parsed (BOOT_AFTER_PAINT_SCRIPT).
  const data = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${scriptJson(parts.pageData)}</script>`;
  const bodyEnd = html.lastIndexOf('</body>');
  html = bodyEnd >= 0 ? html.slice(0, bodyEnd) + data + html.slice(bodyEnd) : html + data;
  // The shopper's currency is known before anything paints: the request's cookie, written on <html>,
  // else first in the head the time zone's rule (see shopperCurrencyScript). Then the script that keeps
  // a tap made before its control runs (EARLY_TAPS_SCRIPT).
  if (shopperCurrency) html = html.replace(/<html\b/, () => `<html data-shopper-currency="${shopperCurrency}"`);
  html = html.replace('<head>', () => `<head>${shopperCurrency ? '' : `<script>${SHOPPER_CURRENCY_SCRIPT}</script>`}<script>${EARLY_TAPS_SCRIPT}</script>`);
  let head = '';
  if (parts.frame && parts.region) {
    html = html.replace(/<title>[^<]*<\/title>/, '').replace(/<meta name="description"[^>]*>/, '');
    head = parts.region.head + firstScreenAtOnce(firstScreenEnd);
  }
  return firstPaintFirst(html.includes('</head>') ? html.replace('</head>', () => `${head}</head>`) : `${head}${html}`);
}
