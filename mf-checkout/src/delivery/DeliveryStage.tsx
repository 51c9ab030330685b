import { api } from '@adire/api-client';
import {
  API_PATHS,
  CHECKOUT_NOTE_NAMES,
  DEFAULT_CHECKOUT_SETTINGS,
  type CheckoutResponse,
  type DeliveryQuote,
  type Order,
  type Recipient,
} from '@adire/contracts';
import { orderDateProblem, readDeliveryMethod, shopDate } from '@adire/domain';
import { dayPlace } from '@adire/domain/days';
import { bus } from '@adire/event-bus';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useLatest } from '../useLatest';
import styles from '../form.module.css';
import { adoptCheckoutUser, toast, useCurrentUser } from '../session';
import { CHECKOUT_STAGES, isCheckedOut, useStage } from '../stage';
import { followCoupon } from '../order/useCheckoutOrder';
import { DateField } from './DateField';
import { dayReader } from './days';
import { ExtrasSection } from './ExtrasSection';
import { fieldId, type FormApi } from './fields';
import { initialForm, recipientToForm, type CheckoutForm, type FieldName } from './form';
import { MethodSection } from './MethodSection';
import { buildCheckoutRequest, buildSenderInfo } from './payload';
import { RecipientSection } from './RecipientSection';
import { SenderSection } from './SenderSection';
import { mapServerFields } from './serverFields';
import { fieldProblem, formErrors, requiredFields, SENDER_FIELDS, type FieldErrors } from './validation';
import { useDeliveryQuote } from './useDeliveryQuote';
import { useDeliveryDays } from './useDeliveryDays';

/** The API client also passes on a 400's `fields` and the error `code`. */

/** Fields in the order they appear, for moving focus to the first one to fix. */
const FIELD_ORDER: FieldName[] = [
  'senderName', 'senderEmail', 'senderPhoneNumber', 'senderCountryCode', 'senderPassword', 'deliveryMethod', 'state', 'zone', 'pickUpLocation',
  'recipientName', 'recipientPhoneNumber', 'recipientPhoneNumberAlt', 'recipientHomeAddress', 'residenceType', 'deliveryDate',
  ...CHECKOUT_NOTE_NAMES,
];

function focusFirst(errors: FieldErrors) {
  const first = FIELD_ORDER.find((name) => errors[name]);
  if (first) document.getElementById(fieldId(first))?.focus();
}

