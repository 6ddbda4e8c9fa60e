/**
 * Every route anyone may call without signing in, and why. A route declares `access: 'public'` in its
 * config AND is listed here with its reason; the route guard test (test/guards/public-routes.test.ts)
 * fails on a public route missing from this list and on an entry no route answers. Keys are
 * `METHOD /path` as registered (case as written, `:params` kept).
 */
export const publicRoutes: Readonly<Record<string, string>> = {
  // The API reference: documentation of the public contract, no data.
  'GET /api/docs': 'API reference page (Swagger UI)',
  'GET /api/docs/static/index.html': 'API reference page (Swagger UI)',
  'GET /api/docs/static/swagger-initializer.js': 'API reference page script',
  'GET /api/docs/json': 'OpenAPI document read by the API reference',
  'GET /api/docs/yaml': 'OpenAPI document read by the API reference',
  'GET /api/docs/static/*': 'API reference assets',
  'GET /api/openapi.json': 'OpenAPI document of the API, public by design',

  // Operations: load balancers and Prometheus call these without a session (platform/ops).
  'GET /healthz': 'the load balancer asks whether the process answers; says nothing else',
  'GET /readyz':
    'the load balancer asks whether the process can serve (database, migrations, job queue); names the failing part only',
  'GET /metrics':
    'Prometheus scrapes it with the METRICS_TOKEN bearer token (checked in the handler; 404 without a configured token)',

  // Signing in and out: needed before there is a session.
  'GET /api/Saml20/Metadata': "the identity provider reads our service provider's metadata",
  'GET /api/Saml20/SignIn': 'starts single sign-on, before there is a session',
  'POST /api/Saml20/Acs': "the identity provider's signed assertion arrives as a cross-site form post",
  'GET /api/mail/status':
    'whether mail is being sent (a banner for administrators) and whether this very request may open the dev mail viewer; says nothing else',
  'GET /api/Saml20/Logout': "single logout: the identity provider's signed LogoutRequest, by redirect",
  'POST /api/auth/login': 'signing in',
  'POST /api/auth/logout': 'signing out must work with an expired session too',
  'GET /api/IsSessionAlive': 'the app asks whether its session still exists; answers false without one',
  'GET /api/utils/getcookiename': 'the name of the session cookie, before sign-in',
  'DELETE /api/Core/Auth/Sessioncookie': 'clears the session cookie, also when the session has expired',

  // What the sign-in and public pages show before anyone signs in.
  'GET /api/enterpriseLess': "the enterprise's name and branding on the sign-in page",
  'GET /api/enterprise/getbyaddress': 'which enterprise a host name serves, before sign-in',
  'GET /api/getLogoutCriteria': 'idle time-out settings the sign-in page applies',
  'GET /api/Core/DuplicatePreventionText': 'text shown on the public account-creation page',
  'GET /api/Core/EnterpriseShowUserPublicAddresses': 'whether the public lookup shows addresses',
  'GET /api/enterpriselogincriteria': 'which sign-in methods the sign-in page offers',
  'GET /api/Core/EnterpriseDisablePasswordLogin': 'whether the sign-in page offers a password form',
  'GET /api/enterprisepubliclookup': 'settings of the public licence lookup page',
  'GET /api/AdminModule/ListPublicIdentityProvider': 'the single sign-on buttons of the sign-in page',
  'POST /api/recaptchaTokenResponse': 'checks the CAPTCHA of public forms, before sign-in',
  'GET /api/CMSPages/getmenu': "the public portal's menu",
  'GET /api/Core/UserStatus/:id/LockedMessage': 'the message a locked-out user sees on the sign-in page',

  // The public licence lookup: the regulator publishes who holds which licence.
  'POST /api/PublicLookupUser': 'public licence lookup of people',
  'POST /api/getuserlookupcount': 'count of the public licence lookup of people',
  'POST /api/PublicLookupService': 'public licence lookup of services',
  'POST /api/getservicelookupcount': 'count of the public licence lookup of services',
  'POST /api/credentials/verify':
    "checks a licence card's signed statement (its QR code) and the credential's live status, as /verify shows it; rate-limited",

  // Complaints: the public files a complaint from the public site, behind the enterprise's reCAPTCHA.
  'GET /api/complaints/publicCategories': 'the categories the public complaint form offers',
  'POST /api/complaints/file':
    'the public files a complaint (reCAPTCHA-checked, rate-limited; files capped, in daily quotas, screened)',
  'GET /api/complaints/publicAttachmentLimits':
    'how many and how large files the public complaint form takes',
  'GET /api/complaints/publicDiscipline':
    'the verification page shows public disciplinary actions on a credential, as regulators must',

  // The public site: pages staff publish, published policies, and fire drills schools report without
  // an account (reports rate-limited and behind the enterprise's human check).
  'GET /api/public/cms/pages/:slug': 'a published page of the public site',
  'GET /api/public/policies': 'the published policies and protocols the public site lists',
  'GET /api/public/policies/:id': 'one published policy or protocol',
  'GET /api/public/policies/:id/document': 'the document of a published policy',
  'GET /api/public/firedrill/schoolsystems': 'the school systems the fire drill form offers',
  'GET /api/public/firedrill/schools': 'the schools of a school system, for the fire drill form',
  'GET /api/public/firedrill/drills': "a school's reported drills, without who reported them",
  'GET /api/public/firedrill/years': 'the years of reported drills, for the fire drill pages',
  'POST /api/public/firedrill/drills': 'a school reports a fire drill (human-checked, rate-limited)',
  'GET /api/public/humancheck':
    "the challenge of a public form's human check (reCAPTCHA or the local stand-in)",

  // Account recovery and creation, by definition without a session.
  'GET /api/users/validateusername': 'account creation checks a user name is free',
  'POST /api/users/lookupUsername': 'forgotten user name, sent by email',
  'GET /api/users/getpasswordrequirements': 'password rules shown on account creation and reset',
  'POST /api/users/forgotpassword': 'asks for a password reset email',
  'GET /api/users/getresettoken': 'checks a reset link before showing the reset form',
  'POST /api/users/resetpassword': 'sets a new password with an emailed token',
  'POST /api/users/register':
    'self-registration: mails a link to verify the address, before there is an account',
  'GET /api/users/register/token': 'checks a registration link before showing the registration form',
  'POST /api/users/register/complete': 'self-registration: creates the portal account of a verified address',

  // Error reports of the browser app, also from the sign-in page.
  'POST /api/Logger/LogAngularApiErrors': 'the browser app reports its errors, also before sign-in',

  // Payment gateways answer by cross-site form posts and server-to-server calls, trusted only for
  // their signature (HMAC-SHA256 over the signed fields, checked in constant time).
  'POST /api/payments/receipt':
    'the gateway returns the browser with its signed answer (a cross-site form post)',
  'POST /api/payments/notify': "the gateway's signed server-to-server notification of a payment",
  'POST /api/payments/testgateway/pay':
    "the local test gateway's hosted page, standing in for the gateway's own",
  'POST /api/payments/testgateway/decide':
    "the local test gateway's decision, signed as the gateway's answer",
};

/** The reason a route is public, found case-insensitively as the router matches; undefined when none. */
export function publicReasonOf(method: string, url: string): string | undefined {
  const key = `${method.toUpperCase()} ${url}`.toLowerCase();
  for (const [k, reason] of Object.entries(publicRoutes)) if (k.toLowerCase() === key) return reason;
  return undefined;
}
