// The pass/fail rule of the exams module, pure so that the server decides with it and the examiner's
// screen shows the same verdict while scoring.

/** What a skill sheet asks (a skill as stored). */
export interface SkillSheet {
  steps: readonly { label: string; points: number }[];
  critical_criteria: readonly { label: string }[];
  min_points: number;
  time_limit_seconds: number | null;
  /** A critical skill: failing it fails the packet whatever the groups say. */
  critical?: boolean;
}

/** What an examiner marked: points per step, the critical criteria checked (by index), the time taken. */
export interface SkillScore {
  step_points: readonly number[];
  critical_failures: readonly number[];
  time_seconds?: number | null;
}

export interface SkillVerdict {
  passed: boolean;
  points: number;
  possible: number;
  /** Why it failed, in words (empty when it passed). */
  reasons: string[];
}

export const possiblePoints = (sheet: Pick<SkillSheet, 'steps'>) =>
  sheet.steps.reduce((sum, s) => sum + s.points, 0);

/**
 * A skill passes when no critical criterion is checked, the points reach its minimum and, with a time
 * limit, the time taken is within it. Points above a step's worth count as the step's worth.
 */
export function scoreSkill(sheet: SkillSheet, score: SkillScore): SkillVerdict {
  const points = sheet.steps.reduce((sum, step, i) => {
    const given = Math.trunc(score.step_points[i] ?? 0);
    return sum + Math.min(Math.max(given, 0), step.points);
  }, 0);
  const reasons: string[] = [];
  const critical = [...new Set(score.critical_failures)]
    .map((i) => sheet.critical_criteria[i]?.label)
    .filter((l): l is string => !!l);
  for (const label of critical) reasons.push(`Critical criterion: ${label}`);
  if (points < sheet.min_points) reasons.push(`${points} points of the ${sheet.min_points} needed`);
  if (sheet.time_limit_seconds && score.time_seconds != null && score.time_seconds > sheet.time_limit_seconds)
    reasons.push('Over the time limit');
  return { passed: reasons.length === 0, points, possible: possiblePoints(sheet), reasons };
}

/** A form of a packet as far as the rule reads it: passed, failed, or not scored yet (null). */
export interface FormOutcome {
  exam_form_id: string;
  passed: boolean | null;
  /** It failed a critical skill. */
  criticalFailed?: boolean;
}

export interface PassingGroup {
  name: string;
  min_passed_forms: number;
  exam_form_ids: readonly string[];
}

export type PacketOutcome = 'passed' | 'failed' | 'pending';

/**
 * A packet passes when every passing requirement group has at least its minimum of passed forms (with
 * no groups, when every form passed). It fails at once on a failed critical skill, or when a group can
 * no longer reach its minimum; it is pending while the forms still to score could decide it.
 */
export function packetOutcome(forms: readonly FormOutcome[], groups: readonly PassingGroup[]): PacketOutcome {
  if (forms.some((f) => f.passed === false && f.criticalFailed)) return 'failed';
  const byId = new Map(forms.map((f) => [f.exam_form_id, f]));
  const rules: PassingGroup[] =
    groups.length > 0
      ? [...groups]
      : [{ name: 'all', min_passed_forms: forms.length, exam_form_ids: forms.map((f) => f.exam_form_id) }];
  let pending = false;
  for (const g of rules) {
    const members = g.exam_form_ids.map((id) => byId.get(id)).filter((f): f is FormOutcome => !!f);
    const passed = members.filter((f) => f.passed === true).length;
    const open = members.filter((f) => f.passed === null).length;
    if (passed + open < g.min_passed_forms) return 'failed';
    if (passed < g.min_passed_forms) pending = true;
  }
  return pending ? 'pending' : 'passed';
}

/** A form passes when every one of its skills passed; null while one is unscored. */
export function formPassed(skills: readonly (boolean | null)[]): boolean | null {
  if (skills.some((s) => s === false)) return false;
  if (skills.some((s) => s === null)) return null;
  return true;
}

/** Why retesting is refused after too many failed attempts, or null when it is allowed (0: no limit). */
export function retestRefusal(failedAttempts: number, maxFailedAttempts: number): string | null {
  if (maxFailedAttempts <= 0 || failedAttempts < maxFailedAttempts) return null;
  return `Retesting is refused: this candidate has failed this exam ${failedAttempts} ${
    failedAttempts === 1 ? 'time' : 'times'
  }, and the packet allows at most ${maxFailedAttempts} failed ${maxFailedAttempts === 1 ? 'attempt' : 'attempts'}.`;
}
