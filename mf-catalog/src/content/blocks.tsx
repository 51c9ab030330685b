import type { BlogBlock } from '@adire/contracts';
import { formatShopDayLong } from '@adire/domain/formats';

/** A post's blocks as React text nodes: never parsed as HTML, whatever characters they hold. */
export function Blocks({ blocks }: { blocks: BlogBlock[] }) {
  return (
    <>
      {blocks.map((block, i) => {
        switch (block.type) {
          case 'heading':
            return <h2 key={i}>{block.text}</h2>;
          case 'paragraph':
            return <p key={i}>{block.text}</p>;
          case 'list':
            return (
              <ul key={i}>
                {block.items.map((item, j) => (
                  <li key={j}>{item}</li>
                ))}
              </ul>
            );
          default:
            return null; // a block type this release does not know yet
        }
      })}
    </>
  );
}

export function publishedOn(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : formatShopDayLong(d);
}
