/** Requests exported as XML (getXML). */

function xmlEscape(v: unknown): string {
  return (
    String(v ?? '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
      // Characters XML 1.0 cannot carry (control characters other than tab and line ends).
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      .replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD]/g, '')
  );
}

/** A value as XML: objects become elements, arrays repeat the singular element. */
export function toXml(name: string, value: unknown, indent = ''): string {
  if (value === null || value === undefined) return `${indent}<${name}/>`;
  if (Array.isArray(value)) {
    const item = name.endsWith('ies') ? `${name.slice(0, -3)}y` : name.replace(/s$/, '');
    return `${indent}<${name}>\n${value.map((v) => toXml(item, v, `${indent}  `)).join('\n')}\n${indent}</${name}>`;
  }
  if (typeof value === 'object') {
    const inner = Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => toXml(k, v, `${indent}  `))
      .join('\n');
    return `${indent}<${name}>\n${inner}\n${indent}</${name}>`;
  }
  return `${indent}<${name}>${xmlEscape(value)}</${name}>`;
}
