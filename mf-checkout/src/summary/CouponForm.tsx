import { api } from '@adire/api-client';
import { API_PATHS, type CouponValidateResponse, type Order } from '@adire/contracts';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '../session';
import styles from '../summary.module.css';
import { tidyCouponCode, writeCoupon } from './coupon';

/** Apply a coupon (the server validates it and applies the discount) or remove the one applied. */
export function CouponForm({ order, onOrder }: { order: Order; onOrder(order: Order): void }) {
  const id = useId();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function apply(e: FormEvent) {
    e.preventDefault();
    const tidy = tidyCouponCode(code);
    if (!tidy) {
      setProblem('Coupon code is required');
      return;
    }
    setBusy(true);
    const res = await api.post<CouponValidateResponse>(API_PATHS.couponValidate, { code: tidy, order: order.id });
    setBusy(false);
    if (res.error || !res.data) {
      setProblem(res.message || 'The coupon could not be applied');
      return;
    }
    setProblem(null);
    setCode('');
    writeCoupon({ code: res.data.coupon.code, orderId: order.id });
    onOrder(res.data.order);
    toast('success', res.data.message || `Coupon ${res.data.coupon.code} applied`);
  }

  async function remove() {
    setBusy(true);
    const res = await api.delete<Order>(API_PATHS.deleteCoupon(order.id));
    let fresh = res.data && typeof res.data === 'object' && 'id' in res.data ? res.data : null;
    if (!res.error && !fresh) fresh = (await api.get<Order>(API_PATHS.order(order.id))).data;
    setBusy(false);
    if (res.error || !fresh) {
      toast('error', `Unable to remove coupon: ${res.message || 'please try again'}`);
      return;
    }
    writeCoupon(null);
    onOrder(fresh);
    toast('success', `Coupon ${order.coupon} removed`);
  }

  if (order.coupon) {
    return (
      <div className={styles.coupon}>
        <p>
          Coupon <strong>{order.coupon}</strong> applied.
        </p>
        <button type="button" className={styles.link} onClick={() => void remove()} disabled={busy}>
          Remove coupon
        </button>
      </div>
    );
  }
  return (
    <form className={styles.coupon} onSubmit={apply} aria-label="Coupon" noValidate>
      <label htmlFor={id}>Coupon code</label>
      <span className={styles.couponRow}>
        <input
          id={id}
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          onChange={(e) => {
            setCode(e.target.value);
            setProblem(null);
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-error`}
        />
        <button type="submit" disabled={busy} aria-busy={busy}>
          Apply
        </button>
      </span>
      <span id={`${id}-error`} className={styles.error}>
        {problem && <span role="alert">{problem}</span>}
      </span>
    </form>
  );
}
