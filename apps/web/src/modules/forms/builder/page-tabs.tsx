import { Button, Group, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { errorsOf } from '../draft/field-errors';
import { newPage } from '../draft/form-draft';
import type { PaletteItem } from '../question-kinds';
import { BuildArea } from './build-area';
import { focusSoon, useBuilder } from './builder-context';
import { ConfirmDialog } from './confirm-dialog';

interface PageTabsProps {
  activePageId: string | null;
  onActivePage(pageId: string | null): void;
  palette: readonly PaletteItem[];
  paletteLoading: boolean;
}

/** The pages as tabs; under them the active page's title, its buttons and its build area. */
export function PageTabs({ activePageId, onActivePage, palette, paletteLoading }: PageTabsProps) {
  const { form, dispatch, errors, clearError, announce, select, readOnly } = useBuilder();
  const [confirming, setConfirming] = useState(false);
  const pages = form.pages;
  const index = Math.max(
    0,
    pages.findIndex((p) => p.id === activePageId),
  );
  const page = pages[index] ?? null;
  const pageErrors = page ? errorsOf(errors, 'page', page.id) : {};

  const addPage = () => {
    const created = newPage(`Page ${pages.length + 1}`);
    dispatch({ type: 'addPage', page: created });
    onActivePage(created.id);
    select(null);
    announce(`${created.title} added and shown.`);
    focusSoon(`page:title:${created.id}`);
  };

  const movePage = (direction: -1 | 1) => {
    if (!page) return;
    dispatch({ type: 'movePage', pageId: page.id, toIndex: index + direction });
    announce(`Page “${page.title}” is now page ${index + direction + 1} of ${pages.length}.`);
    focusSoon(direction < 0 ? 'page:earlier' : 'page:later', [direction < 0 ? 'page:later' : 'page:earlier']);
  };

  const deletePage = () => {
    if (!page) return;
    const next = pages[index + 1] ?? pages[index - 1] ?? null;
    dispatch({ type: 'removePage', pageId: page.id });
    onActivePage(next?.id ?? null);
    select(null);
    setConfirming(false);
    announce(`Page “${page.title}” deleted.`);
    if (next) focusSoon(`page:title:${next.id}`);
  };

  const content = page ? (
    <Stack gap="md" pt="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Page title"
          value={page.title}
          error={pageErrors.title}
          data-focus-key={`page:title:${page.id}`}
          onChange={(e) => {
            dispatch({ type: 'renamePage', pageId: page.id, title: e.currentTarget.value });
            clearError('page', page.id, 'title');
          }}
          w={320}
          readOnly={readOnly}
        />
        {readOnly ? null : (
          <>
            <Button
              variant="default"
              disabled={index === 0}
              onClick={() => movePage(-1)}
              data-focus-key="page:earlier"
            >
              Move page earlier
            </Button>
            <Button
              variant="default"
              disabled={index === pages.length - 1}
              onClick={() => movePage(1)}
              data-focus-key="page:later"
            >
              Move page later
            </Button>
            <Button
              variant="outline"
              color="red.9"
              disabled={pages.length < 2}
              onClick={() => setConfirming(true)}
            >
              Delete page
            </Button>
          </>
        )}
      </Group>
      <BuildArea key={page.id} page={page} palette={palette} paletteLoading={paletteLoading} />
    </Stack>
  ) : null;

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={2} size="h3">
          Pages
        </Title>
        {readOnly ? null : (
          <Button variant="outline" onClick={addPage}>
            Add page
          </Button>
        )}
      </Group>
      {pages.length === 0 ? <Text>This form has no pages. Add a page to start.</Text> : null}
      <Tabs
        value={page?.id ?? null}
        onChange={(value) => {
          onActivePage(value);
          select(null);
        }}
        keepMounted
      >
        <Tabs.List aria-label="Pages">
          {pages.map((p, i) => (
            <Tabs.Tab key={p.id} value={p.id}>
              {p.title.trim() || `Page ${i + 1}`}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {pages.map((p) => (
          <Tabs.Panel key={p.id} value={p.id}>
            {p.id === page?.id ? content : null}
          </Tabs.Panel>
        ))}
      </Tabs>
      <ConfirmDialog
        opened={confirming}
        title="Delete this page?"
        confirmLabel="Delete page"
        onCancel={() => setConfirming(false)}
        onConfirm={deletePage}
      >
        “{page?.title}” will be deleted with its groups and questions, and the conditions that depend on them.
        Nothing is saved until you press Save.
      </ConfirmDialog>
    </Stack>
  );
}
