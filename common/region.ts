/**
 * Facts about the country the service covers, for the phone channels: Uganda's mobile networks
 * (mobile country code 641, as the USSD gateway names them in `networkCode`, MCC followed by MNC)
 * and the number ranges the Uganda Communications Commission's numbering plan gives each, as the
 * first digits of the national significant number (after +256 or the trunk 0). docs/channels.md
 * says how to update them when the plan changes.
 */
const COUNTRY_CALLING_CODE = '256';
const MOBILE_COUNTRY_CODE = '641';

export interface MobileOperator {
  /** A stable key: the operator's network for limits (two network codes of one operator are one). */
  key: string;
  name: string;
  /** Its mobile network codes under MCC 641. */
  mnc: readonly string[];
  /** Its ranges: first digits of the 9-digit national significant number. */
  ranges: readonly string[];
}

const MOBILE_OPERATORS: readonly MobileOperator[] = [
  { key: 'mtn', name: 'MTN Uganda', mnc: ['10'], ranges: ['76', '77', '78', '79'] },
  // Warid's network code (22) went to Airtel with the merger of 2013.
  { key: 'airtel', name: 'Airtel Uganda', mnc: ['01', '22'], ranges: ['70', '74', '75'] },
  { key: 'utl', name: 'Uganda Telecom', mnc: ['11'], ranges: ['71'] },
  { key: 'lyca', name: 'Lycamobile Uganda', mnc: ['26'], ranges: ['726', '727', '728'] },
  { key: 'smile', name: 'Smile Communications Uganda', mnc: ['33'], ranges: ['720'] },
];

/** The operator a gateway's networkCode (`64110`, MCC and MNC) names, if it is a Ugandan one. */
export function operatorOfNetworkCode(code: string): MobileOperator | undefined {
  const m = new RegExp(`^${MOBILE_COUNTRY_CODE}(\\d{2})$`).exec(code.trim());
  return m ? MOBILE_OPERATORS.find((o) => o.mnc.includes(m[1] as string)) : undefined;
}

/**
 * The operator whose range holds an E.164 number (`+256772123456`), if it is a Ugandan mobile
 * number: +256 and nine digits in one of the ranges (the longest matching range wins).
 */
export function operatorOfNumber(e164: string): MobileOperator | undefined {
  const m = new RegExp(`^\\+${COUNTRY_CALLING_CODE}(\\d{9})$`).exec(e164);
  if (!m) return undefined;
  const nsn = m[1] as string;
  let best: { operator: MobileOperator; length: number } | undefined;
  for (const operator of MOBILE_OPERATORS)
    for (const range of operator.ranges)
      if (nsn.startsWith(range) && range.length > (best?.length ?? 0))
        best = { operator, length: range.length };
  return best?.operator;
}
