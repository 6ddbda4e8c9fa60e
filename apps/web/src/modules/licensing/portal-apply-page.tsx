import { type CertificationOutput, type LicenseRequestSummary, progress } from '@licensure/contracts';
import {
  Alert,
  Anchor,
  Button,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { formatDate } from '../../platform/display/format';
import { useSignedIn } from '../../platform/session/session-provider';
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

/** The credentials held of this licence, for this subject (a person's own, or the chosen service's or vehicle's). */
export function heldOf(
  licence: Pick<AvailableLicence, 'id' | 'entity'>,
  subject: RequestSubject,
  held: readonly CertificationOutput[],
): CertificationOutput[] {
  return held.filter(
    (c) =>
      c.license_id === licence.id &&
      c.status !== 'revoked' &&
      (licence.entity === 'user'
        ? c.service_id === null && c.vehicle_id === null
        : licence.entity === 'service'
          ? !!subject.service_id && c.service_id === subject.service_id
          : !!subject.vehicle_id && c.vehicle_id === subject.vehicle_id),
  );
}

function LicenceCard({
  licence,
  mine,
  held,
  userId,
}: {
  licence: AvailableLicence;
  mine: readonly LicenseRequestSummary[];
  held: readonly CertificationOutput[];
  userId: string | null;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [subject, setSubject] = useState<RequestSubject>({});
  const [warned, setWarned] = useState(false);
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
  const already = heldOf(licence, subject, held);
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
        {warned && already.length > 0 ? (
          <Alert color="yellow" title={`You already hold ${licence.name}`} role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                {already
                  .map(
                    (c) =>
                      `${c.number} (${c.status_label}${c.expiration_date ? `, expires ${formatDate(c.expiration_date)}` : ''})`,
                  )
                  .join('; ')}
                . To keep it, renew it from My licences rather than applying for a new one.
              </Text>
              <Anchor component={Link} to="/portal/my-licences">
                Go to My licences
              </Anchor>
              <Button variant="default" onClick={() => apply.mutate()} loading={apply.isPending}>
                Apply anyway<VisuallyHidden> for {licence.name}</VisuallyHidden>
              </Button>
            </Stack>
          </Alert>
        ) : null}
        {apply.isError ? (
          <Alert color="red" title="The application could not be started" role="alert">
            {errorMessage(apply.error)}
          </Alert>
        ) : null}
        <Button
          onClick={() => (!draft && already.length > 0 && !warned ? setWarned(true) : apply.mutate())}
          loading={apply.isPending && !warned}
          disabled={!ready || (warned && already.length > 0)}
        >
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
  const held = useQuery({
    queryKey: licensingKeys.certifications(),
    queryFn: ({ signal }) => licensingApi.certifications(signal),
  });
  const [search, setSearch] = useState('');
  const words = search.trim().toLowerCase();
  const shown = (available.data ?? []).filter(
    (l) => !words || `${l.name} ${l.description ?? ''}`.toLowerCase().includes(words),
  );
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
      {available.data && available.data.length > 0 ? (
        <TextInput
          label="Search licences"
          description="By name or description"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maw={420}
        />
      ) : null}
      {available.data && available.data.length > 0 ? (
        <Text role="status" size="sm">
          {words
            ? `${shown.length} of ${available.data.length} licences match “${search.trim()}”.`
            : `${available.data.length} ${available.data.length === 1 ? 'licence is' : 'licences are'} open for applications.`}
        </Text>
      ) : null}
      {shown.map((licence) => (
        <LicenceCard
          key={licence.id}
          licence={licence}
          mine={mine.data ?? []}
          held={held.data?.items ?? []}
          userId={account?.id ?? null}
        />
      ))}
    </Stack>
  );
}
