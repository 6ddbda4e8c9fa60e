import type { InsightFigureId } from '@licensure/contracts';
import { Anchor, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { FigureChart } from './figure-chart';
import { type InsightPeriod, insightApi, insightKeys } from './insight-api';
import { formatCell } from './insight-format';

/**
 * One figure of the dashboard: its title and what it counts, a chart, then its data as a table whose
 * first column links each row to the staff list it counts, and its CSV and XLSX exports.
 */
export function FigureCard({ id, period }: { id: InsightFigureId; period: InsightPeriod }) {
  const figure = useQuery({
    queryKey: insightKeys.figure(id, period),
    queryFn: ({ signal }) => insightApi.figure(id, period, signal),
    placeholderData: keepPreviousData,
  });
  const headingId = `figure-${id}`;
  const f = figure.data;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {f?.title ?? 'Loading…'}
        </Title>
        {figure.isPending ? <LoadingState label="Computing the figure…" /> : null}
        {figure.isError ? (
          <ErrorState
            error={figure.error}
            title="This figure could not be computed"
            onRetry={() => void figure.refetch()}
          />
        ) : null}
        {f ? (
          <>
            <Text size="sm">
              {f.description} {f.from === f.to ? `As of ${f.to}.` : `From ${f.from} to ${f.to}.`}
            </Text>
            <FigureChart figure={f} />
            {f.rows.length === 0 ? (
              <Text>Nothing to count in this period.</Text>
            ) : (
              <section
                style={{ maxHeight: 360, overflow: 'auto' }}
                // The table may scroll: its region takes the focus, so the keyboard scrolls it.
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1)
                tabIndex={0}
                aria-label={`Table: ${f.title}`}
              >
                <Table withTableBorder striped captionSide="top" stickyHeader>
                  <Table.Caption>
                    <VisuallyHidden>{f.title}</VisuallyHidden>
                  </Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      {f.columns.map((c) => (
                        <Table.Th key={c.key} scope="col">
                          {c.label}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {f.rows.map((r) => (
                      <Table.Tr key={r.label}>
                        {f.columns.map((c, i) =>
                          i === 0 ? (
                            <Table.Th key={c.key} scope="row" fw="normal">
                              {r.link ? (
                                <Anchor component={Link} to={r.link}>
                                  {formatCell(c, r.cells[c.key])}
                                  <VisuallyHidden>{`: open the list behind ${f.title.toLowerCase()}`}</VisuallyHidden>
                                </Anchor>
                              ) : (
                                formatCell(c, r.cells[c.key])
                              )}
                            </Table.Th>
                          ) : (
                            <Table.Td key={c.key}>{formatCell(c, r.cells[c.key])}</Table.Td>
                          ),
                        )}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </section>
            )}
            <Group gap="md">
              <Anchor href={insightApi.exportUrl(id, period, 'csv')} download>
                Export CSV<VisuallyHidden>{` of ${f.title.toLowerCase()}`}</VisuallyHidden>
              </Anchor>
              <Anchor href={insightApi.exportUrl(id, period, 'xlsx')} download>
                Export XLSX<VisuallyHidden>{` of ${f.title.toLowerCase()}`}</VisuallyHidden>
              </Anchor>
            </Group>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
