import { fireDrillMessages } from '@licensure/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/http/errors';
import { checkDrillDate } from './drill-values';

const refusal = (date: string, now: Date) => {
  try {
    checkDrillDate(date, now);
    return undefined;
  } catch (err) {
    return err instanceof AppError ? err.fields?.drill_date : String(err);
  }
};

describe('checkDrillDate', () => {
  const now = new Date('2026-03-10T23:30:00Z');

  it('takes today, tomorrow in UTC (a school west of UTC in its evening) and any day since last January', () => {
    expect(refusal('2026-03-10', now)).toBeUndefined();
    expect(refusal('2026-03-11', now)).toBeUndefined();
    expect(refusal('2025-01-01', now)).toBeUndefined();
  });

  it('refuses a later day, and a day before the previous year', () => {
    expect(refusal('2026-03-12', now)).toBe(fireDrillMessages.future);
    expect(refusal('2024-12-31', now)).toBe(fireDrillMessages.tooOld);
  });
});
