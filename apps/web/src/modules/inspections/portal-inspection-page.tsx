import { Alert, Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../platform/components/page-header';
import { LoadFailure, LoadingState } from '../../platform/components/status';
import { formatDate } from '../../platform/display/format';
import { CorrectionForm } from './correction-form';
import { correctionKeys, correctionStatusLabel, correctionsApi, serviceReportHref } from './corrections-api';

/**
 * `/portal/inspections/:id`: a submitted inspection of a service the person administers: the report,
 * each deficiency with the corrections sent for it, and "Submit correction" while it is open and no
 * correction waits for review.
 */
export function PortalInspectionPage() {
  const { id = '' } = useParams();
  const inspection = useQuery({
    queryKey: correctionKeys.serviceInspection(id),
    queryFn: () => correctionsApi.serviceInspection(id),
  });
  if (inspection.isPending) return <LoadingState label="Loading the inspection…" />;
  if (inspection.isError)
    return (
      <LoadFailure error={inspection.error} what="the inspection" onRetry={() => void inspection.refetch()} />
    );
  const i = inspection.data;
  const subject =
    i.entity === 'vehicle' ? `${i.vehicle_name ?? 'Vehicle'} of ${i.service_name ?? ''}` : i.service_name;
  return (
    <Stack gap="lg">
      <PageHeader
        title={`Inspection ${i.number ?? ''}`.trim()}
        description={`${i.template ?? 'Inspection'} of ${subject ?? 'your service'}${i.visit_date ? `, visited ${formatDate(i.visit_date)}` : ''}.`}
        actions={
          <Anchor component={Link} to="/portal/inspections">
            All inspections
          </Anchor>
        }
      />
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Text>{`Outcome: ${i.outcome ?? 'not recorded'}`}</Text>
          {i.notes ? <Text>{`Inspector's notes: ${i.notes}`}</Text> : null}
          <Anchor href={serviceReportHref(i.id)} target="_blank" rel="noopener">
            {`Download the inspection report (PDF) of ${i.number ?? 'this inspection'}`}
          </Anchor>
        </Stack>
      </Paper>
      <section aria-labelledby="deficiencies-heading">
        <Title order={2} size="h3" id="deficiencies-heading" mb="sm">
          Deficiencies
        </Title>
        {i.deficiencies.length === 0 ? <Text>No deficiencies were found.</Text> : null}
        <Stack gap="md">
          {i.deficiencies.map((d) => {
            const name = d.deficiency ?? d.description;
            const waiting = d.corrections.some((c) => c.status === 'submitted');
            return (
              <Paper
                key={d.id}
                withBorder
                p="md"
                radius="md"
                component="section"
                aria-label={`Deficiency: ${name}`}
              >
                <Stack gap="sm">
                  <Group justify="space-between" wrap="wrap">
                    <Title order={3} size="h4">
                      {name}
                    </Title>
                    <Badge variant="light" color={d.corrected_on ? 'green' : 'orange'}>
                      {d.corrected_on ? `Corrected ${formatDate(d.corrected_on)}` : 'Open'}
                    </Badge>
                  </Group>
                  {d.deficiency ? <Text>{d.description}</Text> : null}
                  <Text size="sm">
                    {[d.category, d.due_date ? `Correct by ${formatDate(d.due_date)}` : null]
                      .filter(Boolean)
                      .join('. ')}
                  </Text>
                  {d.corrections.length > 0 ? (
                    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                      {d.corrections.map((c) => (
                        <li key={c.id}>
                          <Alert
                            color={
                              c.status === 'accepted' ? 'green' : c.status === 'rejected' ? 'red' : 'blue'
                            }
                            title={`Your correction of ${new Date(c.created_at).toLocaleDateString()}: ${correctionStatusLabel[c.status]}`}
                          >
                            <Text size="sm">{c.correction}</Text>
                            {c.document_name ? <Text size="sm">{`Document: ${c.document_name}`}</Text> : null}
                            {c.reject_reason ? <Text size="sm">{`Reason: ${c.reject_reason}`}</Text> : null}
                          </Alert>
                        </li>
                      ))}
                    </Stack>
                  ) : null}
                  {!d.corrected_on && !waiting ? (
                    <CorrectionForm inspection={i} deficiencyId={d.id} label={name} />
                  ) : null}
                  {waiting ? <Text size="sm">Your correction waits for review by staff.</Text> : null}
                </Stack>
              </Paper>
            );
          })}
        </Stack>
      </section>
    </Stack>
  );
}
