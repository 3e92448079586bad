// What a scan-to-pay order's `bankTransfer.qrUrl` points at on the local sandbox: the payment QR
// for the order's bank transfer, as an EMV string in the format of its currency (VietQR for VND,
// QR Ph for PHP), so a client can render it or feed it back to get-qr-code-info.

import type { SandboxContext } from './context';
import { buildMerchantQr } from './qr/generate';

export function orderQr(ctx: SandboxContext, externalOrderId: string): Record<string, unknown> | undefined {
  const rec = Object.values(ctx.store.state.orders).find((o) => o.order.externalOrderId === externalOrderId && o.order.type === 'SELL');
  if (!rec) return undefined;
  const t = rec.order.bankTransfer as Record<string, string | number>;
  const account = String(t.bankAccountNumber);
  const common = {
    amount: Number(t.totalPayment),
    name: String(t.bankAccountName || 'RECIPIENT').slice(0, 25),
    additional: [['08', String(t.contentPayment).slice(0, 25)]] as [string, string][],
  };
  let qrContent: string | null = null;
  if (rec.fiatCurrency === 'VND') {
    const beneficiary = `0006${t.bankCode}01${String(account.length).padStart(2, '0')}${account}`;
    qrContent = buildMerchantQr({
      templateId: '38',
      template: [
        ['00', 'A000000727'],
        ['01', beneficiary],
        ['02', 'QRIBFTTA'],
      ],
      currency: '704',
      country: 'VN',
      city: 'HA NOI',
      ...common,
    });
  } else if (rec.fiatCurrency === 'PHP') {
    qrContent = buildMerchantQr({
      templateId: '28',
      template: [
        ['00', 'ph.ppmi.p2m'],
        ['01', String(t.bankCode)],
        ['03', account],
      ],
      currency: '608',
      country: 'PH',
      city: 'MANILA',
      ...common,
    });
  }
  return {
    externalOrderId,
    fiatCurrency: rec.fiatCurrency,
    qrContent,
    ...(qrContent ? {} : { note: `The sandbox renders QR codes for VND and PHP orders only, not ${rec.fiatCurrency}.` }),
  };
}
