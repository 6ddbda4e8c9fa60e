import { describe, expect, it } from 'vitest';
import { checkSerialNumber, vinCheckDigit } from './vin';

describe('VIN check digit', () => {
  it('accepts known valid VINs', () => {
    for (const vin of ['1M8GDM9AXKP042788', '11111111111111111', '1HGCM82633A004352'])
      expect(vinCheckDigit(vin), vin).toBe(vin[8]);
    expect(checkSerialNumber('1M8GDM9AXKP042788')).toEqual({
      valid: true,
      checkDigitOk: true,
      message: null,
    });
    expect(checkSerialNumber('1m8gdm9axkp042788').valid).toBe(true);
  });

  it('computes X for a remainder of 10', () => {
    expect(vinCheckDigit('1M8GDM9A0KP042788')).toBe('X');
  });

  it('refuses a wrong check digit', () => {
    const r = checkSerialNumber('1M8GDM9A1KP042788');
    expect(r.valid).toBe(false);
    expect(r.checkDigitOk).toBe(false);
    expect(checkSerialNumber('11111111211111111').checkDigitOk).toBe(false);
  });

  it('refuses I, O and Q in a 17-character VIN', () => {
    expect(vinCheckDigit('1M8GDM9AXKP04278O')).toBeNull();
    expect(checkSerialNumber('IM8GDM9AXKP042788').valid).toBe(false);
  });

  it('has no check digit for other lengths', () => {
    expect(checkSerialNumber('ABC-123')).toEqual({ valid: true, checkDigitOk: null, message: null });
    expect(checkSerialNumber('AB C').valid).toBe(false);
    expect(vinCheckDigit('1M8GDM9AXKP04278')).toBeNull();
  });
});
