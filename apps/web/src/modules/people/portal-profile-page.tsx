import { Alert, Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { LoadFailure, LoadingState, MessagePage } from '../../platform/components/status';
import { DetailList } from '../../platform/display/details';
import { address, formatDate, personName } from '../../platform/display/format';
import { ProfileSection } from '../../platform/list/profile-section';
import { useSignedIn } from '../../platform/session/session-provider';
import { ContactForm } from './contact-form';
import { peopleApi, peopleKeys } from './people-api';
import { PersonCredentials, PersonServices } from './person-sections';

/** `/portal/profile`: the applicant's own record; they may change their contact details. */
export function PortalProfilePage() {
  const { account } = useSignedIn();
  const id = account?.id ?? '';
  const person = useQuery({
    queryKey: peopleKeys.one(id),
    queryFn: ({ signal }) => peopleApi.get(id, signal),
    enabled: !!id,
  });
  const [editing, setEditing] = useState(false);
  const [message, setMessage] = useState('');

  if (!id)
    return (
      <MessagePage title="My profile">
        <Text>Your profile cannot be shown while you are offline.</Text>
      </MessagePage>
    );
  if (person.isError && person.error instanceof ApiError && person.error.status === 403)
    return (
      <MessagePage title="My profile">
        <Text>Your profile cannot be shown here. Contact the licensing office to check or change it.</Text>
      </MessagePage>
    );
  if (person.isError)
    return <LoadFailure error={person.error} what="your profile" onRetry={() => void person.refetch()} />;
  if (!person.data)
    return (
      <Stack gap="md">
        <PageHeader title="My profile" />
        <LoadingState label="Loading your profile…" />
      </Stack>
    );
  const p = person.data;
  return (
    <Stack gap="lg">
      <PageHeader title="My profile" description={personName(p)} />
      {message ? (
        <Alert
          color="green"
          title="Saved"
          role="status"
          withCloseButton
          closeButtonLabel="Dismiss message"
          onClose={() => setMessage('')}
        >
          {message}
        </Alert>
      ) : null}
      <ProfileSection id="contact-heading" title="Contact details">
        {editing ? (
          <ContactForm
            person={p}
            onDone={(text) => {
              setEditing(false);
              setMessage(text);
            }}
          />
        ) : (
          <Stack gap="sm" align="flex-start">
            <DetailList
              items={[
                { label: 'Email', value: p.email },
                { label: 'Phone', value: p.phone },
                { label: 'Address', value: address(p) },
              ]}
            />
            <Button variant="outline" onClick={() => setEditing(true)}>
              Change contact details
            </Button>
          </Stack>
        )}
      </ProfileSection>
      <ProfileSection id="person-heading" title="Personal details">
        <Text size="sm">To correct these, contact the licensing office.</Text>
        <DetailList
          items={[
            { label: 'Name', value: personName(p) },
            { label: 'Date of birth', value: formatDate(p.birth_date) },
            { label: 'National EMS id', value: p.national_ems_id },
            { label: 'User name', value: p.user_name },
          ]}
        />
      </ProfileSection>
      <PersonCredentials id={p.id} />
      <PersonServices id={p.id} linkServices={false} />
    </Stack>
  );
}
