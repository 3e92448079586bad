// Order, KYC and KYC-supplement state machines (doc 1 §3) and the sandbox's forced outcomes
// (doc 2 §3). Where the document says "not shown" and the sandbox still needs a move, the
// transition carries `assumption`.

import type { SimulationSpec, StateMachine, StateSpec, TransitionSpec } from './types';

const orderStateList: StateSpec[] = [
  { name: 'AWAITING_PAYMENT', meaning: 'Created. The payout has not gone out yet.', terminal: false },
  { name: 'PAYMENT_COMPLETED', meaning: 'The recipient has been paid.', terminal: false },
  { name: 'PROCESSING', meaning: 'In flight.', terminal: false },
  { name: 'SUCCESS', meaning: 'Done.', terminal: true },
  { name: 'ERROR', meaning: 'Failed. The fund has been refunded.', terminal: true },
];

export const ORDER_STATUSES: readonly string[] = orderStateList.map((s) => s.name);
const nonTerminal = orderStateList.filter((s) => !s.terminal).map((s) => s.name);
const terminal = orderStateList.filter((s) => s.terminal).map((s) => s.name);

// "any non-terminal status" is written out per state so a program can look a move up directly.
const settlement = (to: string, condition: string, also: string): TransitionSpec[] =>
  nonTerminal.map((from) => ({ from, trigger: 'settlement', condition, to, also }));

export const orderStates: StateMachine = {
  states: orderStateList,
  transitions: [
    {
      from: null,
      trigger: 'create-sell-order',
      condition: 'All checks pass and the payout is started',
      to: 'AWAITING_PAYMENT',
      also: 'Fund debited; the merchant is paid in local currency',
    },
    {
      from: null,
      trigger: 'create-cashout',
      condition: 'All checks pass and the payout is started',
      to: 'AWAITING_PAYMENT',
      also: 'Fund debited',
    },
    ...settlement('SUCCESS', 'The payout completes', 'Webhook fires if `webhookSecretKey` was given'),
    ...settlement('ERROR', 'The payout fails', 'Fund refunded; webhook fires if `webhookSecretKey` was given'),
    ...terminal.map((from): TransitionSpec => ({ from, trigger: 'none', condition: 'Terminal', to: from, also: 'No further moves' })),
  ],
  notes: [
    'A status value that a client does not recognise is treated as still in progress.',
    'When the payout fails after the order was created, the create call answers error 12 with the order in `data`; the fund is already refunded.',
    'Moves between AWAITING_PAYMENT, PAYMENT_COMPLETED and PROCESSING: not shown.',
  ],
};

export const KYC_STATUSES: readonly string[] = ['PROCESSING', 'VERIFIED', 'REJECTED'];

export const kycStates: StateMachine = {
  states: [
    { name: 'NONE', meaning: 'No KYC submitted yet (get-kyc-information answers 50).', terminal: false },
    { name: 'PROCESSING', meaning: 'A submission is under review; resubmission is blocked with 35.', terminal: false },
    { name: 'VERIFIED', meaning: 'The user may transact; resubmission is blocked with 52.', terminal: false },
    { name: 'REJECTED', meaning: 'The review failed; `rejectReason` says why. Fix and resubmit.', terminal: false },
  ],
  transitions: [
    { from: 'NONE', trigger: 'submit-kyc', condition: 'Valid submission', to: 'PROCESSING', also: 'Every submission goes to review' },
    {
      from: 'REJECTED',
      trigger: 'submit-kyc',
      condition: 'Fixed and resubmitted',
      to: 'PROCESSING',
      also: 'Resubmission is blocked with 35 while one is in flight, and with 52 once verified',
    },
    { from: 'PROCESSING', trigger: 'submit-kyc', condition: 'A submission is in flight', to: 'PROCESSING', also: 'Rejected with 35' },
    { from: 'VERIFIED', trigger: 'submit-kyc', condition: 'Already verified', to: 'VERIFIED', also: 'Rejected with 52' },
    {
      from: 'VERIFIED',
      trigger: 'submit-kyc-supplement',
      condition: 'At least one patchable field sent',
      to: 'VERIFIED',
      also: '`kycSupplementStatus` becomes SUBMITTED; the user keeps transacting',
    },
    {
      from: 'PROCESSING',
      trigger: 'review',
      condition: 'The review passes',
      to: 'VERIFIED',
      assumption:
        'Moves out of PROCESSING and their triggers are not shown; the project models a review that ends in VERIFIED or REJECTED.',
    },
    {
      from: 'PROCESSING',
      trigger: 'review',
      condition: 'The review fails',
      to: 'REJECTED',
      also: '`rejectReason` is set',
      assumption:
        'Moves out of PROCESSING and their triggers are not shown; the project models a review that ends in VERIFIED or REJECTED.',
    },
  ],
  notes: [
    '`kycSupplementStatus` is independent of `kycStatus`.',
    'Transaction endpoints answer 34 for a user who has not submitted, is in review, or was rejected.',
    'Moves out of PROCESSING to VERIFIED or REJECTED, and their triggers: not shown.',
  ],
};

