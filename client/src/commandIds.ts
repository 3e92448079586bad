// The extension's command ids, declared once (no vscode import, so tests can check package.json
// contributes exactly these). SEND_REQUEST is shared with the language server's CodeLens.
import { SEND_REQUEST_COMMAND } from '../../engine/protocol';

export const COMMANDS = {
  sendRequest: SEND_REQUEST_COMMAND,
  sendAll: 'payoutHttp.sendAll',
  showSignedString: 'payoutHttp.showSignedString',
  selectEnvironment: 'payoutHttp.selectEnvironment',
  storeSecretKey: 'payoutHttp.storeSecretKey',
  storePrivateKey: 'payoutHttp.storePrivateKey',
  clearSecrets: 'payoutHttp.clearSecrets',
  verifyWebhook: 'payoutHttp.verifyWebhook',
  explainMismatch: 'payoutHttp.explainMismatch',
  copyAsCurl: 'payoutHttp.copyAsCurl',
  copyAsCode: 'payoutHttp.copyAsCode',
  startSandbox: 'payoutHttp.startSandbox',
  stopSandbox: 'payoutHttp.stopSandbox',
  openExample: 'payoutHttp.openExample',
  revealField: 'payoutHttp.revealField',
  startProxy: 'payoutHttp.startProxy',
  stopProxy: 'payoutHttp.stopProxy',
  showExchange: 'payoutHttp.showExchange',
  openExchangeAsRequest: 'payoutHttp.openExchangeAsRequest',
  // the Payout History view (historyView.ts)
  showHistoryEntry: 'payoutHttp.showHistoryEntry',
  historySendAgain: 'payoutHttp.historySendAgain',
  historyCompare: 'payoutHttp.historyCompare',
  clearHistory: 'payoutHttp.clearHistory',
  // Rerun Last Request (rerun.ts) and Save Response As… (saveResponse.ts)
  rerunLastRequest: 'payoutHttp.rerunLastRequest',
  saveResponseAs: 'payoutHttp.saveResponseAs',
} as const;

export type CommandId = (typeof COMMANDS)[keyof typeof COMMANDS];
