// One call of a route with a portal owner's ids in its id slots (path parameters, id-like query
// parameters, id fields of the body), for the cross-user guard and the access matrix's policies.
import { type IdKind, kindOf } from './id-kinds';
import {
  fillPath,
  idFieldNames,
  isIdName,
  isWrite,
  type PlannedRoute,
  sampleOf,
  sampleQuery,
} from './route-plan';

export const idQuery = (r: PlannedRoute) => r.query.filter((p) => isIdName(p.name));

/** The names of the route's id slots. */
export const idSlots = (r: PlannedRoute) => [
  ...r.pathParams.filter(isIdName),
  ...idQuery(r).map((p) => p.name),
  ...(isWrite(r.method) ? idFieldNames(r.body) : []),
];

/** The kinds of record the route's id slots name (`shared` ones left out). */
export const slotKinds = (r: PlannedRoute): IdKind[] => [
  ...new Set(
    idSlots(r)
      .map((name) => kindOf(r, name))
      .filter((k): k is IdKind => k !== undefined && k !== 'shared'),
  ),
];

/** Every id slot gets the owner's id of `kind`, or, when `byName`, the id its name says. */
export function callWithIds(route: PlannedRoute, ids: Record<IdKind, string>, kind: IdKind, byName: boolean) {
  const idFor = (name: string) => {
    const named = byName ? kindOf(route, name) : undefined;
    return ids[named && named !== 'shared' ? named : kind];
  };
  const params = Object.fromEntries(route.pathParams.map((p) => [p, idFor(p)]));
  const query = Object.fromEntries(idQuery(route).map((p) => [p.name, idFor(p.name)]));
  const body = isWrite(route.method)
    ? (sampleOf(route.body, (name) => (isIdName(name) ? idFor(name) : undefined), '', 0, true) ?? {})
    : undefined;
  return {
    method: route.method as 'GET',
    url: fillPath(route, params) + sampleQuery(route, query),
    ...(body !== undefined ? { payload: body as object } : {}),
  };
}
