import type { FormDefinition, FormOutput } from '@licensure/contracts';
import {
  Alert,
  Anchor,
  Button,
  CloseButton,
  Group,
  Notification,
  Stack,
  Tabs,
  VisuallyHidden,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { ForbiddenPage, LoadFailure, LoadingState } from '../../platform/components/status';
import type { FlashState } from '../../platform/resources/flash-message';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import {
  BuilderContext,
  type BuilderContextValue,
  focusSoon,
  type Selection,
} from './builder/builder-context';
import './builder/builder.css';
import { FormHeader } from './builder/form-header';
import { FormPreview } from './builder/form-preview';
import { PageTabs } from './builder/page-tabs';
import { SaveErrors } from './builder/save-errors';
import { SettingsTab } from './builder/settings-tab';
import { UnsavedChangesDialog, useUnsavedGuard } from './builder/unsaved-guard';
import { draftReducer, initialDraft, isDirty } from './draft/draft-reducer';
import {
  checkDraft,
  clearError,
  type ItemKind,
  type LocatedError,
  locateFieldErrors,
} from './draft/field-errors';
import { emptyForm } from './draft/form-draft';
import { findGroup, findQuestion } from './draft/form-tree';
import { formsApi, formsKeys } from './forms-api';
import { FORMS_BASE } from './forms-paths';
import { kindLabels } from './question-kinds';
import { usePalette } from './use-reference-data';

/** The definition part of a form as the API answers it (what the builder edits and sends back). */
export function definitionOf(form: FormOutput): FormDefinition {
  return {
    name: form.name,
    description: form.description ?? null,
    form_type_id: form.form_type_id ?? null,
    document_type_id: form.document_type_id ?? null,
    active: form.active,
    applicant_access: form.applicant_access,
    pages: form.pages,
    conditions: form.conditions,
    reimbursement_rules: form.reimbursement_rules,
  };
}

/** `/staff/forms/new` and `/staff/forms/:id`: the form builder. */
export function FormBuilderPage() {
  const params = useParams();
  const { viewer } = useSignedIn();
  const id = params.id && params.id !== 'new' ? params.id : null;
  // A new form, once saved, moves to its own address without starting the builder again.
  const created = useRef<string | null>(null);
  const form = useQuery({
    queryKey: formsKeys.one(id ?? ''),
    queryFn: ({ signal }) => formsApi.get(id ?? '', signal),
    enabled: !!id,
    // The builder owns its copy while open; a background refetch must not look like a change.
    staleTime: Number.POSITIVE_INFINITY,
  });
  const canWrite = hasPermission(viewer, 'forms.write');
  if (!hasPermission(viewer, 'forms.read') || (!id && !canWrite)) return <ForbiddenPage />;
  if (id && form.isError)
    return <LoadFailure error={form.error} what="the form" onRetry={() => void form.refetch()} />;
  if (id && !form.data) return <LoadingState label="Loading the form…" />;
  return (
    <BuilderScreen
      key={!id || id === created.current ? 'new' : id}
      saved={id ? (form.data ?? null) : null}
      canWrite={canWrite}
      onCreated={(newId) => {
        created.current = newId;
      }}
    />
  );
}

type TopTab = 'build' | 'settings' | 'preview';

interface Meta {
  id: string | null;
  updatedAt: string | undefined;
  version: number | null;
  hasResponses: boolean;
}

/** The builder of one form (exported for its tests). */
export interface BuilderScreenProps {
  saved: FormOutput | null;
  canWrite: boolean;
  onCreated(id: string): void;
}

const ignoreChange = () => undefined;

export function BuilderScreen({ saved, canWrite, onCreated }: BuilderScreenProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(draftReducer, saved, (s) =>
    initialDraft(s ? definitionOf(s) : emptyForm()),
  );
  const form = state.form;
  const dirty = isDirty(state);
  const [meta, setMeta] = useState<Meta>({
    id: saved?.id ?? null,
    updatedAt: saved?.updated_at,
    version: saved?.version ?? null,
    hasResponses: saved?.has_responses ?? false,
  });
  const [tab, setTab] = useState<TopTab>('build');
  const [activePageId, setActivePageId] = useState<string | null>(form.pages[0]?.id ?? null);
  const [selection, setSelection] = useState<Selection>(null);
  const [errors, setErrors] = useState<readonly LocatedError[]>([]);
  const [errorForm, setErrorForm] = useState<FormDefinition>(form);
  const [saveMessage, setSaveMessage] = useState<string | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const [liveMessage, setLiveMessage] = useState('');
  const summaryRef = useRef<HTMLDivElement>(null);
  const { blocker, allowNextNavigation } = useUnsavedGuard(dirty);
  const palette = usePalette();

  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => setToast(null), 8000);
    return () => window.clearTimeout(timer);
  }, [toast]);

  const announce = useCallback((message: string) => {
    // The same words twice in a row are still read: clear first, then set.
    setLiveMessage('');
    requestAnimationFrame(() => setLiveMessage(message));
  }, []);

  const select = useCallback((next: Selection, focusPanel = false) => {
    setSelection(next);
    if (!next) return;
    setTab('build');
    if (focusPanel) focusSoon(next.kind === 'question' ? 'panel:question-label' : 'panel:group-title');
  }, []);

  // The page shown follows the selection (chosen from the error list, or moved to another page).
  useEffect(() => {
    if (!selection) return;
    const place =
      selection.kind === 'question' ? findQuestion(form, selection.id) : findGroup(form, selection.id);
    if (!place) setSelection(null);
    else if (place.page.id !== activePageId) setActivePageId(place.page.id);
  }, [selection, form, activePageId]);

  const paletteLabels = useMemo(
    () => new Map(palette.items.map((i) => [i.kind as string, i.label])),
    [palette.items],
  );
  const context: BuilderContextValue = {
    form,
    // Read-only: no change reaches the draft, whatever control or drag would make it.
    dispatch: canWrite ? dispatch : ignoreChange,
    selection,
    select,
    errors,
    clearError: (kind: ItemKind, itemId: string, field: string) =>
      setErrors((old) => clearError(old, kind, itemId, field)),
    showPage: setActivePageId,
    announce,
    kindLabel: (kind) => paletteLabels.get(kind) ?? kindLabels[kind as keyof typeof kindLabels] ?? kind,
    readOnly: !canWrite,
  };

  const save = useMutation({
    mutationFn: (definition: FormDefinition) =>
      meta.id ? formsApi.update(meta.id, definition, meta.updatedAt) : formsApi.create(definition),
    onSuccess: (result) => {
      const definition = definitionOf(result);
      dispatch({ type: 'saved', form: definition });
      setMeta({
        id: result.id,
        updatedAt: result.updated_at,
        version: result.version,
        hasResponses: result.has_responses,
      });
      queryClient.setQueryData(formsKeys.one(result.id), result);
      queryClient.removeQueries({ queryKey: formsKeys.lists });
      const message = `Saved — version ${result.version}`;
      setToast(message);
      // Other words than the toast's, so that a search for the toast's text finds it alone.
      announce(`The form was saved as version ${result.version}.`);
      if (!meta.id) {
        onCreated(result.id);
        allowNextNavigation();
        navigate(`${FORMS_BASE}/${result.id}`, { replace: true });
      }
    },
    onError: (error, sent) => {
      // Field errors of a 400 point at places in the form; any other failure is said in words.
      const fields = error instanceof ApiError && error.status === 400 ? error.fields : {};
      const located = locateFieldErrors(sent, fields);
      setErrorForm(sent);
      setErrors(located);
      setSaveMessage(located.length > 0 ? null : errorMessage(error));
      requestAnimationFrame(() => summaryRef.current?.focus());
    },
  });

  const submit = () => {
    setToast(null);
    const problems = checkDraft(form);
    if (Object.keys(problems).length > 0) {
      setErrorForm(form);
      setErrors(locateFieldErrors(form, problems));
      setSaveMessage(null);
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    setErrors([]);
    setSaveMessage(null);
    save.mutate(form);
  };

  const onDeleted = () => {
    queryClient.removeQueries({ queryKey: formsKeys.all });
    allowNextNavigation();
    navigate(FORMS_BASE, {
      state: { flash: `Form “${saved?.name ?? form.name}” was deleted.` } satisfies FlashState,
    });
  };

  const goTo = (error: LocatedError) => {
    switch (error.kind) {
      case 'question':
      case 'group':
        select({ kind: error.kind, id: error.id }, true);
        return;
      case 'condition': {
        const condition = form.conditions.find((c) => c.id === error.id);
        const target = condition?.target_question_id
          ? { kind: 'question' as const, id: condition.target_question_id }
          : condition?.target_group_id
            ? { kind: 'group' as const, id: condition.target_group_id }
            : null;
        if (target) select(target);
        focusSoon(`condition:${error.id}:source`);
        return;
      }
      case 'page':
        setTab('build');
        setActivePageId(error.id);
        focusSoon(`page:title:${error.id}`);
        return;
      case 'rule':
        setTab('settings');
        focusSoon(`rule:${error.id}:description`);
        return;
      case 'form':
        focusSoon(`form:${error.field}`, [`form:${error.field}:${form.applicant_access}`]);
        return;
    }
  };

  const title = meta.id ? form.name.trim() || 'Untitled form' : 'New form';
  return (
    <BuilderContext.Provider value={context}>
      <Stack gap="md">
        <PageHeader
          title={meta.id ? `Form: ${title}` : 'New form'}
          documentTitle={`${title} – Form builder`}
          actions={
            <>
              <Anchor component={Link} to={FORMS_BASE}>
                Back to forms
              </Anchor>
              {meta.id ? (
                <Anchor component={Link} to={`${FORMS_BASE}/${meta.id}/responses`}>
                  Responses
                </Anchor>
              ) : null}
              {canWrite ? (
                <Button onClick={submit} loading={save.isPending}>
                  Save
                </Button>
              ) : null}
            </>
          }
          description={
            dirty
              ? 'You have changes that are not saved.'
              : meta.id
                ? 'All changes are saved.'
                : 'Not saved yet.'
          }
        />
        {canWrite ? null : (
          <Alert color="gray" title="Read only">
            You may look at this form but not change it.
          </Alert>
        )}
        <SaveErrors ref={summaryRef} form={errorForm} errors={errors} message={saveMessage} onGoTo={goTo} />
        <FormHeader version={meta.version} hasResponses={meta.hasResponses} />
        <Tabs value={tab} onChange={(value) => setTab((value as TopTab | null) ?? 'build')} keepMounted>
          <Tabs.List aria-label="Builder">
            <Tabs.Tab value="build">Build</Tabs.Tab>
            <Tabs.Tab value="settings">Settings</Tabs.Tab>
            <Tabs.Tab value="preview">Preview</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="build" pt="md">
            {tab === 'build' ? (
              <PageTabs
                activePageId={activePageId}
                onActivePage={setActivePageId}
                palette={palette.items}
                paletteLoading={palette.loading}
              />
            ) : null}
          </Tabs.Panel>
          <Tabs.Panel value="settings">
            {tab === 'settings' ? <SettingsTab formId={meta.id} onDeleted={onDeleted} /> : null}
          </Tabs.Panel>
          <Tabs.Panel value="preview" pt="md">
            {tab === 'preview' ? <FormPreview form={form} /> : null}
          </Tabs.Panel>
        </Tabs>
      </Stack>
      <VisuallyHidden role="status" aria-live="polite">
        {liveMessage}
      </VisuallyHidden>
      {toast ? (
        <Notification
          // The words are announced by the status region above; this is only their visible copy.
          role="none"
          color="green"
          withCloseButton={false}
          style={{ position: 'fixed', right: 24, bottom: 24, zIndex: 300, maxWidth: 360 }}
          withBorder
        >
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <span>{toast}</span>
            <CloseButton aria-label="Dismiss message" onClick={() => setToast(null)} />
          </Group>
        </Notification>
      ) : null}
      <UnsavedChangesDialog blocker={blocker} />
    </BuilderContext.Provider>
  );
}
