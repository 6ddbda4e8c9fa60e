import { Anchor, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The weeks of a month, Monday first: each day its date (YYYY-MM-DD) or null outside the month. */
export function weeksOf(year: number, month: number): (string | null)[][] {
  const first = new Date(Date.UTC(year, month - 1, 1));
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const lead = (first.getUTCDay() + 6) % 7;
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let d = 1; d <= days; d++)
    cells.push(`${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
  while (cells.length % 7) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** The first and last day of a month (YYYY-MM-DD), for a date-range query. */
export function monthRange(year: number, month: number): { from: string; to: string } {
  const mm = String(month).padStart(2, '0');
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { from: `${year}-${mm}-01`, to: `${year}-${mm}-${String(last).padStart(2, '0')}` };
}

/** The month before or after one (delta -1 or 1), across years. */
export function shiftMonth(year: number, month: number, delta: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** One thing on a day of the calendar: a link to its page. */
export interface MonthGridEntry {
  id: string;
  /** YYYY-MM-DD */
  date: string;
  /** What the link shows (e.g. "08:30 Lakeside EMS"). */
  label: string;
  to: string;
  /** The link's accessible name when the label alone says too little out of context. */
  accessibleName?: string;
}

/** A month as a calendar table: each day lists its entries, each a link to its page. */
export function MonthGrid({
  year,
  month,
  title,
  entries,
}: {
  year: number;
  month: number;
  title: string;
  entries: readonly MonthGridEntry[];
}) {
  const byDay = new Map<string, MonthGridEntry[]>();
  for (const e of entries) byDay.set(e.date, [...(byDay.get(e.date) ?? []), e]);
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table withTableBorder withColumnBorders layout="fixed">
        <Table.Caption>{`Calendar of ${title}`}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {DAYS.map((d) => (
              <Table.Th key={d} scope="col">
                <abbr title={d}>{d.slice(0, 3)}</abbr>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {weeksOf(year, month).map((week) => (
            <Table.Tr key={week.find(Boolean) ?? 'empty'}>
              {week.map((day, i) => (
                <Table.Td key={day ?? `blank-${DAYS[i]}`} style={{ verticalAlign: 'top' }}>
                  {day ? (
                    <Stack gap={2}>
                      <Text size="sm" fw={600}>
                        {Number(day.slice(8))}
                      </Text>
                      {(byDay.get(day) ?? []).map((e) => (
                        <Anchor key={e.id} component={Link} to={e.to} size="sm" aria-label={e.accessibleName}>
                          {e.label}
                        </Anchor>
                      ))}
                    </Stack>
                  ) : null}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
