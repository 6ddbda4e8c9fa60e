import type { LicenseOutput } from '@licensure/contracts';
import { Alert, Anchor, Button, List, Notification, Stack, Tabs, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { ForbiddenPage, LoadFailure, LoadingState } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { ConfirmDialog } from '../forms/builder/confirm-dialog';
import { UnsavedChangesDialog, useUnsavedGuard } from '../forms/builder/unsaved-guard';
import { CategoriesTab } from './categories-tab';
import { EditorContext, type EditorState } from './editor-context';
import { GeneralTab } from './general-tab';
import { ApplicationTypesTab, ChargesTab } from './licence-resources-tabs';
import { buildPayload, draftOf, emptyDraft, type LicenseDraft } from './license-draft';
// Where the server's messages go on the editor's tabs, and how to name a path to a person.
import {
  describePath,
  errorsByPath,
  type FieldErrors,
  inputId,
  inputPathOf,
  type TabKey,
  tabOfPath,
  validatePayload,
} from './license-draft-paths';
import { LICENCES_BASE, licensingConfigApi, licensingConfigKeys } from './licensing-config-api';
import { ProcessesTab } from './processes-tab';
import { RulesTab } from './rules-tab';
import { AttributesTab, CredentialStatusesTab, RequestStatusesTab } from './status-tabs';

const tabs: { key: TabKey; label: string }[] = [
  { key: 'general', label: 'General' },
  { key: 'categories', label: 'Categories & levels' },
  { key: 'request-statuses', label: 'Request statuses' },
  { key: 'credential-statuses', label: 'Credential statuses' },
  { key: 'attributes', label: 'Credential attributes' },
  { key: 'processes', label: 'Processes' },
  { key: 'rules', label: 'Rules' },
  { key: 'application-types', label: 'Application types' },
  { key: 'charges', label: 'Charges' },
];

/** `/staff/licences/new` and `/staff/licences/:id`: the licence and its whole configuration. */
export function LicenceEditorPage() {
  const { id = 'new' } = useParams();
  const { viewer } = useSignedIn();
  const canRead = hasPermission(viewer, 'licensing.read');
  const canWrite = hasPermission(viewer, 'licensing.write');
  const isNew = id === 'new';
  const queryClient = useQueryClient();
  const license = useQuery({
    queryKey: licensingConfigKeys.one(id),
    queryFn: ({ signal }) => licensingConfigApi.get(id, signal),
    enabled: canRead && !isNew,
  });
  const [toast, setToast] = useState<string | null>(null);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), 5000);
    return () => clearTimeout(timer);
  }, [toast]);

  // Opening a licence puts it at the top of the viewer's recently viewed licences.
  useEffect(() => {
    if (isNew || !canRead) return;
    licensingConfigApi
      .noteViewed(id)
      .then(() => queryClient.invalidateQueries({ queryKey: licensingConfigKeys.viewed }))
      .catch(() => undefined);
  }, [id, isNew, canRead, queryClient]);

  if (!canRead || (isNew && !canWrite)) return <ForbiddenPage />;
  if (!isNew && license.isError)
    return <LoadFailure error={license.error} what="the licence" onRetry={() => void license.refetch()} />;
  if (!isNew && !license.data) return <LoadingState label="Loading the licence…" />;
  return (
    <>
      <LicenceEditor
        key={id}
        stored={isNew ? null : (license.data ?? null)}
        canWrite={canWrite}
        onSaved={(message) => setToast(message)}
      />
      {toast ? (
        <Notification
          role="status"
          color="green"
          title="Saved"
          onClose={() => setToast(null)}
          closeButtonProps={{ 'aria-label': 'Dismiss message' }}
          // The description is grey by default, too light against white.
          styles={{ description: { color: 'var(--mantine-color-text)' } }}
          style={{ position: 'fixed', right: 24, bottom: 24, zIndex: 300, maxWidth: 360 }}
        >
          {toast}
        </Notification>
      ) : null}
    </>
  );
}

interface PendingConfirm {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm(): void;
}

