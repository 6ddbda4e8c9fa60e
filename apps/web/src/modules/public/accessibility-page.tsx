import { Stack, Typography } from '@mantine/core';
import { marked } from 'marked';
// The statement is one text, docs/accessibility.md, published here as it is in the repository.
import statement from '../../../../../docs/accessibility.md?raw';
import { PageHeader } from '../../platform/components/page-header';

const [, title = 'Accessibility', body = statement] = /^#\s+(.+)\n([\s\S]*)$/.exec(statement) ?? [];
// The repository's own file: no visitor's text reaches this HTML. Its title becomes the page's one h1
// (PageHeader's); its sections stay h2.
const html = marked.parse(body, { async: false });

/** `/accessibility`: the accessibility conformance statement, linked from every public page's footer. */
export function AccessibilityPage() {
  return (
    <Stack gap="md">
      <PageHeader title={title} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the repository's own statement, not user input */}
      <Typography dangerouslySetInnerHTML={{ __html: html }} />
    </Stack>
  );
}
