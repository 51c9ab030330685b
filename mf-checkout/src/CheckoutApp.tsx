import { Suspense } from 'react';
import { BrowserRouter, MemoryRouter, Route, Routes } from '@adire/router';
import styles from './checkout.module.css';
import { CheckoutPage } from './CheckoutPage';
import { OrderTracker } from './parts';

/**
 * The checkout application: the staged checkout and the order tracker. `location` (path and query)
 * is given when the server draws it.
 */
export function CheckoutApp({ location }: { location?: string } = {}) {
  const routes = (
    <Routes>
      <Route path="/checkout" element={<CheckoutPage />} />
      <Route
        path="/order-tracker"
        element={
          <Suspense fallback={<p role="status">Loading…</p>}>
            <OrderTracker />
          </Suspense>
        }
      />
    </Routes>
  );
  return (
    <div data-boundary="checkout" className={styles.root}>
      {location === undefined ? <BrowserRouter>{routes}</BrowserRouter> : <MemoryRouter initialEntries={[location]}>{routes}</MemoryRouter>}
    </div>
  );
}
