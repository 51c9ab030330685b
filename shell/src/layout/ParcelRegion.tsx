import type { Boundary, RemoteName } from '@adire/contracts';
import { mountRootParcel, type Parcel } from 'single-spa';
import { useEffect, useRef } from 'react';
import { resilientLifecycles } from '../federation/resilient';

/**
 * A region the shell reserves (fixed size, so nothing shifts when the remote arrives) and fills with
 * a remote's parcel. The region stays the shell's; the remote marks its own root with data-boundary.
 */
export function ParcelRegion({ remote, label, className, compact }: { remote: RemoteName; label: string; className?: string; compact?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const domElement = ref.current;
    if (!domElement) return;
    const parcel: Parcel = mountRootParcel(resilientLifecycles(remote, label, { compact }) as never, { domElement, name: remote });
    return () => {
      void parcel.unmount().catch(() => {});
    };
  }, [remote, label, compact]);
  return <div ref={ref} className={className} data-region={remote satisfies Boundary} />;
}
