import { type LicenseRequestSummary, progress } from '@licensure/contracts';
import {
  Alert,
  Anchor,
  Button,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSignedIn } from '../../app/session-provider';
import { errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { type AvailableLicence, licensingApi, licensingKeys, type RequestSubject } from './licensing-api';

/** Opens the subject's open draft of a licence when there is one (never starts a second), else starts one. */
async function applyFor(licence: AvailableLicence, subject: RequestSubject): Promise<string> {
  const draft = await licensingApi.openDraft(licence.id, subject);
  if (draft) return draft.id;
  return (await licensingApi.start(licence.id, subject)).id;
}

const isOpenDraft = (r: LicenseRequestSummary) => r.progress < progress.submitted && !r.deleted_at;

/** A service's or a vehicle's licence: the applicant picks which of theirs it is for. */
function SubjectPicker({
  licence,
  userId,
  subject,
  onChange,
}: {
  licence: AvailableLicence;
  userId: string | null;
  subject: RequestSubject;
  onChange(subject: RequestSubject): void;
}) {
  const services = useQuery({
    queryKey: licensingKeys.administeredServices(),
    queryFn: ({ signal }) => licensingApi.administeredServices(userId ?? '', signal),
    enabled: !!userId,
  });
  const serviceId = subject.service_id ?? '';
  const vehicles = useQuery({
    queryKey: licensingKeys.serviceVehicles(serviceId),
    queryFn: ({ signal }) => licensingApi.serviceVehicles(serviceId, signal),
    enabled: licence.entity === 'vehicle' && !!serviceId,
  });
  if (services.isPending) return <LoadingState label="Loading your services…" />;
  if (services.isError) return <Text role="alert">{errorMessage(services.error)}</Text>;
  if (services.data.length === 0)
    return <Text size="sm">Only a service's administrator can apply for this licence.</Text>;
  return (
    <Stack gap="xs">
      <NativeSelect
        label={`Service applying for ${licence.name}`}
        value={serviceId}
        onChange={(e) => onChange(e.currentTarget.value ? { service_id: e.currentTarget.value } : {})}
        data={[
          { value: '', label: 'Choose a service' },
          ...services.data.map((s) => ({ value: s.id, label: s.name })),
        ]}
      />
      {licence.entity === 'vehicle' && serviceId ? (
        <NativeSelect
          label={`Vehicle for ${licence.name}`}
          value={subject.vehicle_id ?? ''}
          onChange={(e) =>
            onChange({
              service_id: serviceId,
              ...(e.currentTarget.value ? { vehicle_id: e.currentTarget.value } : {}),
            })
          }
          data={[
            { value: '', label: vehicles.isPending ? 'Loading vehicles…' : 'Choose a vehicle' },
            ...(vehicles.data ?? []).map((v) => ({
              value: v.id,
              label: v.unit_number ? `${v.unit_number} (${v.serial_number})` : v.serial_number,
            })),
          ]}
        />
      ) : null}
    </Stack>
  );
}

function LicenceCard({
  licence,
  mine,
  userId,
}: {
  licence: AvailableLicence;
  mine: readonly LicenseRequestSummary[];
  userId: string | null;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [subject, setSubject] = useState<RequestSubject>({});
  const apply = useMutation({
    mutationFn: () => applyFor(licence, subject),
    onSuccess: (id) => {
      void queryClient.invalidateQueries({ queryKey: licensingKeys.all });
      navigate(`/portal/requests/${id}`);
    },
  });
  const ready =
    licence.entity === 'user' ||
    (licence.entity === 'service' && !!subject.service_id) ||
    (licence.entity === 'vehicle' && !!subject.vehicle_id);
  const draft = mine.find(
    (r) =>
      r.license_id === licence.id &&
      isOpenDraft(r) &&
      (licence.entity === 'user'
        ? true
        : licence.entity === 'service'
          ? r.service_id === subject.service_id
          : r.vehicle_id === subject.vehicle_id),
  );
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={`licence-${licence.id}`}>
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h3" id={`licence-${licence.id}`}>
          {licence.name}
        </Title>
        {licence.description ? <Text>{licence.description}</Text> : null}
        {licence.levels.length > 0 ? (
          <Text size="sm">Levels: {licence.levels.map((l) => l.label).join(', ')}</Text>
        ) : null}
        {licence.entity !== 'user' ? (
          <SubjectPicker licence={licence} userId={userId} subject={subject} onChange={setSubject} />
        ) : null}
        {draft ? <Text size="sm">There is a draft application for this licence.</Text> : null}
        {apply.isError ? (
          <Alert color="red" title="The application could not be started" role="alert">
            {errorMessage(apply.error)}
          </Alert>
        ) : null}
        <Button onClick={() => apply.mutate()} loading={apply.isPending} disabled={!ready}>
          {draft ? 'Resume application' : 'Apply'}
          <VisuallyHidden> for {licence.name}</VisuallyHidden>
        </Button>
      </Stack>
    </Paper>
  );
}

/** `/portal/licences`: the licences an applicant may apply for, and their open drafts. */
export function PortalApplyPage() {
  const { account } = useSignedIn();
  const available = useQuery({
    queryKey: licensingKeys.available(),
    queryFn: ({ signal }) => licensingApi.available(signal),
  });
  const mine = useQuery({
    queryKey: licensingKeys.mine(),
    queryFn: ({ signal }) => licensingApi.mine(signal),
  });
  return (
    <Stack gap="md">
      <PageHeader
        title="Apply for a licence"
        description="Start an application, or resume the one you began. Drafts never expire: you can come back to them at any time."
        actions={
          <>
            <Anchor component={Link} to="/portal/requests">
              My requests
            </Anchor>
            <Anchor component={Link} to="/portal/my-licences">
              My licences
            </Anchor>
          </>
        }
      />
      {available.isPending ? <LoadingState label="Loading the licences…" /> : null}
      {available.isError ? (
        <ErrorState
          error={available.error}
          title="The licences could not be loaded"
          onRetry={() => void available.refetch()}
        />
      ) : null}
      {available.data?.length === 0 ? <Text>No licence is open for applications at the moment.</Text> : null}
      {available.data?.map((licence) => (
        <LicenceCard key={licence.id} licence={licence} mine={mine.data ?? []} userId={account?.id ?? null} />
      ))}
    </Stack>
  );
}
