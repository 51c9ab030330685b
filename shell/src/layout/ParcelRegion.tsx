import type { Boundary, RemoteName } from '@adire/contracts';
import { mountRootParcel, type Parcel } from 'single-spa';
import { useEffect, useRef } from 'react';
import { resilientLifecycles } from '../federation/resilient';

/**
 * A region the shell reserves (fixed size, so nothing shifts when the remote arrives) and fills with
 * a remote's parcel. The region stays the shell's; the remote marks its own root with data-boundary.
 * `when` delays the mount (after the page's main content, or until the remote is asked for);
 * `customProps` go to the remote's lifecycles with the mount.
 */
export function ParcelRegion({
  remote,
  label,
  className,
  compact,
  when,
  customProps,
}: {
  remote: RemoteName;
  label: string;
  className?: string;
  compact?: boolean;
  when?: () => Promise<void>;
  customProps?: Record<string, unknown>;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const domElement = ref.current;
    if (!domElement) return;
    let parcel: Parcel | null = null;
    let removed = false;
    const mount = () => {
      if (removed) return;
      parcel = mountRootParcel(resilientLifecycles(remote, label, { compact }) as never, { ...customProps, domElement, name: remote });
    };
    if (when) void when().then(mount);
    else mount();
    return () => {
      removed = true;
      void parcel?.unmount().catch(() => {});
    };
    // customProps are read once, at mount (a parcel is not re-mounted when they change).
  }, [remote, label, compact, when]);
  return <div ref={ref} className={className} data-region={remote satisfies Boundary} />;
}
