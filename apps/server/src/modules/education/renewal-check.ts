import type { LevelProgress } from '@licensure/contracts';
import type { Tx } from '@licensure/db';
import { progressTowardRenewal } from './user-progress';

const hoursText = (n: number) => `${Number(n.toFixed(2))} hour${n === 1 ? '' : 's'}`;

/** "EMT: 6 hours of Airway and 2 hours of Trauma are still missing (cycle 2024-07-01 to 2026-06-30)." */
export function missingHoursMessage(level: LevelProgress): string {
  const parts = level.topics.filter((t) => !t.met).map((t) => `${hoursText(t.missing)} of ${t.topic}`);
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '');
  const verb = parts.length > 1 || level.topics.find((t) => !t.met)?.missing !== 1 ? 'are' : 'is';
  return `${level.level}: ${list} ${verb} still missing (cycle ${level.cycle_start} to ${level.cycle_end}).`;
}

/**
 * The continuing education a renewal request still lacks, as one message naming the missing hours by
 * topic for each level not met; null when the request renews nothing or its education is complete.
 */
export async function missingEducation(
  tx: Tx,
  enterpriseId: string,
  req: { user_id: string | null; application_type_id: string | null; renews_certification_id: string | null },
): Promise<string | null> {
  if (!req.renews_certification_id || !req.user_id || !req.application_type_id) return null;
  const progress = await progressTowardRenewal(tx, enterpriseId, req.user_id, req.application_type_id);
  if (!progress || progress.met) return null;
  return progress.levels
    .filter((l) => !l.met)
    .map(missingHoursMessage)
    .join(' ');
}
