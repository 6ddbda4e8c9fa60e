import { Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../platform/components/page-header';
import { ForbiddenPage } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { CORRESPONDENCE_BASE } from './correspondence-api';
import { CorrespondenceHistory } from './correspondence-history';
import { PersonPicker } from './person-picker';

/** `/staff/correspondence`: everything sent, or what one person was sent. */
export function CorrespondenceListPage() {
  const { viewer } = useSignedIn();
  const [person, setPerson] = useState<string | null>(null);
  if (!hasPermission(viewer, 'correspondence.read')) return <ForbiddenPage />;
  return (
    <Stack gap="md">
      <PageHeader
        title="Correspondence"
        actions={
          hasPermission(viewer, 'correspondence.send') ? (
            <Button component={Link} to={`${CORRESPONDENCE_BASE}/new`}>
              Write correspondence
            </Button>
          ) : null
        }
      />
      <PersonPicker label="Sent to" value={person} onChange={(id) => setPerson(id)} />
      <CorrespondenceHistory userId={person ?? undefined} />
    </Stack>
  );
}
