import { type NavCountKey, type NavCounts, navCountCatalog } from '@licensure/contracts';
import { Badge, NavLink, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { NavLink as RouterNavLink, useMatch } from 'react-router';
import { api } from '../../platform/api/client';
import type { Viewer } from '../../platform/session/shell-state';
import { type StaffNavLink, staffHomeLink, visibleStaffNav } from '../staff-nav';

export const navCountsKey = ['navCounts'] as const;

/** Waiting work beside the menu's links: asked for once a minute, and only when a link shows a count. */
function useNavCounts(enabled: boolean) {
  return useQuery({
    queryKey: navCountsKey,
    queryFn: () => api.get<NavCounts>('/api/staff/nav-counts'),
    enabled,
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

/** "To review, 3 waiting": the count with its meaning, as a screen reader reads it. */
export function countText(key: NavCountKey, n: number): string {
  return `${navCountCatalog[key].meaning}, ${n} waiting`;
}

function MenuLink({ link, counts }: { link: StaffNavLink; counts: NavCounts | undefined }) {
  const match = useMatch({ path: link.to, end: link.end ?? false });
  const countId = useId();
  const n = link.count ? counts?.[link.count] : undefined;
  const shown = link.count && n !== undefined && n > 0 ? { key: link.count, n } : null;
  return (
    <li>
      <NavLink
        component={RouterNavLink}
        to={link.to}
        end={link.end}
        label={link.label}
        active={!!match}
        // The link keeps its name ("Licence requests"); the count is its description.
        aria-describedby={shown ? countId : undefined}
        rightSection={
          shown ? (
            <Badge size="sm" variant="filled" color="blue.9" aria-hidden="true">
              {shown.n}
            </Badge>
          ) : undefined
        }
      />
      {shown ? <VisuallyHidden id={countId}>{countText(shown.key, shown.n)}</VisuallyHidden> : null}
    </li>
  );
}

const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;

/** The staff menu: the dashboard, then each area's heading and the links the viewer may open. */
export function StaffNavMenu({ viewer }: { viewer: Viewer }) {
  const groups = visibleStaffNav(viewer);
  const counted = groups.some((group) => group.links.some((link) => link.count));
  const { data: counts } = useNavCounts(counted);
  const baseId = useId();
  return (
    <>
      <ul style={listStyle}>
        <MenuLink link={staffHomeLink} counts={counts} />
      </ul>
      {groups.map((group, i) => {
        const headingId = `${baseId}-group-${i}`;
        return (
          <section key={group.label} aria-labelledby={headingId}>
            <Text
              component="h2"
              id={headingId}
              size="xs"
              fw={700}
              tt="uppercase"
              c="dimmed"
              mt="md"
              mb={4}
              px="sm"
            >
              {group.label}
            </Text>
            <ul style={listStyle}>
              {group.links.map((link) => (
                <MenuLink key={link.to} link={link} counts={counts} />
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}
