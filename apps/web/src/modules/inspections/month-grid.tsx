import type { VisitOutput } from '@licensure/contracts';
import { Anchor, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

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

/** A month as a calendar: each day lists its visits, linked to the visit's page. */
export function MonthGrid({
  year,
  month,
  title,
  visits,
}: {
  year: number;
  month: number;
  title: string;
  visits: readonly VisitOutput[];
}) {
  const byDay = new Map<string, VisitOutput[]>();
  for (const v of visits) byDay.set(v.inspection_date, [...(byDay.get(v.inspection_date) ?? []), v]);
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table withTableBorder withColumnBorders layout="fixed">
        <Table.Caption>{`Calendar of ${title}`}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {DAYS.map((d) => (
              <Table.Th key={d} scope="col">
                {d.slice(0, 3)}
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
                      {(byDay.get(day) ?? []).map((v) => (
                        <Anchor
                          key={v.id}
                          component={Link}
                          to={`/staff/inspections/visits/${v.id}`}
                          size="sm"
                        >
                          {`${v.inspection_time ? `${v.inspection_time.slice(0, 5)} ` : ''}${v.service_name ?? 'Visit'}`}
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