export const KYC_SUPPLEMENT_STATUSES: readonly string[] = ['NONE', 'SUBMITTED', 'REJECTED', 'APPROVED'];

const supplementAssumption =
  'Moves of kycSupplementStatus beyond SUBMITTED are not shown; the project models a review ending in APPROVED or REJECTED.';

export const kycSupplementStates: StateMachine = {
  states: [
    { name: 'NONE', meaning: 'No supplement sent.', terminal: false },
    { name: 'SUBMITTED', meaning: 'A supplement was sent; the user keeps transacting.', terminal: false },
    { name: 'REJECTED', meaning: 'The supplement was rejected.', terminal: false },
    { name: 'APPROVED', meaning: 'The supplement was approved.', terminal: false },
  ],
  transitions: [
    ...['NONE', 'SUBMITTED', 'REJECTED', 'APPROVED'].map((from): TransitionSpec => ({
      from,
      trigger: 'submit-kyc-supplement',
      condition: 'The user is VERIFIED and at least one patchable field was sent',
      to: 'SUBMITTED',
    })),
    { from: 'SUBMITTED', trigger: 'review', condition: 'The supplement is accepted', to: 'APPROVED', assumption: supplementAssumption },
    { from: 'SUBMITTED', trigger: 'review', condition: 'The supplement is refused', to: 'REJECTED', assumption: supplementAssumption },
  ],
  notes: ['Independent of `kycStatus`.', 'Moves of kycSupplementStatus beyond SUBMITTED: not shown.'],
};

/** Doc 2 §3. FAILED ends the order in ERROR with the fund refunded (doc 1 §3.1). */
export const simulations: SimulationSpec[] = [
  {
    endpointId: 'v3.simulate.scan-to-pay.outcomes',
    orderType: 'SELL',
    outcomes: [
      { value: 'SUCCESS', result: 'Terminal success', webhook: true, orderStatus: 'SUCCESS' },
      { value: 'FAILED', result: 'Terminal failure; the fund is refunded', webhook: true, orderStatus: 'ERROR' },
      { value: 'PROCESSING', result: 'In-flight state', webhook: false, orderStatus: 'PROCESSING' },
    ],
  },
  {
    endpointId: 'v3.simulate.cashout.outcomes',
    orderType: 'CASHOUT',
    outcomes: [
      { value: 'SUCCESS', result: 'Terminal success', webhook: true, orderStatus: 'SUCCESS' },
      { value: 'FAILED', result: 'Terminal failure; the fund is refunded', webhook: true, orderStatus: 'ERROR' },
    ],
  },
];

/** Notes on the forced outcomes, including the project's choices where doc 2 says "not shown". */
export const simulationNotes: readonly string[] = [
  'The webhook fires only if the order was created with a `webhookSecretKey` (doc 2 §3, doc 1 §6).',
  'Cashout does not accept `PROCESSING`.',
  'Assumption (order states from which a forced outcome is accepted are not shown): any non-terminal state; an order already SUCCESS or ERROR is refused with INVALID_REQUEST_DATA (5).',
  "Assumption: an `orderId` with no order of the endpoint's kind under the token's partner is refused with TRANSACTION_NOT_FOUND (15).",
];
