import type { CeAuditSummary } from '@licensure/contracts';
import {
  Alert,
  Anchor,
  Button,
  Group,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage, fieldErrorsOf } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { requiredLabelProps } from '../../platform/components/required-mark';
import { type ResponsiveColumn, ResponsiveTable } from '../../platform/components/responsive-table';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { formatDate } from '../../platform/display/format';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { educationApi, educationKeys, todayIso } from './education-api';

const yearAgo = () => new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

function DrawForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [label, setLabel] = useState(`CE audit ${todayIso()}`);
  const [percentage, setPercentage] = useState<number | string>(10);
  const [from, setFrom] = useState(yearAgo());
  const [to, setTo] = useState(todayIso());
  const [due, setDue] = useState(inDays(60));
  const draw = useMutation({
    mutationFn: () =>
      educationApi.drawAudit({
        label,
        percentage: Number(percentage),
        renewed_from: from,
        renewed_to: to,
        due_date: due,
      }),
    onSuccess: (audit) => {
      void queryClient.invalidateQueries({ queryKey: educationKeys.audits });
      navigate(`/staff/education/audits/${audit.id}`);
    },
  });
  const { fields, other } = fieldErrorsOf(draw.error, [
    'label',
    'percentage',
    'renewed_from',
    'renewed_to',
    'due_date',
  ]);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="draw-heading">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          draw.mutate();
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h3" id="draw-heading">
            Draw a sample
          </Title>
          <Text size="sm">
            A random share of the licensees whose renewal was approved between the two dates is asked to send
            proof of their hours through the portal by the due date.
          </Text>
          <TextInput
            label="Name"
            {...requiredLabelProps(true)}
            value={label}
            onChange={(e) => setLabel(e.currentTarget.value)}
            error={fields.label}
            maw={420}
          />
          <Group align="flex-start" gap="md">
            <NumberInput
              label="Percentage to audit"
              {...requiredLabelProps(true)}
              min={1}
              max={100}
              value={percentage}
              onChange={setPercentage}
              error={fields.percentage}
              suffix="%"
              w={180}
            />
            <TextInput
              type="date"
              label="Renewed from"
              {...requiredLabelProps(true)}
              value={from}
              onChange={(e) => setFrom(e.currentTarget.value)}
              error={fields.renewed_from}
            />
            <TextInput
              type="date"
              label="Renewed to"
              {...requiredLabelProps(true)}
              value={to}
              onChange={(e) => setTo(e.currentTarget.value)}
              error={fields.renewed_to}
            />
            <TextInput
              type="date"
              label="Proof due by"
              {...requiredLabelProps(true)}
              value={due}
              onChange={(e) => setDue(e.currentTarget.value)}
              error={fields.due_date}
            />
          </Group>
          {draw.isError && Object.keys(fields).length === 0 ? (
            <Alert color="red" role="alert">
              {other.length ? other.join(' ') : errorMessage(draw.error)}
            </Alert>
          ) : null}
          <div>
            <Button type="submit" loading={draw.isPending}>
              Draw the sample
            </Button>
          </div>
        </Stack>
      </form>
    </Paper>
  );
}

/** `/staff/education/audits`: CE audits drawn so far, and the form to draw one. */
export function CeAuditsPage() {
  const { viewer } = useSignedIn();
  const audits = useQuery({
    queryKey: educationKeys.audits,
    queryFn: ({ signal }) => educationApi.audits(signal),
  });
  const columns: ResponsiveColumn<CeAuditSummary>[] = [
    {
      key: 'label',
      header: 'Audit',
      render: (a) => (
        <Anchor component={Link} to={`/staff/education/audits/${a.id}`}>
          {a.label}
        </Anchor>
      ),
    },
    {
      key: 'window',
      header: 'Renewed',
      render: (a) => `${formatDate(a.renewed_from)} to ${formatDate(a.renewed_to)}`,
    },
    { key: 'sample', header: 'Sample', render: (a) => `${a.sampled} of ${a.population} (${a.percentage}%)` },
    { key: 'due', header: 'Due by', render: (a) => formatDate(a.due_date) },
    {
      key: 'progress',
      header: 'Progress',
      render: (a) =>
        `${a.requested} awaiting proof, ${a.submitted} to review, ${a.accepted} accepted, ${a.deficient} deficient`,
    },
  ];
  return (
    <Stack gap="md">
      <PageHeader title="CE audits" description="Random audits of renewed licensees' continuing education." />
      {hasPermission(viewer, 'education.write') ? <DrawForm /> : null}
      <Title order={2} size="h3">
        Audits
      </Title>
      {audits.isPending ? <LoadingState label="Loading audits…" /> : null}
      {audits.isError ? (
        <ErrorState
          error={audits.error}
          title="The audits could not be loaded"
          onRetry={() => void audits.refetch()}
        />
      ) : null}
      {audits.data?.length === 0 ? <Text>No audit has been drawn yet.</Text> : null}
      {audits.data && audits.data.length > 0 ? (
        <ResponsiveTable caption="CE audits" columns={columns} rows={audits.data} rowKey={(a) => a.id} />
      ) : null}
    </Stack>
  );
}
