// @vitest-environment node
// Rendered as the server will render it: no window, no document.
import type { ImageVariants } from '@adire/contracts';
import { IMAGE_SIZES, saveDataSizes } from '@adire/domain/images';
import { MemoryRouter } from '@adire/router';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Gallery } from '../src/product/Gallery';
import { LessData } from '../src/ui/lessData';
import { ProductGrid } from '../src/ui/ProductGrid';
import { detail, summary } from './fixtures';

const variants: ImageVariants = { url: '/media/products/ruby.w{width}.{format}?v=ab12', widths: [320, 480, 720], formats: ['avif', 'webp', 'jpeg'] };
const photo = { src: '/media/products/ruby.w720.jpeg?v=ab12', alt: 'Ruby Romance Red Roses', width: 1200, height: 900, variants };

describe('product pictures', () => {
  it('a photo on a card: AVIF and WebP sources, a JPEG img with srcset and sizes, the square box kept', () => {
    expect(typeof window).toBe('undefined');
    const html = renderToString(
      <MemoryRouter>
        <ProductGrid products={[summary({ image: photo })]} eagerFirst />
      </MemoryRouter>,
    );
    const sizes = IMAGE_SIZES.card;
    expect(html).toContain(`<picture><source type="image/avif" srcSet="/media/products/ruby.w320.avif?v=ab12 320w, /media/products/ruby.w480.avif?v=ab12 480w, /media/products/ruby.w720.avif?v=ab12 720w" sizes="${sizes}"/><source type="image/webp"`);
    expect(html).toMatch(/<img src="\/media\/products\/ruby\.w720\.jpeg\?v=ab12" srcSet="[^"]*ruby\.w320\.jpeg\?v=ab12 320w[^"]*" sizes="[^"]*" alt="" width="400" height="400" loading="eager" fetchPriority="high"/);
  });

  it('for a shopper who saves data (issue 42, item 4): a card offers only what a pixel ratio of 1.5 needs, with capped sizes', () => {
    const html = renderToString(
      <LessData value>
        <MemoryRouter>
          <ProductGrid products={[summary({ image: photo })]} eagerFirst />
        </MemoryRouter>
      </LessData>,
    );
    const sizes = saveDataSizes(IMAGE_SIZES.card).replace(/&/g, '&amp;');
    expect(html).toContain(`<picture><source type="image/avif" srcSet="/media/products/ruby.w320.avif?v=ab12 320w, /media/products/ruby.w480.avif?v=ab12 480w" sizes="${sizes}"/>`);
    expect(html).not.toContain(' 720w'); // (the img's plain src, for browsers without srcset, stays)
    const gallery = renderToString(
      <LessData value>
        <Gallery product={detail({ images: [photo] })} />
      </LessData>,
    );
    expect(gallery).toContain(`sizes="${saveDataSizes(IMAGE_SIZES.productMain)}" alt="Ruby Romance Red Roses"`);
  });

  it('art stays one plain img, as before', () => {
    const html = renderToString(
      <MemoryRouter>
        <ProductGrid products={[summary()]} />
      </MemoryRouter>,
    );
    expect(html).not.toContain('<picture');
    expect(html).not.toContain('srcSet');
    expect(html).toContain('<img src="/media/products/white-grace-lilies.svg" alt="" width="400" height="400" loading="lazy"');
  });

  it("the product page's main photo carries its own size and the page's sizes; thumbnails theirs", () => {
    const html = renderToString(<Gallery product={detail({ images: [photo, { ...photo, src: '/media/products/ruby--detail.svg?v=1', variants: undefined, width: 800, height: 800 }] })} />);
    expect(html).toContain(`sizes="${IMAGE_SIZES.productMain}" alt="Ruby Romance Red Roses" width="1200" height="900" fetchPriority="high"`);
    expect(html).toContain(`sizes="${IMAGE_SIZES.thumb}" alt="" width="72" height="72" loading="lazy"`);
    expect(html).toContain('<img src="/media/products/ruby--detail.svg?v=1" alt="" width="72" height="72"');
  });

  it('a slide not shown yet keeps its place and fetches nothing', () => {
    const html = renderToString(
      <MemoryRouter>
        <ProductGrid products={[summary({ image: photo })]} withoutImages />
      </MemoryRouter>,
    );
    expect(html).not.toMatch(/srcSet=|src=/);
    expect(html).toContain('width="400" height="400"');
  });
});
