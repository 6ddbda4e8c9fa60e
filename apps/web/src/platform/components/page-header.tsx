import { Group, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';

export const APP_NAME = 'Licensure';

export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | ${APP_NAME}`;
  }, [title]);
}

// The first page of a visit keeps the browser's focus; after each client-side navigation the new page's
// heading takes focus so that screen readers announce the page, as a full page load would.
let firstPageShown = false;

interface PageHeaderProps {
  title: string;
  /** The document title when it should say more than the heading. */
  documentTitle?: string;
  description?: ReactNode;
  actions?: ReactNode;
}

/** The one h1 of a page; it also sets the document title. */
export function PageHeader({ title, documentTitle, description, actions }: PageHeaderProps) {
  usePageTitle(documentTitle ?? title);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!firstPageShown) {
      firstPageShown = true;
      return;
    }
    const active = document.activeElement;
    // Leave focus alone when the user is already working inside the new page.
    if (!active || active === document.body || !active.isConnected) heading.current?.focus();
  }, []);
  return (
    <Group justify="space-between" align="flex-start" mb="lg" wrap="wrap" gap="sm">
      <Stack gap={4}>
        <Title order={1} ref={heading} tabIndex={-1}>
          {title}
        </Title>
        {description ? <Text c="dimmed">{description}</Text> : null}
      </Stack>
      {actions ? <Group gap="sm">{actions}</Group> : null}
    </Group>
  );
}
