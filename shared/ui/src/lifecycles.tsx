import { Component, startTransition, type ComponentType, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import type { MountProps } from '@adire/contracts/remotes';

export interface ReactLifecyclesOptions<P extends MountProps> {
  /** Drawn with the mount's props (single-spa's and the shell's custom props): it reads those it needs. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  rootComponent: ComponentType<any>;
  /** What the region shows when its tree throws (instead of taking the page down). */
  errorBoundary: (error: unknown, props: P) => ReactNode;
  /** Asked at each mount: hydrate what the server drew into the element instead of rendering afresh. */
  hydrate?: () => boolean;
}

export interface ReactLifecycles<P extends MountProps> {
  bootstrap: (props: P) => Promise<void>;
  mount: (props: P) => Promise<void>;
  update: (props: P) => Promise<void>;
  unmount: (props: P) => Promise<void>;
}

/** Calls `committed` once React has put its tree on the page (after the first commit, or an update's). */
class Committed extends Component<{ committed: () => void; children: ReactNode }> {
  override componentDidMount() {
    this.props.committed();
  }
  override componentDidUpdate() {
    this.props.committed();
  }
  override render() {
    return this.props.children;
  }
}

class Boundary extends Component<{ fallback: (error: unknown) => ReactNode; children: ReactNode }, { failed: boolean; error: unknown }> {
  override state = { failed: false, error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }
  override render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}

/**
 * single-spa lifecycles for a React root component: each mount (by the props' `name`) is its own
 * React root in the props' `domElement`, behind an error boundary. The first render (or hydration)
 * starts synchronously inside `mount`, as a transition of its own: React does it in slices of a few
 * milliseconds with the page answering taps in between, even when the remote's mount awaited
 * something first and so left the shell's transition around the call (the checkout did, and its
 * render was one blocking task). `mount` and `update` resolve once React has committed (a task later,
 * as single-spa-react did). The store's own, in place of single-spa-react (issue 42): that library
 * was shared to every page for these few lines.
 */
export function reactLifecycles<P extends MountProps>({ rootComponent: RootComponent, errorBoundary, hydrate }: ReactLifecyclesOptions<P>): ReactLifecycles<P> {
  const roots = new Map<string, Root>();
  const tree = (props: P, committed: () => void) => (
    <Committed committed={committed}>
      <Boundary fallback={(error) => errorBoundary(error, props)}>
        <RootComponent {...props} />
      </Boundary>
    </Committed>
  );
  const afterCommit = (resolve: () => void) => () => setTimeout(resolve);

  return {
    bootstrap: () => Promise.resolve(),
    mount: (props) =>
      new Promise<void>((resolve, reject) => {
        if (!(props.domElement instanceof HTMLElement)) throw new Error(`${props.name} was mounted without a domElement to draw into`);
        if (roots.has(props.name)) throw new Error(`${props.name} is already mounted`);
        const element = tree(props, afterCommit(resolve));
        const domElement = props.domElement;
        const hydrating = hydrate?.() ?? false;
        startTransition(() => {
          // React reports an error thrown inside a transition instead of passing it on: the mount fails with it.
          try {
            if (hydrating) {
              roots.set(props.name, hydrateRoot(domElement, element));
            } else {
              const root = createRoot(domElement);
              roots.set(props.name, root);
              root.render(element);
            }
          } catch (error) {
            reject(error);
          }
        });
      }),
    update: (props) =>
      new Promise<void>((resolve) => {
        const root = roots.get(props.name);
        if (!root) throw new Error(`${props.name} is not mounted`);
        root.render(tree(props, afterCommit(resolve)));
      }),
    unmount: (props) => {
      roots.get(props.name)?.unmount();
      roots.delete(props.name);
      return Promise.resolve();
    },
  };
}
