import type { Person } from '@licensure/contracts';
import { Alert, Button, Group, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { ForbiddenPage, LoadFailure, LoadingState } from '../../platform/components/status';
import { DetailList } from '../../platform/display/details';
import { address, formatDate, personName } from '../../platform/display/format';
import { ProfileSection } from '../../platform/list/profile-section';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { CorrespondenceHistory } from '../correspondence/correspondence-history';
import { DocumentsPanel } from '../documents/documents-panel';
import { NotesPanel } from '../notes/notes-panel';
import { AccountSection } from './account-section';
import { peopleApi, peopleKeys } from './people-api';
import { PEOPLE_BASE } from './people-search-page';
import { PersonAlerts, PersonCredentials, PersonServices } from './person-sections';

/** `/staff/people/:id`: a person's details, credentials, services and alerts. */
export function PersonProfilePage() {
  const { id = '' } = useParams();
  const { viewer } = useSignedIn();
  const canRead = hasPermission(viewer, 'users.read');
  // What the page that led here did (a person created, an invitation sent).
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const person = useQuery({
    queryKey: peopleKeys.one(id),
    queryFn: ({ signal }) => peopleApi.get(id, signal),
    enabled: canRead,
  });
  if (!canRead) return <ForbiddenPage />;
  if (person.isError)
    return <LoadFailure error={person.error} what="the person" onRetry={() => void person.refetch()} />;
  if (!person.data) {
    return (
      <Stack gap="md">
        <PageHeader title="Person" />
        <LoadingState label="Loading the person…" />
      </Stack>
    );
  }
  const p = person.data;
  return (
    <Stack gap="lg">
      <PageHeader
        title={personName(p)}
        documentTitle={`${personName(p)} – People`}
        description={p.deleted_at ? 'This person was deleted.' : undefined}
        actions={
          <Button variant="default" component={Link} to={PEOPLE_BASE}>
            Back to search
          </Button>
        }
      />
      {notice ? (
        <Alert color="blue" role="status">
          {notice}
        </Alert>
      ) : null}
      <ProfileSection id="details-heading" title="Details">
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <DetailList
            items={[
              { label: 'User name', value: p.user_name },
              { label: 'Email', value: p.email },
              { label: 'Phone', value: p.phone },
              { label: 'Date of birth', value: formatDate(p.birth_date) },
              { label: 'National EMS id', value: p.national_ems_id },
              { label: 'Account identifier', value: p.account_identifier },
            ]}
          />
          <DetailList
            items={[
              { label: 'Address', value: address(p) },
              {
                label: 'Social security number',
                value: <SsnValue person={p} canReveal={hasPermission(viewer, 'users.ssn')} />,
              },
              { label: 'Account', value: p.is_staff ? 'Staff' : 'Portal' },
              {
                label: 'Last signed in',
                value: p.last_login_at ? new Date(p.last_login_at).toLocaleString() : 'Never',
              },
            ]}
          />
        </SimpleGrid>
      </ProfileSection>
      <AccountSection id={p.id} canWrite={hasPermission(viewer, 'users.write')} />
      <PersonCredentials id={p.id} />
      <PersonServices id={p.id} linkServices={hasPermission(viewer, 'registry.read')} />
      <PersonAlerts id={p.id} />
      {hasPermission(viewer, 'documents.read') ? (
        <DocumentsPanel userId={p.id} canWrite={hasPermission(viewer, 'documents.write')} />
      ) : null}
      <NotesPanel subject={{ user_id: p.id }} />
      <CorrespondenceHistory userId={p.id} />
    </Stack>
  );
}

/** Shows the last four digits; holders of users.ssn may reveal the whole number (the read is logged). */
function SsnValue({ person, canReveal }: { person: Person; canReveal: boolean }) {
  const [shown, setShown] = useState(false);
  const full = useQuery({
    queryKey: peopleKeys.ssn(person.id),
    queryFn: ({ signal }) => peopleApi.getWithSsn(person.id, signal),
    enabled: shown,
    staleTime: 0,
    gcTime: 0,
  });
  if (!person.ssn) return <>Not recorded</>;
  const last4 = person.ssn.replace(/\D/g, '').slice(-4);
  const masked = (
    <>
      <span aria-hidden="true">•••-••-{last4}</span>
      <VisuallyHidden>Hidden, ending in {last4}</VisuallyHidden>
    </>
  );
  if (!canReveal) return masked;
  const value = shown && full.data?.ssn ? full.data.ssn : null;
  return (
    <Stack gap={4} align="flex-start">
      <Group gap="sm">
        <span>{value ?? masked}</span>
        <Button
          size="compact-sm"
          variant="outline"
          loading={shown && full.isFetching}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? 'Hide SSN' : 'Show SSN'}
        </Button>
      </Group>
      {shown && full.isError ? (
        <Text size="sm" c="red.8" role="alert">
          {errorMessage(full.error)}
        </Text>
      ) : null}
    </Stack>
  );
}
