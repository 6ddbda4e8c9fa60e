import { Anchor, Button, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PageHeader } from '../../platform/components/page-header';
import { ErrorState, ForbiddenPage, LoadingState } from '../../platform/components/status';
import { FlashMessage } from '../../platform/resources/flash-message';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { formsApi, formsKeys } from './forms-api';
import { FORMS_BASE, PACKAGES_BASE } from './forms-paths';

/** `/staff/forms/packages`: the packages of forms an application asks for together. */
export function PackagesPage() {
  const { viewer } = useSignedIn();
  const canRead = hasPermission(viewer, 'forms.read');
  const canWrite = hasPermission(viewer, 'forms.write');
  const packages = useQuery({
    queryKey: formsKeys.packages,
    queryFn: ({ signal }) => formsApi.packages(signal),
    enabled: canRead,
  });
  if (!canRead) return <ForbiddenPage />;
  const items = packages.data ?? [];
  return (
    <Stack gap="md">
      <PageHeader
        title="Form packages"
        description="Sets of forms, in order, that an application asks for together."
        actions={
          <>
            <Anchor component={Link} to={FORMS_BASE}>
              Back to forms
            </Anchor>
            {canWrite ? (
              <Button component={Link} to={`${PACKAGES_BASE}/new`}>
                New package
              </Button>
            ) : null}
          </>
        }
      />
      <FlashMessage />
      {packages.isPending ? <LoadingState label="Loading packages…" /> : null}
      {packages.isError ? (
        <ErrorState
          error={packages.error}
          title="Could not load the packages"
          onRetry={() => void packages.refetch()}
        />
      ) : null}
      {packages.data ? (
        <Text role="status" size="sm">
          {items.length === 0
            ? 'There are no packages yet.'
            : `${items.length} ${items.length === 1 ? 'package' : 'packages'}.`}
        </Text>
      ) : null}
      {items.length > 0 ? (
        <Table.ScrollContainer minWidth={480}>
          <Table striped withTableBorder captionSide="top">
            <Table.Caption>
              <VisuallyHidden>Form packages</VisuallyHidden>
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Forms</Table.Th>
                <Table.Th scope="col">Active</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((pkg) => (
                <Table.Tr key={pkg.id}>
                  <Table.Th scope="row" fw="normal">
                    <Anchor component={Link} to={`${PACKAGES_BASE}/${pkg.id}`}>
                      {pkg.name}
                    </Anchor>
                  </Table.Th>
                  <Table.Td>{pkg.forms?.length ?? 0}</Table.Td>
                  <Table.Td>{pkg.active ? 'Yes' : 'No'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}
