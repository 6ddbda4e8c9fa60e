import type { ExamSkillOutput } from '@licensure/contracts';
import { Alert, Anchor, Badge, Button, Checkbox, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../platform/api/errors';
import { ActiveButtons, BatchBar, BatchButton } from '../../platform/components/batch-bar';
import { PageHeader } from '../../platform/components/page-header';
import { Pager } from '../../platform/components/pager';
import { ForbiddenPage, LoadingState } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { examKeys, examsApi } from './exams-api';

const PER_PAGE = 25;

/** `/staff/exams/skills`: skill sheets paged on the server, with batch active, critical and category. */
export function SkillsPage() {
  const { viewer } = useSignedIn();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [searchText] = useDebouncedValue(search.trim(), 300);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [category, setCategory] = useState<string | null>(null);
  const [flash, setFlash] = useState<{ text: string; error: boolean } | null>(null);
  const query = { currentPage: page, numPerPage: PER_PAGE, search: searchText || undefined, sortBy: 'name' };
  const skills = useQuery({
    queryKey: examKeys.list('EXSkill', query),
    queryFn: ({ signal }) => examsApi.page<ExamSkillOutput>('EXSkill', query, signal),
    placeholderData: keepPreviousData,
  });
  const categories = useQuery({
    queryKey: examKeys.list('EXSkillCategory'),
    queryFn: () => examsApi.list('EXSkillCategory'),
  });
  const batch = useMutation({
    mutationFn: (a: {
      route: 'BatchActive' | 'BatchCritical' | 'BatchCategory';
      value: boolean | string | null;
    }) => examsApi.skillBatch(a.route, [...chosen], a.value),
    onSuccess: (r) => {
      setFlash({ text: `${r.updated} skill${r.updated === 1 ? '' : 's'} updated.`, error: false });
      setChosen(new Set());
      void client.invalidateQueries({ queryKey: examKeys.all });
    },
    onError: (e) => setFlash({ text: errorMessage(e), error: true }),
  });
  if (!hasPermission(viewer, 'exams.read')) return <ForbiddenPage />;
  const canWrite = hasPermission(viewer, 'exams.write');
  const items = skills.data?.items ?? [];
  const pages = skills.data ? Math.max(1, Math.ceil(skills.data.total / PER_PAGE)) : 1;
  const toggle = (id: string, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const act = (route: 'BatchActive' | 'BatchCritical' | 'BatchCategory', value: boolean | string | null) =>
    batch.mutate({ route, value });
  return (
    <Stack gap="md">
      <PageHeader
        title="Exam skills"
        description="Skill sheets: steps worth points, critical criteria, a time limit and the points to pass."
        actions={
          canWrite ? (
            <Button component={Link} to="/staff/exams/skills/new">
              New skill
            </Button>
          ) : null
        }
      />
      <TextInput
        label="Search skills"
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        maw={320}
      />
      {skills.isPending ? <LoadingState label="Loading skills…" /> : null}
      {skills.data && items.length === 0 ? <Text>No skill matches.</Text> : null}
      {items.length ? (
        <Table>
          <Table.Caption>Exam skills</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {canWrite ? <Table.Th>Choose</Table.Th> : null}
              <Table.Th>Skill</Table.Th>
              <Table.Th>Category</Table.Th>
              <Table.Th>Points to pass</Table.Th>
              <Table.Th>Critical skill</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((s) => (
              <Table.Tr key={s.id}>
                {canWrite ? (
                  <Table.Td>
                    <Checkbox
                      aria-label={`Choose ${s.name}`}
                      checked={chosen.has(s.id)}
                      onChange={(e) => toggle(s.id, e.currentTarget.checked)}
                    />
                  </Table.Td>
                ) : null}
                <Table.Td>
                  <Anchor component={Link} to={`/staff/exams/skills/${s.id}`}>
                    {s.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{s.category ?? '—'}</Table.Td>
                <Table.Td>{`${s.min_points} of ${s.possible_points}`}</Table.Td>
                <Table.Td>{s.critical ? 'Yes' : 'No'}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={s.active ? 'green' : 'gray'}>
                    {s.active ? 'Active' : 'Inactive'}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      <Pager total={pages} value={page} onChange={setPage} />
      {canWrite ? (
        <BatchBar label="Batch actions on the chosen skills" count={chosen.size}>
          <ActiveButtons count={chosen.size} onSet={(active) => act('BatchActive', active)} />
          <BatchButton count={chosen.size} onClick={() => act('BatchCritical', true)}>
            Mark critical
          </BatchButton>
          <BatchButton count={chosen.size} onClick={() => act('BatchCritical', false)}>
            Mark not critical
          </BatchButton>
          <Select
            label="Category"
            placeholder="No category"
            clearable
            data={(categories.data?.items ?? []).map((c) => ({ value: c.id, label: c.label }))}
            value={category}
            onChange={setCategory}
          />
          <BatchButton count={chosen.size} onClick={() => act('BatchCategory', category)}>
            Set category
          </BatchButton>
        </BatchBar>
      ) : null}
      {flash ? (
        <Alert color={flash.error ? 'red' : 'green'} role={flash.error ? 'alert' : 'status'}>
          {flash.text}
        </Alert>
      ) : null}
    </Stack>
  );
}
