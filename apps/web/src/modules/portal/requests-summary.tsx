import { Anchor, List, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { licensingApi, licensingKeys } from '../licensing/licensing-api';
import { requestStanding } from '../licensing/licensing-format';

const counted = (n: number, words: string) => (n > 0 ? [`${n} ${words}`] : []);

/**
 * The portal home's requests: first those waiting for the applicant (a draft to submit, corrections,
 * information asked), each a link; then how many await review and how many were decided. The state is
 * `requestStanding`'s, the same as on My requests.
 */
export function RequestsSummary() {
  const mine = useQuery({
    queryKey: licensingKeys.mine(),
    queryFn: ({ signal }) => licensingApi.mine(signal),
  });
  if (mine.isPending) return <LoadingState label="Loading your requests…" />;
  if (mine.isError)
    return (
      <ErrorState
        error={mine.error}
        title="Your requests could not be loaded"
        onRetry={() => void mine.refetch()}
      />
    );
  const live = mine.data.filter((r) => !r.deleted_at).map((r) => ({ r, standing: requestStanding(r) }));
  const yours = live.filter((x) => x.standing.needsAction);
  const of = (state: string) =>
    live.filter((x) => x.r.review_state === state && !x.standing.needsAction).length;
  const rest = [
    ...counted(of('submitted'), 'awaiting review'),
    ...counted(of('approved'), 'approved'),
    ...counted(of('denied'), 'denied'),
    ...counted(of('withdrawn'), 'withdrawn'),
  ];
  return (
    <>
      {live.length === 0 ? <Text>You have not applied for a licence yet.</Text> : null}
      {live.length > 0 && yours.length === 0 ? <Text>Nothing needs your action.</Text> : null}
      {yours.length > 0 ? (
        <>
          <Text fw={600} id="needs-action-heading">
            Needs your action
          </Text>
          <List spacing={4} aria-labelledby="needs-action-heading">
            {yours.map(({ r, standing }) => (
              <List.Item key={r.id}>
                <Anchor component={Link} to={`/portal/requests/${r.id}`}>
                  {r.license_name ?? 'Licence request'}: {standing.label}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </>
      ) : null}
      {rest.length > 0 ? <Text>Your other requests: {rest.join(', ')}.</Text> : null}
      <Anchor component={Link} to="/portal/requests">
        My requests
      </Anchor>
    </>
  );
}
