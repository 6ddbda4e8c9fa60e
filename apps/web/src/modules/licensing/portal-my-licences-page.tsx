import type { CertificationOutput } from '@licensure/contracts';
import { Alert, Anchor, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { type ResponsiveColumn, ResponsiveTable } from '../../platform/components/responsive-table';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { formatDate } from '../../platform/display/format';
import { certificateHref, licensingApi, licensingKeys, verifiableCredentialHref } from './licensing-api';

/** Opens the open renewal of a credential when there is one, else starts it. */
async function renew(c: CertificationOutput): Promise<string> {
  if (!c.license_id) throw new Error('This credential has no licence to renew.');
  const mine = await licensingApi.mine();
  const open = mine.find((r) => r.renews_certification_id === c.id && r.progress < 2 && !r.deleted_at);
  if (open) return open.id;
  const subject = c.service_id
    ? { service_id: c.service_id }
    : c.vehicle_id
      ? { vehicle_id: c.vehicle_id }
      : {};
  return (await licensingApi.start(c.license_id, subject, c.id)).id;
}

/** Why a credential cannot be renewed here, in words shown beside the disabled Renew; null when it can. */
export function renewBlockedReason(c: Pick<CertificationOutput, 'license_id'>): string | null {
  return c.license_id
    ? null
    : 'Renewal is not offered online for this credential: it is not linked to a licence. Contact the licensing office.';
}

/** `/portal/my-licences`: the credentials the applicant holds, their certificates and renewal. */
export function PortalMyLicencesPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const held = useQuery({
    queryKey: licensingKeys.certifications(),
    queryFn: ({ signal }) => licensingApi.certifications(signal),
  });
  const start = useMutation({
    mutationFn: renew,
    onSuccess: (id) => {
      void queryClient.invalidateQueries({ queryKey: licensingKeys.all });
      navigate(`/portal/requests/${id}`);
    },
  });
  const columns: ResponsiveColumn<CertificationOutput>[] = [
    { key: 'licence', header: 'Licence', render: (c) => c.title },
    { key: 'number', header: 'Number', render: (c) => c.number },
    { key: 'level', header: 'Level', render: (c) => c.level_label },
    { key: 'holder', header: 'Holder', render: (c) => c.holder_name },
    { key: 'status', header: 'Status', render: (c) => c.status_label },
    { key: 'issued', header: 'Issued', render: (c) => formatDate(c.issue_date) },
    { key: 'expires', header: 'Expires', render: (c) => formatDate(c.expiration_date) },
    {
      key: 'actions',
      header: 'Actions',
      render: (c) => {
        const reasonId = `renew-reason-${c.id}`;
        const reason = renewBlockedReason(c);
        return (
          <Stack gap={4}>
            <Group gap="xs" wrap="wrap">
              <Anchor href={certificateHref(c.id)} download>
                Certificate<VisuallyHidden> {c.number}</VisuallyHidden>
              </Anchor>
              <Anchor href={certificateHref(c.id, 'card')} download>
                Wallet card<VisuallyHidden> {c.number}</VisuallyHidden>
              </Anchor>
              <Anchor href={verifiableCredentialHref(c.id)} download>
                Digital wallet credential<VisuallyHidden> {c.number}</VisuallyHidden>
              </Anchor>
              <Button
                size="xs"
                variant="default"
                onClick={() => start.mutate(c)}
                loading={start.isPending && start.variables?.id === c.id}
                disabled={start.isPending || reason !== null}
                aria-describedby={reason ? reasonId : undefined}
              >
                Renew<VisuallyHidden> {c.number}</VisuallyHidden>
              </Button>
            </Group>
            {reason ? (
              <Text size="sm" id={reasonId}>
                {reason}
              </Text>
            ) : null}
          </Stack>
        );
      },
    },
  ];
  return (
    <Stack gap="md">
      <PageHeader
        title="My licences"
        description="The credentials you hold. Download the certificate or the wallet card; its QR code opens the public verification page."
        actions={
          <Anchor component={Link} to="/portal/requests">
            My requests
          </Anchor>
        }
      />
      {start.isError ? (
        <Alert color="red" title="The renewal could not be started" role="alert">
          {errorMessage(start.error)}
        </Alert>
      ) : null}
      {held.isPending ? <LoadingState label="Loading your licences…" /> : null}
      {held.isError ? (
        <ErrorState
          error={held.error}
          title="Your licences could not be loaded"
          onRetry={() => void held.refetch()}
        />
      ) : null}
      {held.data?.items.length === 0 ? <Text>You hold no licence yet.</Text> : null}
      {held.data && held.data.items.length > 0 ? (
        <ResponsiveTable
          caption="My licences"
          columns={columns}
          rows={held.data.items}
          rowKey={(c) => c.id}
        />
      ) : null}
    </Stack>
  );
}
