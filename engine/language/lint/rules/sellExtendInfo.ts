// Doc 1 §4.13: create-sell-order `extendInfo` by fiatCurrency, read from the catalogue's rules
// (PHP needs PH with recipientName + additionalData; GEL needs GE; BRL/ARS/PEN exactly the one
// matching key, since BR, AR, PE are read in that fixed order; VND, NGN, others send null).
import { SELL_EXTEND_INFO_READ_ORDER, sellExtendInfoRuleFor, sellExtendInfoRules } from '../../../catalogue';
import type { BodyField } from '../../body';
import type { BlockRule, RuleDiagnostic } from '../types';
import { bodyAnchor, diag, errorName, insertFieldEdit } from '../util';

const KEYED_CURRENCIES = sellExtendInfoRules
  .filter((r) => r.key)
  .flatMap((r) => r.fiatCurrencies)
  .join(', ');

const isLiteralDigits = (f: BodyField | undefined) => f?.kind === 'string' && !f.hasTemplates && /^\d+$/.test(String(f.value));

export const sellExtendInfo: BlockRule = {
  code: 'payout/extend-info',
  description: 'create-sell-order `extendInfo` does not fit its fiatCurrency (keys PH, GE, BR, AR, PE; null for VND, NGN, others).',
  check({ block, endpoint, body }) {
    const spec = endpoint?.body?.find((f) => f.name === 'extendInfo' && f.required === 'by-currency');
    if (!endpoint || !spec || !body.root) return [];
    const currencyField = body.byName.get('fiatCurrency');
    let currency: string;
    if (!currencyField) currency = String(endpoint.body?.find((f) => f.name === 'fiatCurrency')?.default ?? '');
    else if (currencyField.kind === 'string' && !currencyField.hasTemplates) currency = String(currencyField.value);
    else return []; // decided at send time
    const rule = sellExtendInfoRuleFor(currency);
    const info = body.byName.get('extendInfo');
    const out: RuleDiagnostic[] = [];
    // "Required in practice" is refused too (18, the catalogue's assumption): an error either way.
    const severity = 'error';
    const requirement = rule.required === 'in-practice' ? 'needs, in practice,' : 'needs';

    if (!rule.key) {
      if (info?.kind === 'object' && info.members?.length && info.valueSpan) {
        out.push(
          diag(
            this.code,
            'warning',
            `For fiatCurrency ${currency || 'VND'}, send \`extendInfo: null\`: only ${KEYED_CURRENCIES} read a country key. Replace the object with null.`,
            info.keySpan,
            [{ title: 'Replace extendInfo with null', edits: [{ span: info.valueSpan, newText: 'null' }], preferred: true }],
          ),
        );
      }
      return out;
    }

    const keyObject = `{ "recipientName": "", "additionalData": {} }`;
    // A key set to null is missing too: the service skips null keys (the read order below does as well).
    // BRL/ARS/PEN: any of BR, AR, PE is read (the first present wins), as the service reads them.
    const readable = rule.required === 'in-practice' ? SELL_EXTEND_INFO_READ_ORDER : [rule.key];
    if (
      !info ||
      info.kind === 'null' ||
      (info.kind === 'object' && !info.members?.some((m) => readable.includes(m.name) && m.kind !== 'null'))
    ) {
      if (info?.kind === 'template') return out;
      const code = rule.missingKeyErrorCode;
      const fixes = !info
        ? [insertFieldEdit(block, body, 'extendInfo', `{ "qrType": "", "${rule.key}": ${keyObject} }`)]
            .filter((e) => !!e)
            .map((e) => ({ title: `Add extendInfo.${rule.key}`, edits: [e], preferred: true }))
        : info.kind === 'null' && info.valueSpan
          ? [
              {
                title: `Add extendInfo.${rule.key}`,
                edits: [{ span: info.valueSpan, newText: `{ "qrType": "", "${rule.key}": ${keyObject} }` }],
                preferred: true,
              },
            ]
          : undefined;
      out.push(
        diag(
          this.code,
          severity,
          `fiatCurrency ${currency} ${requirement} \`extendInfo.${rule.key}\` (recipientName and additionalData, verbatim from the QR decoding)${code !== undefined ? `: without it the service answers ${errorName(code)}${rule.assumption ? ` (assumed: ${rule.assumption})` : ''}` : ''}. Add the "${rule.key}" key to extendInfo.`,
          info ? info.keySpan : bodyAnchor(block, body),
          fixes,
        ),
      );
      return out;
    }
    if (info.kind !== 'object') return out;

    const keyField = info.members?.find((m) => m.name === rule.key);
    // Required members of the country-key object (PHP: recipientName 18, additionalData 44).
    if (keyField?.kind === 'object') {
      for (const member of rule.requiredMembers ?? []) {
        // null and "" are no value: the service finds the member missing.
        if (keyField.members?.some((m) => m.name === member.name && m.kind !== 'null' && !(m.kind === 'string' && m.value === '')))
          continue;
        out.push(
          diag(
            this.code,
            'error',
            `fiatCurrency ${currency} needs \`extendInfo.${rule.key}.${member.name}\`: without it the service answers ${errorName(member.errorCode)}. Copy it verbatim from the QR decoding.`,
            keyField.keySpan,
          ),
        );
      }
      // PHP: rejected when recipientName and the account number are both all digits.
      const recipient = keyField.members?.find((m) => m.name === 'recipientName');
      for (const rejection of rule.rejections ?? []) {
        if (
          rejection.condition.includes('all digits') &&
          isLiteralDigits(recipient) &&
          isLiteralDigits(body.byName.get('bankAccountNumber'))
        ) {
          out.push(
            diag(
              this.code,
              'error',
              `Rejected when ${rejection.condition}: the service answers ${errorName(rejection.errorCode)}. Use the recipient's name as the QR decoding gives it.`,
              recipient!.valueSpan ?? keyField.keySpan,
            ),
          );
        }
      }
    }

    // BRL/ARS/PEN: the first of BR, AR, PE present wins whatever fiatCurrency says.
    if (SELL_EXTEND_INFO_READ_ORDER.includes(rule.key)) {
      const present = SELL_EXTEND_INFO_READ_ORDER.filter((k) => info.members?.some((m) => m.name === k && m.kind !== 'null'));
      const winner = present[0];
      if (winner !== undefined && winner !== rule.key) {
        const extra = info.members!.find((m) => m.name === winner)!;
        // The service accepts it (the document's "send exactly one" is advice): a likely mistake, a warning.
        out.push(
          diag(
            this.code,
            'warning',
            `extendInfo has ${present.join(' and ')}: the service reads ${SELL_EXTEND_INFO_READ_ORDER.join(', ')} in that order, so it uses ${winner}, not ${rule.key} for ${currency}. Send exactly the one key matching fiatCurrency: ${present.length > 1 ? `remove "${winner}"` : `send it as "${rule.key}"`}.`,
            extra.keySpan,
          ),
        );
      } else if (present.length > 1) {
        out.push(
          diag(
            this.code,
            'warning',
            `extendInfo has ${present.join(' and ')}: send exactly the one key matching fiatCurrency ${currency} (${rule.key}); remove the others.`,
            info.keySpan,
          ),
        );
      }
    }
    return out;
  },
};
