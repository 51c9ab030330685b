import { BrowserRouter, Route, Routes } from '@adire/router';
import styles from './checkout.module.css';
import { CheckoutPage } from './CheckoutPage';
import { OrderTracker } from './tracker/OrderTracker';

/** The checkout application: the staged checkout and the order tracker. */
export function CheckoutApp() {
  return (
    <div data-boundary="checkout" className={styles.root}>
      <BrowserRouter>
        <Routes>
          <Route path="/checkout" element={<CheckoutPage />} />
          <Route path="/order-tracker" element={<OrderTracker />} />
        </Routes>
      </BrowserRouter>
    </div>
  );
}
