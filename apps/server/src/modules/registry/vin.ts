/**
 * Vehicle identification numbers (ISO 3779, 49 CFR 565): 17 characters without I, O and Q; position 9
 * is a check digit computed from the transliterated values of the others and their position weights.
 */
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;
const LETTER_VALUES: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};

export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;

function charValue(c: string): number | undefined {
  if (c >= '0' && c <= '9') return Number(c);
  return LETTER_VALUES[c];
}

/** The check digit ('0'-'9' or 'X') a VIN should carry, or null when it is not a well-formed VIN. */
export function vinCheckDigit(vin: string): string | null {
  const v = vin.toUpperCase();
  if (!VIN_PATTERN.test(v)) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (charValue(v[i] as string) ?? 0) * (WEIGHTS[i] as number);
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}

export interface SerialCheck {
  /** Well formed (and, for a 17-character VIN, carries the right check digit). */
  valid: boolean;
  /** null when the serial number is not 17 characters long (no check digit to test). */
  checkDigitOk: boolean | null;
  message: string | null;
}

/**
 * Checks a serial number. 17 characters are taken as a VIN: only A-Z (no I, O, Q) and digits, with a
 * correct check digit. Other lengths (older or non-road vehicles) need letters, digits or dashes only.
 */
export function checkSerialNumber(serial: string): SerialCheck {
  const s = serial.trim().toUpperCase();
  if (s.length === 17) {
    if (!VIN_PATTERN.test(s))
      return {
        valid: false,
        checkDigitOk: false,
        message: 'A 17-character VIN has only letters (not I, O or Q) and digits.',
      };
    const ok = vinCheckDigit(s) === s[8];
    return {
      valid: ok,
      checkDigitOk: ok,
      message: ok ? null : 'The VIN check digit (9th character) does not match; check the VIN for a typo.',
    };
  }
  if (!/^[A-Z0-9-]{1,30}$/.test(s))
    return {
      valid: false,
      checkDigitOk: null,
      message: 'A serial number has only letters, digits and dashes.',
    };
  return { valid: true, checkDigitOk: null, message: null };
}
