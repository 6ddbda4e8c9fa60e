import type { ExamSessionOutput } from '@licensure/contracts';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import {
  MONTH_NAMES,
  MonthGrid,
  type MonthGridEntry,
  monthRange,
  shiftMonth,
} from '../../platform/components/month-grid';
import { PageHeader } from '../../platform/components/page-header';
import { ErrorState, ForbiddenPage, LoadingState } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { examKeys, examsApi } from './exams-api';
import { SessionViewSwitch } from './session-view-switch';

/** "2026-12" in the address, or this month; a malformed value is this month too. */
function monthOf(value: string | null): { year: number; month: number } {
  const match = /^(\d{4})-(\d{2})$/.exec(value ?? '');
  const month = match ? Number(match[2]) : 0;
  if (match && month >= 1 && month <= 12) return { year: Number(match[1]), month };
  const today = new Date();
  return { year: today.getFullYear(), month: today.getMonth() + 1 };
}
const param = (m: { year: number; month: number }) => `${m.year}-${String(m.month).padStart(2, '0')}`;
const nameOf = (m: { year: number; month: number }) => `${MONTH_NAMES[m.month - 1]} ${m.year}`;

/** What a session shows on its day, and the link's name out of context (date, time, place). */
export function sessionEntry(s: ExamSessionOutput): MonthGridEntry {
  const time = s.start_time ? s.start_time.slice(0, 5) : null;
  const name = [s.number, s.name ?? s.exam_packet].filter(Boolean).join(' ') || 'Exam session';
  return {
    id: s.id,
    date: s.session_date,
    label: `${time ? `${time} ` : ''}${name}`,
    to: `/staff/exams/sessions/${s.id}`,
    accessibleName: `${name}, ${s.session_date}${time ? ` at ${time}` : ''}${s.location ? `, ${s.location}` : ''} (${s.registered} of ${s.capacity} seats taken)`,
  };
}

/** `/staff/exams/sessions/calendar?month=YYYY-MM`: the exam sessions of a month as a calendar. */
export function SessionCalendarPage() {
  const { viewer } = useSignedIn();
  const [search, setSearch] = useSearchParams();
  const shown = monthOf(search.get('month'));
  const range = monthRange(shown.year, shown.month);
  const query = { ...range, currentPage: 1, numPerPage: 500, sortBy: 'session_date' };
  const sessions = useQuery({
    queryKey: examKeys.list('ExamSessions', query),
    queryFn: ({ signal }) => examsApi.page<ExamSessionOutput>('ExamSessions', query, signal),
    placeholderData: keepPreviousData,
    enabled: hasPermission(viewer, 'exams.read'),
  });
  if (!hasPermission(viewer, 'exams.read')) return <ForbiddenPage />;
  const go = (m: { year: number; month: number }) => setSearch({ month: param(m) });
  const previous = shiftMonth(shown.year, shown.month, -1);
  const next = shiftMonth(shown.year, shown.month, 1);
  const thisYear = new Date().getFullYear();
  const years = [...new Set([thisYear - 1, thisYear, thisYear + 1, thisYear + 2, shown.year])].sort();
  const items = sessions.data?.items ?? [];
  return (
    <Stack gap="md">
      <PageHeader
        title="Exam session calendar"
        documentTitle={`Exam sessions of ${nameOf(shown)}`}
        description="The sessions of a month; each opens the session's page."
        actions={<SessionViewSwitch current="calendar" />}
      />
      <Group align="flex-end" wrap="wrap">
        <Button
          variant="default"
          onClick={() => go(previous)}
          aria-label={`Previous month: ${nameOf(previous)}`}
        >
          Previous month
        </Button>
        <Select
          label="Month"
          data={MONTH_NAMES.map((m, i) => ({ value: String(i + 1), label: m }))}
          value={String(shown.month)}
          allowDeselect={false}
          onChange={(v) => v && go({ year: shown.year, month: Number(v) })}
        />
        <Select
          label="Year"
          data={years.map(String)}
          value={String(shown.year)}
          allowDeselect={false}
          onChange={(v) => v && go({ year: Number(v), month: shown.month })}
        />
        <Button variant="default" onClick={() => go(next)} aria-label={`Next month: ${nameOf(next)}`}>
          Next month
        </Button>
      </Group>
      {sessions.isPending ? <LoadingState label="Loading sessions…" /> : null}
      {sessions.isError ? (
        <ErrorState
          error={sessions.error}
          title="The sessions could not be loaded"
          onRetry={() => void sessions.refetch()}
        />
      ) : null}
      <Text role="status">
        {sessions.isSuccess
          ? items.length === 0
            ? `No exam session in ${nameOf(shown)}.`
            : `${items.length} ${items.length === 1 ? 'session' : 'sessions'} in ${nameOf(shown)}.`
          : ''}
      </Text>
      <MonthGrid
        year={shown.year}
        month={shown.month}
        title={nameOf(shown)}
        entries={items.map(sessionEntry)}
      />
    </Stack>
  );
}
