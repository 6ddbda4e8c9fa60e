import type { NemsisDataset, NemsisIssue, NemsisValidationReport } from '@licensure/contracts';
import SaxonJS from 'saxon-js';
import { validateXML } from 'xmllint-wasm';
import { NEMSIS_VERSION, schematronStylesheet, xsdFiles } from './schemas';

/** Findings listed in a report; the counts cover every finding. */
export const NEMSIS_ISSUE_LIMIT = 500;

/**
 * Validates a NEMSIS v3.5.1 document against the official XSD (libxml2 through xmllint-wasm) and
 * the national Schematron rules (compiled to XSLT, run by SaxonJS). A document that is not
 * well-formed XML gets only the XSD report (the rules cannot run on it).
 */
export async function validateNemsis(xml: string, dataset: NemsisDataset): Promise<NemsisValidationReport> {
  const xsd = await validateXsd(xml, dataset);
  const wellFormed = !xsd.some((issue) => issue.message.includes('parser error'));
  const rules = wellFormed ? await validateSchematron(xml, dataset) : [];
  const issues = [...xsd, ...rules];
  const errors = issues.filter((issue) => issue.severity === 'error').length;
  const sorted = [
    ...issues.filter((i) => i.severity === 'error'),
    ...issues.filter((i) => i.severity === 'warning'),
  ];
  return {
    dataset,
    valid: errors === 0,
    xsd_valid: !xsd.some((issue) => issue.severity === 'error'),
    schematron_valid: wellFormed && !rules.some((issue) => issue.severity === 'error'),
    errors,
    warnings: issues.length - errors,
    issues: sorted.slice(0, NEMSIS_ISSUE_LIMIT),
    issue_limit: NEMSIS_ISSUE_LIMIT,
    version: NEMSIS_VERSION,
  };
}

const XSD_LINE = /^[^:]*:(\d+): (.*)$/s;
const XSD_ELEMENT = /Element '\{[^}]*\}([^']+)'/;

export async function validateXsd(xml: string, dataset: NemsisDataset): Promise<NemsisIssue[]> {
  const { schema, preload } = await xsdFiles(dataset);
  const result = await validateXML({
    xml: [{ fileName: 'export.xml', contents: xml }],
    schema,
    preload,
    // libxml2 stops listing after this many; the report says how many it found.
    maxErrors: NEMSIS_ISSUE_LIMIT,
  } as Parameters<typeof validateXML>[0]);
  if (result.valid) return [];
  const lines = xml.split('\n');
  return result.errors.map((error) => {
    const match = XSD_LINE.exec(error.rawMessage.trim());
    const line = match ? Number(match[1]) : null;
    const message = (match?.[2] ?? error.rawMessage).trim();
    return {
      source: 'xsd',
      severity: 'error',
      message,
      element: XSD_ELEMENT.exec(message)?.[1] ?? null,
      location: line === null ? null : `line ${line}`,
      line,
      rule: null,
      record: line === null ? null : recordAtLine(lines, line),
    };
  });
}

/** The record an XSD finding belongs to: the nearest UUID (a group) or agency number above it. */
function recordAtLine(lines: string[], line: number): string | null {
  for (let i = Math.min(line, lines.length) - 1; i >= 0; i--) {
    const text = lines[i] ?? '';
    const uuid = /UUID="([^"]+)"/.exec(text);
    if (uuid) return uuid[1] ?? null;
    const agency = /<(?:dAgency|sAgency)\.02>([^<]*)</.exec(text);
    if (agency) return agency[1] ?? null;
  }
  return null;
}

interface SvrlFinding {
  kind: string;
  id: string;
  role: string;
  location: string;
  text: string;
  record: string;
  elements: string;
}

export async function validateSchematron(xml: string, dataset: NemsisDataset): Promise<NemsisIssue[]> {
  const sef = await schematronStylesheet(dataset);
  const svrl = SaxonJS.transform({
    stylesheetInternal: sef,
    sourceText: xml,
    destination: 'serialized',
  }).principalResult;
  const findings = SaxonJS.XPath.evaluate(
    `for $f in parse-xml($svrl)//(*:failed-assert | *:successful-report)
     return let $d := $f/*:diagnostic-reference/*:nemsisDiagnostic
     return map {
       'kind': local-name($f), 'id': string($f/@id), 'role': string($f/@role), 'location': string($f/@location),
       'text': normalize-space($f/*:text),
       'record': string-join(($d/*:record/*[local-name() = ('dAgency.02', 'sState.01', 'sAgency.02')], $d/*:record/*:UUID) ! string(), ' / '),
       'elements': string-join(distinct-values($d/*:elements/*:element/@location ! replace(tokenize(., '/')[last()], '^([^\\[]*:)?([^\\[]+).*$', '$2')), ' ')
     }`,
    null,
    { params: { svrl }, resultForm: 'array' },
  ) as SvrlFinding[];
  return findings.map((finding) => {
    const element = finding.elements.split(' ')[0] || elementOfPath(finding.location);
    return {
      source: 'schematron',
      severity: finding.role.toUpperCase().includes('WARNING') ? 'warning' : 'error',
      message: finding.text,
      element: element || null,
      location: finding.location || null,
      line: null,
      rule: finding.id || null,
      record: finding.record || null,
    } satisfies NemsisIssue;
  });
}

function elementOfPath(path: string): string {
  const last = path.split('/').pop() ?? '';
  return last.replace(/\[.*$/, '').replace(/^.*:/, '');
}
