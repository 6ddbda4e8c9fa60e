import { insightFigureIds } from '@licensure/contracts';
import { Button, Group, Paper, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../platform/components/page-header';
import { FigureCard } from './figure-card';
import type { InsightPeriod } from './insight-api';
import { lastMonths } from './insight-format';

const PRESETS = [
  { value: '1', label: 'Last month' },
  { value: '3', label: 'Last 3 months' },
  { value: '6', label: 'Last 6 months' },
  { value: '12', label: 'Last 12 months' },
  { value: '24', label: 'Last 2 years' },
  { value: 'custom', label: 'Dates of my choice' },
];

/** The period of the page's address (?from=&to=), or the last twelve months. */
function periodOf(params: URLSearchParams): InsightPeriod {
  const from = params.get('from');
  const to = params.get('to');
  return from && to ? { from, to } : lastMonths(12);
}

function PeriodPicker({ period, onApply }: { period: InsightPeriod; onApply: (p: InsightPeriod) => void }) {
  const preset = PRESETS.find((p) => {
    if (p.value === 'custom') return false;
    const d = lastMonths(Number(p.value));
    return d.from === period.from && d.to === period.to;
  });
  const [choice, setChoice] = useState(preset?.value ?? 'custom');
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(choice === 'custom' ? { from, to } : lastMonths(Number(choice)));
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} aria-label="Period">
      <Group align="end" gap="md" wrap="wrap">
        <Select
          label="Period"
          data={PRESETS}
          value={choice}
          onChange={(v) => setChoice(v ?? '12')}
          allowDeselect={false}
        />
        {choice === 'custom' ? (
          <>
            <TextInput
              type="date"
              label="From"
              value={from}
              onChange={(e) => setFrom(e.currentTarget.value)}
              required
            />
            <TextInput
              type="date"
              label="To"
              value={to}
              onChange={(e) => setTo(e.currentTarget.value)}
              required
            />
          </>
        ) : null}
        <Button type="submit">Show</Button>
      </Group>
    </Paper>
  );
}

/**
 * `/staff/insight`: the office dashboard. Every figure with its chart, its table (each row opens the
 * list it counts) and its exports, over the period chosen; figures of the present (the backlog, what
 * expires next) say so.
 */
export function InsightPage() {
  const [params, setParams] = useSearchParams();
  const period = periodOf(params);
  return (
    <Stack gap="lg">
      <PageHeader
        title="Office insight"
        description="How the office's work stands: applications, backlog, processing times, expirations, money, inspections, complaints and exams. Each row opens the list it counts."
      />
      <PeriodPicker
        key={`${period.from}-${period.to}`}
        period={period}
        onApply={(p) => setParams({ from: p.from, to: p.to })}
      />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        {insightFigureIds.map((id) => (
          <FigureCard key={id} id={id} period={period} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
