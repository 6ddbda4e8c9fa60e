// Progress toward renewal, pure: hours required by topic for a level and application type against the
// hours earned in the cycle, and which upcoming courses would cover what is missing (the "what-if").

export interface Requirement {
  topic_id: string;
  application_type_id: string | null;
  hours: number;
}

/** One completed attendance: the day it counts on and the hours it gave by topic. */
export interface Completion {
  completed_on: string;
  topics: { topic_id: string; hours: number }[];
}

export interface Upcoming {
  training_id: string;
  name: string;
  start_date: string | null;
  topics: { topic_id: string; hours: number }[];
  enrolled: boolean;
}

export interface Cycle {
  start: string;
  end: string;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** YYYY-MM-DD of a date shifted by whole months, the day clamped to the month's length (31 Mar - 1 = 28/29 Feb). */
export function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(d, last);
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The cycle whose hours count: hours count toward the cycle in which the renewal is filed (`filedOn`,
 * today for a check before filing). Cycles of `months` end on the credential's expiration date and on
 * every `months` before it (both ends included); the one counting is the one open on the filing day,
 * or the last one when the credential has expired. So extending a credential (its expiry moved on)
 * never moves hours already earned out of their cycle. With no credential (a first application), the
 * `months` up to the filing day.
 */
export function cycleFor(expiration: string | null, months: number, filedOn: string): Cycle {
  if (!expiration) return { start: addMonths(filedOn, -months), end: filedOn };
  let end = expiration;
  let start = addMonths(end, -months);
  // Step back while the cycle has not opened yet on the filing day (bounded: a credential runs decades at most).
  for (let i = 0; i < 100 && start > filedOn && months > 0; i++) {
    end = start;
    start = addMonths(end, -months);
  }
  return { start, end };
}

/** The requirements of a level that apply to an application type (its own, and those for every type). */
export function requirementsFor(all: Requirement[], applicationTypeId: string): Map<string, number> {
  const own = all.filter((r) => r.application_type_id === applicationTypeId);
  const general = all.filter((r) => r.application_type_id === null);
  const byTopic = new Map<string, number>();
  for (const r of general) byTopic.set(r.topic_id, r.hours);
  // A type's own hours for a topic replace the general ones.
  for (const r of own) byTopic.set(r.topic_id, r.hours);
  return byTopic;
}

/** Hours earned by topic from completions inside the cycle (both ends included). */
export function earnedByTopic(completions: Completion[], cycle: Cycle): Map<string, number> {
  const earned = new Map<string, number>();
  for (const c of completions) {
    if (c.completed_on < cycle.start || c.completed_on > cycle.end) continue;
    for (const t of c.topics) earned.set(t.topic_id, (earned.get(t.topic_id) ?? 0) + t.hours);
  }
  return earned;
}

export interface TopicProgress {
  topic_id: string;
  required: number;
  earned: number;
  missing: number;
  met: boolean;
}

export interface Progress {
  required: number;
  earned: number;
  met: boolean;
  topics: TopicProgress[];
  upcoming: {
    training_id: string;
    name: string;
    start_date: string | null;
    enrolled: boolean;
    covers: { topic_id: string; hours: number }[];
  }[];
}

/**
 * Progress of one level: by required topic, hours earned (capped at the requirement when summed, so
 * extra hours in one topic do not hide a gap in another) and missing; then the upcoming courses that
 * would cover missing hours, soonest first.
 */
export function computeProgress(
  required: Map<string, number>,
  completions: Completion[],
  cycle: Cycle,
  upcoming: Upcoming[] = [],
): Progress {
  const earned = earnedByTopic(completions, cycle);
  const topics: TopicProgress[] = [...required].map(([topic_id, hours]) => {
    const got = round(earned.get(topic_id) ?? 0);
    const missing = round(Math.max(0, hours - got));
    return { topic_id, required: hours, earned: got, missing, met: missing === 0 };
  });
  const missingBy = new Map(topics.filter((t) => !t.met).map((t) => [t.topic_id, t.missing]));
  const covering = upcoming
    .map((u) => ({
      training_id: u.training_id,
      name: u.name,
      start_date: u.start_date,
      enrolled: u.enrolled,
      covers: u.topics
        .filter((t) => missingBy.has(t.topic_id) && t.hours > 0)
        .map((t) => ({ topic_id: t.topic_id, hours: Math.min(t.hours, missingBy.get(t.topic_id) ?? 0) })),
    }))
    .filter((u) => u.covers.length > 0)
    .sort((a, b) => (a.start_date ?? '9999').localeCompare(b.start_date ?? '9999'));
  const requiredTotal = round(topics.reduce((s, t) => s + t.required, 0));
  const earnedTotal = round(topics.reduce((s, t) => s + Math.min(t.earned, t.required), 0));
  return {
    required: requiredTotal,
    earned: earnedTotal,
    met: topics.every((t) => t.met),
    topics,
    upcoming: covering,
  };
}

/** The hours by topic an attendance gives: the course's, scaled down when fewer hours were credited. */
export function attendanceTopics(
  courseTopics: { topic_id: string; hours: number }[],
  creditedHours: number | null,
): { topic_id: string; hours: number }[] {
  const total = courseTopics.reduce((s, t) => s + t.hours, 0);
  if (creditedHours === null || total === 0 || creditedHours >= total) return courseTopics;
  const factor = creditedHours / total;
  return courseTopics.map((t) => ({ topic_id: t.topic_id, hours: round(t.hours * factor) }));
}
