// Every lint rule, in the order their diagnostics are listed. Adding a rule = one file + one line here.
import type { BlockRule, FileRule } from '../types';
import { backImageRequired } from './backImageRequired';
import { cashoutAmountRange } from './cashoutAmountRange';
import { belowMinimum } from './belowMinimum';
import { bodyNotObject } from './bodyNotObject';
import { bodyTooDeep } from './bodyTooDeep';
import { commaList } from './commaList';
import { countryCode } from './countryCode';
import { dataUrl } from './dataUrl';
import { dateFormat } from './dateFormat';
import { digitsOnly } from './digitsOnly';
import { duplicateExternalOrderId } from './duplicateExternalOrderId';
import { duplicateRequestName } from './duplicateRequestName';
import { emailFormat } from './emailFormat';
import { indentedSeparator } from './indentedSeparator';
import { missingContentType } from './missingContentType';
import { numberFormat } from './numberFormat';
import { openapiDocument } from './openapiDocument';
import { parameterValue } from './parameterValue';
import { requiredFieldEmpty } from './requiredFieldEmpty';
import { requiredFieldMissing } from './requiredFieldMissing';
import { runTarget } from './runTarget';
import { secretInBody } from './secretInBody';
import { sellExtendInfo } from './sellExtendInfo';
import { signatureMismatch } from './signatureMismatch';
import { signedFieldOmitted } from './signedFieldOmitted';
import { signedNull } from './signedNull';
import { tokenUnavailable } from './tokenUnavailable';
import { unaccentedText } from './unaccentedText';
import { undefinedVariable } from './undefinedVariable';
import { unknownField } from './unknownField';
import { unknownPath } from './unknownPath';
import { valueNotAllowed } from './valueNotAllowed';
import { wrongType } from './wrongType';

/** Rules that see one request block; results cached per block object. */
export const blockRules: readonly BlockRule[] = [
  unknownPath,
  missingContentType,
  parameterValue,
  bodyNotObject,
  signedFieldOmitted,
  signedNull,
  requiredFieldMissing,
  requiredFieldEmpty,
  secretInBody,
  unknownField,
  wrongType,
  valueNotAllowed,
  dateFormat,
  countryCode,
  digitsOnly,
  commaList,
  dataUrl,
  unaccentedText,
  emailFormat,
  backImageRequired,
  belowMinimum,
  cashoutAmountRange,
  sellExtendInfo,
  numberFormat,
  bodyTooDeep,
  indentedSeparator,
];

/** Rules that see the whole file (names, ids, keys); cheap per-block indexes keep them fast. */
// `any`: each rule collects its own data type, and only that rule reads it back.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const fileRules: readonly FileRule<any>[] = [
  undefinedVariable,
  duplicateRequestName,
  duplicateExternalOrderId,
  tokenUnavailable,
  signatureMismatch,
  openapiDocument,
  runTarget,
];
