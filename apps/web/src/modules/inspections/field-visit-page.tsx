import { Anchor, Badge, Button, List, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../platform/components/page-header';
import { LoadingState, MessagePage } from '../../platform/components/status';
import { visitWhen } from './inspections-api';
import { fieldDb } from './offline/field-db';
import { OnlineStatus } from './offline/online-status';
import { useAutoSync, useLive } from './offline/use-field';
import { inspectionIdOf, subjectOf, syncSummary } from './offline/visit-summary';

/** `/staff/inspections/field/:visitId`: a checked-out visit as kept on this device (works offline). */
export function FieldVisitPage() {
  const { visitId = '' } = useParams();
  useAutoSync();
  const visit = useLive(async () => (await fieldDb().visits.get(visitId)) ?? null, visitId);
  const work = useLive(() => fieldDb().work.where('visit_id').equals(visitId).toArray(), visitId);
  const waiting = useLive(() => fieldDb().outbox.where('visit_id').equals(visitId).toArray(), visitId);
  const lastSync = useLive(async () => (await fieldDb().syncs.get(visitId)) ?? null, visitId);
  if (visit === undefined) return <LoadingState label="Reading the visit on this device…" />;
  if (visit === null)
    return (
      <MessagePage title="This visit is not on this device">
        <Text>
          Check the visit out on{' '}
          <Anchor component={Link} to="/staff/inspections/mine">
            My visits
          </Anchor>{' '}
          to work on it here.
        </Text>
      </MessagePage>
    );
  const { bundle } = visit;
  const stateOf = (inspectionId: string) => {
    const w = work?.find((x) => x.inspection_id === inspectionId);
    const server = bundle.inspections.find((i) => i.id === inspectionId);
    if (server?.submitted) return 'Submitted';
    if (w?.completed) return 'Marked complete';
    const changed = (waiting ?? []).some((e) => inspectionIdOf(e.change) === inspectionId);
    return changed || (w?.answers.length ?? 0) > 0 ? 'In progress' : 'Not started';
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title={`Field work: ${bundle.visit.service_name ?? 'visit'}`}
        description={`${visitWhen(bundle.visit)}. Downloaded ${new Date(bundle.downloaded_at).toLocaleString()}.`}
        actions={
          <Button variant="default" component={Link} to="/staff/inspections/sync">
            Sync status
          </Button>
        }
      />
      <OnlineStatus />
      <Text role="status">{syncSummary(lastSync ?? undefined, waiting?.length ?? 0)}</Text>
      <section aria-labelledby="field-inspections-heading">
        <Title order={2} size="h3" id="field-inspections-heading" mb="sm">
          Inspections of this visit
        </Title>
        {bundle.inspections.length === 0 ? <Text>This visit has no inspections.</Text> : null}
        <Table.ScrollContainer minWidth={520}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Inspection</Table.Th>
                <Table.Th scope="col">Template</Table.Th>
                <Table.Th scope="col">State</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bundle.inspections.map((i) => (
                <Table.Tr key={i.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/staff/inspections/field/${visitId}/${i.id}`}>
                      {`${i.number ?? 'Inspection'}: ${subjectOf(i)}`}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{i.template ?? '—'}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={stateOf(i.id) === 'Not started' ? 'gray' : 'blue'}>
                      {stateOf(i.id)}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </section>
      <section aria-labelledby="previous-heading">
        <Title order={2} size="h3" id="previous-heading" mb="sm">
          Deficiencies found on earlier inspections
        </Title>
        {bundle.previous_deficiencies.length === 0 ? <Text>None.</Text> : null}
        <List spacing={4}>
          {bundle.previous_deficiencies.map((d) => (
            <List.Item key={d.id}>
              {`${d.description}${d.category ? ` (${d.category})` : ''}${d.inspection_number ? `, ${d.inspection_number}` : ''}: ${d.corrected_on ? `corrected ${d.corrected_on}` : d.due_date ? `due ${d.due_date}` : 'open'}`}
            </List.Item>
          ))}
        </List>
      </section>
    </Stack>
  );
}