export function LicenceEditor({
  stored,
  canWrite,
  onSaved,
}: {
  stored: LicenseOutput | null;
  canWrite: boolean;
  onSaved(message: string): void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<LicenseDraft>(() => (stored ? draftOf(stored) : emptyDraft()));
  const [baseline, setBaseline] = useState(() => JSON.stringify(buildPayload(draft)));
  const [tab, setTab] = useState<TabKey>('general');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingConfirm | null>(null);
  const summary = useRef<HTMLDivElement>(null);
  const payloadText = useMemo(() => JSON.stringify(buildPayload(draft)), [draft]);
  const dirty = payloadText !== baseline;
  const { blocker, allowNextNavigation } = useUnsavedGuard(dirty);

  /** Keys errors by the input that shows them and opens the tab of the first. */
  const showErrors = (found: FieldErrors, text: string | null) => {
    const byInput: FieldErrors = {};
    for (const [path, m] of Object.entries(found))
      byInput[inputPathOf(path)] ??= m.charAt(0).toUpperCase() + m.slice(1);
    setErrors(byInput);
    setMessage(text);
    const first = Object.keys(byInput)[0];
    if (first) setTab(tabOfPath(first));
    setTimeout(() => summary.current?.focus(), 50);
  };

  const save = useMutation({
    mutationFn: (payload: ReturnType<typeof buildPayload>) =>
      stored ? licensingConfigApi.update(stored.id, payload) : licensingConfigApi.create(payload),
    onSuccess: async (saved) => {
      queryClient.setQueryData(licensingConfigKeys.one(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: ['licensing-config', 'list'] });
      setErrors({});
      setMessage(null);
      onSaved(`“${saved.name}” is saved.`);
      const next = draftOf(saved);
      setDraft(next);
      setBaseline(JSON.stringify(buildPayload(next)));
      if (!stored) {
        allowNextNavigation();
        navigate(`${LICENCES_BASE}/${saved.id}`, { replace: true });
      }
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0)
        showErrors(errorsByPath(error.fields), error.status === 409 ? error.message : null);
      else showErrors({}, errorMessage(error));
    },
  });

  const retire = useMutation({
    mutationFn: (id: string) => licensingConfigApi.retire(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: licensingConfigKeys.all });
      allowNextNavigation();
      navigate(LICENCES_BASE, { state: { flash: `“${stored?.name ?? ''}” is retired.` } });
    },
    onError: (error) => showErrors({}, errorMessage(error)),
  });
  const askRetire = () =>
    stored &&
    setPending({
      title: 'Retire this licence?',
      message: `“${stored.name}” will no longer be offered or listed. Credentials and requests that name it are kept.`,
      confirmLabel: 'Retire licence',
      onConfirm: () => retire.mutate(stored.id),
    });

  const onSave = () => {
    const payload = buildPayload(draft);
    const found = validatePayload(payload);
    if (Object.keys(found).length > 0) return showErrors(found, null);
    save.mutate(payload);
  };

  const goTo = (path: string) => {
    setTab(tabOfPath(path));
    setTimeout(() => document.getElementById(inputId(path))?.focus(), 50);
  };

  const state: EditorState = {
    draft,
    change: (update) => setDraft((d) => update(d)),
    errors,
    canWrite,
    confirm: setPending,
  };
  const errorList = Object.entries(errors);
  const title = stored ? stored.name : 'New licence';

  return (
    <EditorContext.Provider value={state}>
      <Stack gap="md">
        <PageHeader
          title={title}
          documentTitle={stored ? `Licence ${stored.name}` : 'New licence'}
          description={
            <Anchor component={Link} to={LICENCES_BASE}>
              All licences
            </Anchor>
          }
          actions={
            canWrite ? (
              <>
                {stored ? (
                  <Button variant="default" color="red" onClick={askRetire} loading={retire.isPending}>
                    Retire licence
                  </Button>
                ) : null}
                <Button onClick={onSave} loading={save.isPending}>
                  Save licence
                </Button>
              </>
            ) : null
          }
        />
        {dirty ? (
          <Text size="sm" c="dimmed">
            You have unsaved changes.
          </Text>
        ) : null}
        {message || errorList.length > 0 ? (
          <Alert ref={summary} tabIndex={-1} color="red" title="The licence was not saved" role="alert">
            {message ? <Text size="sm">{message}</Text> : null}
            {errorList.length > 0 ? (
              <>
                <Text size="sm" mb="xs">
                  {errorList.length === 1
                    ? 'Correct this problem:'
                    : `Correct these ${errorList.length} problems:`}
                </Text>
                <List size="sm" spacing={4}>
                  {errorList.map(([path, m]) => (
                    <List.Item key={path}>
                      <Anchor component="button" type="button" size="sm" onClick={() => goTo(path)}>
                        {describePath(draft, path)}
                      </Anchor>
                      : {m}
                    </List.Item>
                  ))}
                </List>
              </>
            ) : null}
          </Alert>
        ) : null}
        <Tabs value={tab} onChange={(v) => v && setTab(v as TabKey)} keepMounted={false}>
          <Tabs.List>
            {tabs.map((t) => {
              const count = errorList.filter(([p]) => tabOfPath(p) === t.key).length;
              return (
                <Tabs.Tab key={t.key} value={t.key} c={count ? 'red.8' : undefined}>
                  {t.label}
                  {count ? ` (${count} ${count === 1 ? 'problem' : 'problems'})` : ''}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
          <Tabs.Panel value="general" pt="md">
            <GeneralTab />
          </Tabs.Panel>
          <Tabs.Panel value="categories" pt="md">
            <CategoriesTab />
          </Tabs.Panel>
          <Tabs.Panel value="request-statuses" pt="md">
            <RequestStatusesTab />
          </Tabs.Panel>
          <Tabs.Panel value="credential-statuses" pt="md">
            <CredentialStatusesTab />
          </Tabs.Panel>
          <Tabs.Panel value="attributes" pt="md">
            <AttributesTab />
          </Tabs.Panel>
          <Tabs.Panel value="processes" pt="md">
            <ProcessesTab />
          </Tabs.Panel>
          <Tabs.Panel value="rules" pt="md">
            <RulesTab />
          </Tabs.Panel>
          <Tabs.Panel value="application-types" pt="md">
            {stored ? (
              <ApplicationTypesTab license={stored} canWrite={canWrite} />
            ) : (
              <Text>Save the licence first; application types are added once it exists.</Text>
            )}
          </Tabs.Panel>
          <Tabs.Panel value="charges" pt="md">
            {stored ? (
              <ChargesTab license={stored} canWrite={canWrite} />
            ) : (
              <Text>Save the licence first; charges are added once it exists.</Text>
            )}
          </Tabs.Panel>
        </Tabs>
      </Stack>
      <ConfirmDialog
        opened={pending !== null}
        title={pending?.title ?? ''}
        confirmLabel={pending?.confirmLabel ?? 'Remove'}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          pending?.onConfirm();
          setPending(null);
        }}
      >
        {pending?.message}
      </ConfirmDialog>
      <UnsavedChangesDialog blocker={blocker} />
    </EditorContext.Provider>
  );
}
