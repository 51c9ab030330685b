// The checkout's notes, each declared once (CHECKOUT_NOTES). Imports only names.ts; entities.ts (Order's
// notes) and checkout.ts (the form's fields) read it (issue 44).
import type { DeliveryMethod } from './names';

/** Where a checkout note is shown besides the order's answer: the printed card, the back office's order page
 * and delivery sheet, the confirmation mail, the checkout's order summary. */
export type CheckoutNotePlace = 'card' | 'sheet' | 'mail' | 'summary';

/** One free-text field of the checkout (a note that travels with the order). */
export interface CheckoutNoteSpec {
  /** What the shopper reads in the form; the server's 400 and the back office use it too. */
  label: string;
  /** Its name in the payload's `orderData` and in the `Order` answer. */
  key: string;
  maxLength: number;
  /** Required whenever it is asked for. */
  required: boolean;
  /** The delivery methods it is asked for; sent with another method it is dropped. */
  methods: readonly DeliveryMethod[];
  shownOn: readonly CheckoutNotePlace[];
  /** The line under the field in the form. */
  hint?: string;
  /** Offered as a list in the form (the server takes any text of the length), under `placeholder`. */
  choices?: readonly string[];
  placeholder?: string;
}

const ANY_METHOD = ['delivery', 'pickup'] as const satisfies readonly DeliveryMethod[];

/**
 * The checkout's notes, each declared once: the server validates and stores them from this table, and the
 * delivery form, the order summary, the confirmation mail and the back office's order page draw them from
 * it. A new note is one entry here (it is stored in the order's `checkout_notes`); see the server's
 * README, "A new checkout note". The first four are SPEC section 3's and keep their own columns.
 */
export const CHECKOUT_NOTES = {
  message: {
    label: 'Message for the card',
    key: 'deliveryMessage',
    maxLength: 1000,
    required: false,
    methods: ANY_METHOD,
    shownOn: ['card', 'mail', 'summary'],
    hint: 'We write it on the card that goes with the flowers.',
  },
  purpose: {
    label: 'Purpose',
    key: 'purpose',
    maxLength: 120,
    required: false,
    methods: ANY_METHOD,
    shownOn: ['sheet'],
    placeholder: 'Choose the occasion',
    choices: ['Birthday', 'Anniversary', 'Love and romance', 'Get well soon', 'Sympathy', 'Congratulations', 'Thank you', 'Wedding', 'Just because', 'Other'],
  },
  deliveryInstruction: {
    label: 'Delivery instruction',
    key: 'deliveryInstruction',
    maxLength: 1000,
    required: false,
    methods: ANY_METHOD,
    shownOn: ['sheet'],
    hint: 'For the rider, e.g. call before arriving.',
  },
  additionalInfo: {
    label: 'Additional information',
    key: 'adminNotes',
    maxLength: 1000,
    required: false,
    methods: ANY_METHOD,
    shownOn: ['sheet'],
    hint: 'Anything else we should know.',
  },
  giftWrapNote: {
    label: 'Gift wrap note',
    key: 'giftWrapNote',
    maxLength: 200,
    required: false,
    methods: ANY_METHOD,
    shownOn: ['sheet', 'mail', 'summary'],
    hint: 'How the florist wraps it, e.g. colours, no price tags.',
  },
} as const satisfies Record<string, CheckoutNoteSpec>;

export type CheckoutNoteName = keyof typeof CHECKOUT_NOTES;
/** A note's name in the payload and the order: 'deliveryMessage', 'giftWrapNote', … */
export type CheckoutNoteKey = (typeof CHECKOUT_NOTES)[CheckoutNoteName]['key'];
/** The notes of an order as the API answers them (absent when blank). */
export type CheckoutNotes = Partial<Record<CheckoutNoteKey, string>>;

export const CHECKOUT_NOTE_NAMES = Object.keys(CHECKOUT_NOTES) as CheckoutNoteName[];

/** The notes to show in one place, in the table's order. */
export const checkoutNotesFor = (place: CheckoutNotePlace): { name: CheckoutNoteName; note: CheckoutNoteSpec }[] =>
  CHECKOUT_NOTE_NAMES.filter((name) => (CHECKOUT_NOTES[name].shownOn as readonly string[]).includes(place)).map((name) => ({ name, note: CHECKOUT_NOTES[name] }));

/** The notes of an order that are shown in `place` and not blank: label and text. */
export const orderNotesFor = (order: CheckoutNotes, place: CheckoutNotePlace): { name: CheckoutNoteName; label: string; text: string }[] =>
  checkoutNotesFor(place).flatMap(({ name, note }) => {
    const text = order[note.key as CheckoutNoteKey];
    return text ? [{ name, label: note.label, text }] : [];
  });
