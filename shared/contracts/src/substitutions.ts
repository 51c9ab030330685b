// Substitutions the sender approves (issue 40, item 4). A florist proposes a substitute of equal or
// greater value for one of an order's lines; the sender accepts it or has the item refunded, with a
// one-time link; past its deadline the shop's proposal stands. Paths: BACKOFFICE_PATHS.orderSubstitutions
// (backoffice.ts) and SUBSTITUTION_PATH (the sender's). The payments domain owns it (a refund is an outcome).

/** Where a proposal is: waiting for the sender, accepted, refunded (or the refund is for a manager to make), or it stands. */
export const SUBSTITUTION_STATUSES = ['proposed', 'accepted', 'refunded', 'refund-failed', 'stands'] as const;
export type SubstitutionStatus = (typeof SUBSTITUTION_STATUSES)[number];

/** What the sender decides. */
export const SUBSTITUTION_DECISIONS = ['accept', 'refund'] as const;
export type SubstitutionDecision = (typeof SUBSTITUTION_DECISIONS)[number];

/** The words of each step, on the order's page, the sender's page and the mail. */
export const SUBSTITUTION_LABELS: Readonly<Record<SubstitutionStatus, string>> = {
  proposed: 'Proposed: waiting for the sender',
  accepted: 'Accepted by the sender',
  refunded: 'Refused: the item was refunded',
  'refund-failed': 'Refused: a manager must refund the item',
  stands: "No answer by the deadline: the shop's proposal stands",
};

/** POST orders/:orderNumber/substitutions: the order line (its SKU), the substitute (a catalogue SKU) and/or a photo of the order, a note (`business` beside them, as the API client adds it to every body). */
export interface SubstitutionRequest {
  /** The order line that is short: its SKU. */
  item: string;
  /** The substitute from the catalogue: its SKU (the size is part of it). */
  substitute?: string;
  /** One of the order's photos (added with orderPhotos) showing the substitute. */
  photo?: string;
  note?: string;
}

/** One proposal, as the back office and the sender read it. Amounts in the order's currency. */
export interface Substitution {
  id: string;
  status: SubstitutionStatus;
  item: { sku: string; name: string; amount: number };
  substitute: { sku: string; name: string; amount: number } | null;
  currency: string;
  note: string | null;
  /** Where the photo is served (never cached), when there is one. */
  photoUrl: string | null;
  /** ISO time after which the shop's proposal stands. */
  deadline: string;
  proposedAt: string;
  decidedAt: string | null;
  /** Set when the sender chose a refund that could not be made: what a manager must do. */
  refundProblem: string | null;
}

/** POST → 201 SubstitutionAnswer; GET → SubstitutionsAnswer. */
export interface SubstitutionAnswer {
  substitution: Substitution;
}
export interface SubstitutionsAnswer {
  substitutions: Substitution[];
}

/** The sender's one-time link: GET (the proposal) and POST {decision} on `${SUBSTITUTION_PATH}/:token`; the page at SUBSTITUTION_PAGE_PATH. */
export const SUBSTITUTION_PATH = '/v1/orders/substitutions';
export const SUBSTITUTION_PAGE_PATH = '/substitution';
/** What the sender's link answers: the proposal and the order's number. */
export interface SenderSubstitution {
  orderNumber: string;
  substitution: Substitution;
}
