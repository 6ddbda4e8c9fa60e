import type { LevelOutput, ListResult } from '@licensure/contracts';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../platform/api/client';
import { PageHeader } from '../../platform/components/page-header';
import { type ResponsiveColumn, ResponsiveTable } from '../../platform/components/responsive-table';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { useTopicLabels } from './course-details';
import { educationKeys, hoursText } from './education-api';

export const levelsApi = {
  list: (signal?: AbortSignal) =>
    api.get<ListResult<LevelOutput>>('/api/Levels', { query: { numPerPage: 200 }, signal }),
  one: (id: string, signal?: AbortSignal) => api.get<LevelOutput>(`/api/Levels/${id}`, { signal }),
};

/** `/staff/education/levels`: education levels and the hours by topic each asks for in a cycle. */
export function LevelsPage() {
  const { viewer } = useSignedIn();
  const topics = useTopicLabels();
  const levels = useQuery({
    queryKey: [...educationKeys.all, 'levels'],
    queryFn: ({ signal }) => levelsApi.list(signal),
  });
  const columns: ResponsiveColumn<LevelOutput>[] = [
    {
      key: 'label',
      header: 'Level',
      render: (l) => (
        <Anchor component={Link} to={`/staff/education/levels/${l.id}`}>
          {l.label}
        </Anchor>
      ),
    },
    { key: 'cycle', header: 'Cycle', render: (l) => `${l.cycle_months} months` },
    {
      key: 'hours',
      header: 'Hours by topic',
      render: (l) =>
        l.requirements.length
          ? l.requirements
              .map((r) => `${topics.get(r.topic_id) ?? 'Topic'}: ${hoursText(r.hours)}`)
              .join(', ')
          : 'None',
    },
    { key: 'active', header: 'Active', render: (l) => (l.active ? 'Yes' : 'No') },
  ];
  return (
    <Stack gap="md">
      <PageHeader
        title="Education levels"
        description="The continuing education hours by topic each level asks for in a renewal cycle."
        actions={
          hasPermission(viewer, 'education.write') ? (
            <Button component={Link} to="/staff/education/levels/new">
              New level
            </Button>
          ) : null
        }
      />
      {levels.isPending ? <LoadingState label="Loading levels…" /> : null}
      {levels.isError ? (
        <ErrorState
          error={levels.error}
          title="The levels could not be loaded"
          onRetry={() => void levels.refetch()}
        />
      ) : null}
      {levels.data?.items.length === 0 ? <Text>No education level yet.</Text> : null}
      {levels.data && levels.data.items.length > 0 ? (
        <ResponsiveTable
          caption="Education levels"
          columns={columns}
          rows={levels.data.items}
          rowKey={(l) => l.id}
        />
      ) : null}
    </Stack>
  );
}