/** Stage 1: every checkout form field of SPEC section 3; submitted, the order moves to payment. */
export function DeliveryStage({ order, onOrder, onQuote }: { order: Order; onOrder(order: Order): void; onQuote(quote: DeliveryQuote | null): void }) {
  const user = useCurrentUser();
  const shop = useLatest('settings:loaded');
  const currency = useLatest('currency:changed');
  const checkoutSettings = shop?.settings?.checkoutSettings ?? DEFAULT_CHECKOUT_SETTINGS;
  const setStage = useStage((s) => s.setStage);
  const loggedIn = !!user;

  const [form, setForm] = useState<CheckoutForm>(() => initialForm(order, user, bus.last('cart:summary')?.deliveryDate ?? null));
  const [touched, setTouched] = useState<Partial<Record<FieldName, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const savedSender = useRef<string | null>(null);
  // A checked-out order whose day has passed (or closed): said at once, above the date to change.
  const [dateNotice] = useState(() => (isCheckedOut(order) && order.deliveryDate ? (orderDateProblem(order, new Date(), checkoutSettings)?.message ?? null) : null));

  // The logged-in shopper known only after the form opened (the handshake answers late) fills the sender.
  const userEmail = user?.email;
  useEffect(() => {
    if (!user) return;
    const fresh = initialForm(null, user, null);
    setForm((f) => ({
      ...f,
      senderName: f.senderName || fresh.senderName,
      senderEmail: f.senderEmail || fresh.senderEmail,
      senderPhoneNumber: f.senderPhoneNumber || fresh.senderPhoneNumber,
      senderCountryCode: f.senderPhoneNumber ? f.senderCountryCode : fresh.senderCountryCode,
    }));
    // Only when a different user appears: the shopper's own typing is never overwritten.
  }, [userEmail]);

  // The chosen method and place's days, as the shop answers them (fully booked, places left).
  const method = readDeliveryMethod(form.deliveryMethod) ?? 'delivery';
  const place = dayPlace(method, form.state, form.pickUpLocation);
  const days = useDeliveryDays(place, shopDate(new Date(), checkoutSettings.timeZone), form.deliveryDate);
  const dayOf = useCallback((date: string) => dayReader(place, method, days.answers, new Date(), checkoutSettings)(date), [place, method, days.answers, checkoutSettings]);
  const ctx = useMemo(() => ({ loggedIn, now: new Date(), checkoutSettings, dayOf }), [loggedIn, checkoutSettings, dayOf]);
  const required = useMemo(() => new Set(requiredFields(form, { loggedIn })), [form, loggedIn]);

  const { quote, pending } = useDeliveryQuote(order.id, form, `${order.itemsTotal}-${order.currency}`);
  useEffect(() => onQuote(quote), [quote, onQuote]);

  const saveSender = useCallback(
    async (values: CheckoutForm): Promise<boolean> => {
      const body = buildSenderInfo(values);
      const key = body ? JSON.stringify(body) : null;
      if (!body || key === savedSender.current) return true;
      const res = await api.put<Order>(API_PATHS.saveSenderInfo(order.id), body);
      if (!res.error) {
        savedSender.current = key;
        return true;
      }
      if (res.status === 400 && res.fields) {
        setServerErrors((e) => ({ ...e, ...mapServerFields(res.fields).byField }));
        return false;
      }
      return true; // the checkout itself carries the sender too: a failure here does not stop it
    },
    [order.id],
  );

  const f: FormApi = {
    form,
    set(name, value) {
      setForm((prev) => {
        const next = { ...prev, [name]: value };
        // Another state has other zones.
        if (name === 'state' && prev.state !== value) next.zone = '';
        return next;
      });
      setServerErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
      setFormError(null);
    },
    blur(name) {
      setTouched((t) => (t[name] ? t : { ...t, [name]: true }));
      if (SENDER_FIELDS.includes(name) && Object.keys(formErrors(form, ctx, SENDER_FIELDS)).length === 0) void saveSender(form);
    },
    errorOf(name) {
      // A chosen day the shop says cannot be taken (fully booked) is said at once, touched or not.
      const shown = touched[name] || submitted || (name === 'deliveryDate' && form.deliveryDate !== '' && !dayOf(form.deliveryDate).open);
      return serverErrors[name] ?? (shown ? fieldProblem(name, form, { ...ctx, now: new Date() }) : null);
    },
    isRequired: (name) => required.has(name),
  };

  const pickRecipient = (r: Recipient) => {
    setForm((prev) => ({ ...prev, ...recipientToForm(r), zone: r.state && r.state !== prev.state ? '' : prev.zone }));
    setServerErrors({});
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const errors = formErrors(form, { ...ctx, now: new Date() });
    if (Object.keys(errors).length) {
      setFormError('Please check the highlighted fields.');
      focusFirst(errors);
      return;
    }
    setBusy(true);
    setFormError(null);
    try {
      if (!(await saveSender(form))) {
        setFormError('Please check your details.');
        return;
      }
      const body = buildCheckoutRequest(form, { currency: currency?.name ?? order.currency, loggedIn });
      const res = await api.put<CheckoutResponse>(API_PATHS.checkoutOrder(order.id), body);
      if (res.status === 409 && (res.code === 'DAY_FULL' || res.code === 'DAY_HOLD_LIMIT')) {
        // Another shopper took the day's last place (or this sender already holds as many of the day's
        // places as allowed, issue 38): the cart, the order and the form are kept; the sentence goes
        // beside the date, the days are read again (that day now shut), and the shopper picks another.
        setServerErrors({ deliveryDate: res.message });
        days.reload();
        document.getElementById(fieldId('deliveryDate'))?.focus();
        return;
      }
      if (res.error || !res.data) {
        const mapped = mapServerFields(res.fields);
        setServerErrors(mapped.byField);
        setFormError(res.message || 'The order could not be saved. Please try again.');
        if (res.status !== 400) toast('error', `Unable to save delivery details: ${res.message}`);
        focusFirst(mapped.byField);
        return;
      }
      if (res.data.user) {
        const created = !loggedIn;
        adoptCheckoutUser(res.data.user);
        if (created) toast('success', `Your account was created: you are logged in as ${res.data.user.email}`);
      }
      followCoupon(res.data.order);
      onOrder(res.data.order);
      setStage(CHECKOUT_STAGES.payment);
    } finally {
      setBusy(false);
    }
  }

  const saved = loggedIn && form.deliveryMethod === 'delivery' ? (user?.recipients ?? []) : [];
  return (
    <form className={styles.form} aria-label="Delivery details" noValidate onSubmit={submit}>
      <h2 className={styles.stageTitle}>Delivery details</h2>
      <p className={styles.hint}>Fields marked * are required.</p>
      <SenderSection f={f} loggedIn={loggedIn} />
      <MethodSection f={f} deliverySettings={shop?.settings?.deliverySettings ?? null} quote={quote} quotePending={pending} />
      {form.deliveryMethod === 'delivery' && (
        <RecipientSection f={f} saved={saved} canSave={loggedIn || form.freeAccount} onPick={pickRecipient} />
      )}
      <fieldset className={styles.section}>
        <legend>{form.deliveryMethod === 'pick-up' ? 'Pick-up day' : 'Delivery day'}</legend>
        {dateNotice && (
          <p className={styles.formError} role="alert">
            {dateNotice}
          </p>
        )}
        <DateField f={f} settings={checkoutSettings} place={place} answers={days.answers} />
      </fieldset>
      <ExtrasSection f={f} />
      <div className={styles.submitRow}>
        <p className={styles.formError} role="alert">
          {formError}
        </p>
        <button type="submit" className={styles.primary} disabled={busy} aria-busy={busy}>
          {busy ? 'Saving…' : 'Continue to payment'}
        </button>
      </div>
    </form>
  );
}
