import type { ApiResult } from '@adire/contracts';
import { useEffect, useState } from 'react';

type State<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

/** Load once per key; errors become a message the page shows. */
export function useRemoteData<T>(key: string, load: () => Promise<ApiResult<T>>): State<T> {
  const [state, setState] = useState<State<T>>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    void load().then((res) => {
      if (!live) return;
      setState(res.error || res.data === null ? { status: 'error', message: res.message } : { status: 'ready', data: res.data });
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state;
}
