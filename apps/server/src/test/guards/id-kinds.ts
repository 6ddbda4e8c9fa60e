// Which kind of record an id parameter names, for the cross-user guard: a record a portal user owns or is
// party to (A has one of each), or `shared`, a record no portal user owns (lists, configuration, staff's).
// A name that matches no rule is unknown, and the guard fails until it is classified here.
import type { PlannedRoute } from './route-plan';

export const idKinds = [
  'user',
  'service',
  'personnel',
  'vehicle',
  'certification',
  'response',
  'document',
  'request',
  'requestCharge',
  'requestResponse',
  'transaction',
  'paymentAttempt',
  'voucher',
  'complaint',
  'investigation',
  'complaintActivity',
  'examSession',
  'examCandidate',
  'visit',
  'inspection',
  'training',
  'courseAttendee',
  'serviceUserTraining',
  'longevity',
  'longevityCredit',
  'ceAuditMember',
  'correspondence',
  'correspondenceRecipient',
  'note',
  'alert',
] as const;
export type IdKind = (typeof idKinds)[number];
export type NameKind = IdKind | 'shared';

/**
 * Rules in order, tried on the name lower-cased without separators. Lists and settings come first
 * (`complaint_status_id` is a status, not a complaint), then the records of a person, then the rest of
 * what staff configure.
 */
const rules: [RegExp, NameKind][] = [
  [
    /status|type|templat|categor|level|autonum|classif|action$|monitoringaction|specialt|functionas|permission|location|topic/,
    'shared',
  ],
  // Rosters of staff roles, and what a verb-named route's id is the id of.
  [/^(userinspectors|userinvestigators|examcoordinators|examexaminers)$|requir|passing/, 'shared'],
  [/saveelement|licensevouchercharge/, 'request'],
  [/bulkremoveattendees/, 'training'],
  [/longevitycredit/, 'longevityCredit'],
  [/longevit/, 'longevity'],
  [/serviceusertraining/, 'serviceUserTraining'],
  [/ceauditmember/, 'ceAuditMember'],
  [/attendee/, 'courseAttendee'],
  [/requestcharge/, 'requestCharge'],
  [/requestfbrespons/, 'requestResponse'],
  [/paymentattempt|attempt/, 'paymentAttempt'],
  [/voucher/, 'voucher'],
  [/refundof|transaction|txn|receipt/, 'transaction'],
  [/investigation$|investigationsmodule|^investigation(id)?s?$/, 'investigation'],
  [/complaintactivit|activitytracking/, 'complaintActivity'],
  [/complaint/, 'complaint'],
  [/candidate/, 'examCandidate'],
  [/examsession|^session(id)?s?$|registration/, 'examSession'],
  [/visit/, 'visit'],
  [/inspection(?!dataset)/, 'inspection'],
  [/recipient|^(portal)?messages?(id)?s?$/, 'correspondenceRecipient'],
  // The mail log (GET mail/:id): staff's, behind mail.read; what reaches A is their message (above).
  [/^mails?(id)?$/, 'shared'],
  [/correspondence/, 'correspondence'],
  [/^notes?(id)?$/, 'note'],
  [/^alerts?(id)?$/, 'alert'],
  [/response/, 'response'],
  [/request/, 'request'],
  [/document|photo/, 'document'],
  [/certification|credential/, 'certification'],
  [/servicepersonnel|personnel/, 'personnel'],
  [/vehicle/, 'vehicle'],
  [/service|agency/, 'service'],
  [/^trainings?(id)?s?$|^course|prerequisite|selfenteredcourse/, 'training'],
  [
    /^users?(id)?s?$|person|applicant|addressinfo|getobject|publicsearchuser|examiner|coordinator|inspector|investigator|initiatedby|mergeentity|^(data)?objectid$/,
    'user',
  ],
  [
    /licen[cs]e|form|packet|skill|question|element|group|condition|page|cms|process|polic|trigger|scheduledtask|merge|quer|drill|school|enterprise|deficienc|fee|checklist|comment|clientid|opid|connection|config|copy|parent|entit|package|dataset|census|stylesheet|xslt|identityprovider|securit|region|position|race|gender|eye|hair|education|nationalems|geo|countr|hospital|filetype|datetype|dataelement|background|userstatus|nremt|calendar|autonumber|rule|charge|portalpage|summar|resource|checkout|userinspectors|userinvestigators|ceaudit|exam|figure|nationalregistr/,
    'shared',
  ],
];

/** The kind of record a parameter or field of this name takes, or undefined when no rule knows it. */
export function kindOfName(name: string): NameKind | undefined {
  const n = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  return rules.find(([re]) => re.test(n))?.[1];
}

/** The part of the URL that names what an `id` is the id of: the literal segment before `:id`. */
function resourceOf(route: PlannedRoute): string[] {
  const literal = route.url.split('/:id')[0] ?? route.url;
  const segments = literal
    .split('/')
    .filter((s) => s && s !== 'api' && !s.startsWith(':'))
    .reverse();
  return segments;
}

/**
 * The kind of one id slot of a route: by its name, and for a bare `id` by the route's resource (the
 * segment before it, else the ones before that: `queries/run`). `candidate_id` of a document is the
 * person (the spec's name), of an exam the registration.
 */
export function kindOf(route: PlannedRoute, name: string): NameKind | undefined {
  if (/^candidate/i.test(name) && !/exam/i.test(route.url)) return 'user';
  if (name !== 'id') return kindOfName(name);
  for (const segment of resourceOf(route)) {
    const kind = kindOfName(segment);
    if (kind) return kind;
  }
  return undefined;
}
