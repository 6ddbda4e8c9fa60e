import { type FormGroup, type FormQuestion, validateAnswers, visibleItems } from '@licensure/contracts';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { errorMessage } from '../../../platform/api/errors';
import {
  allQuestions,
  answersToSave,
  type DraftAnswer,
  type DraftAnswers,
  draftAnswersOf,
  fieldKey,
  pageOfQuestion,
  splitServerErrors,
  withAnswer,
} from './answer-state';
import { ErrorSummary, type SummaryItem } from './error-summary';
import { GroupSection } from './group-section';
import { type DocumentError, DocumentErrors, type Notice, PageProgress, SaveNotice } from './notices';
import { answerInputId, QuestionField } from './question-field';
import { ReadOnlyForm } from './read-only-form';
import type { FormRendererProps, RenderableForm } from './renderer-types';
import './renderer.css';

export type { FormRendererProps, SaveOutcome } from './renderer-types';

/** The problems keyed `questions.<id>`, in form order, as summary items. */
function summaryOf(
  form: RenderableForm,
  problems: Record<string, string>,
  other: string[] = [],
): SummaryItem[] {
  const items: SummaryItem[] = [];
  for (const q of allQuestions(form)) {
    const message = problems[fieldKey(q.id)];
    if (message) items.push({ questionId: q.id, label: q.label, message });
  }
  for (const message of other) items.push({ questionId: null, label: '', message });
  return items;
}

const clampPage = (page: number, count: number) => Math.min(Math.max(0, page), Math.max(0, count - 1));

/**
 * A form as an applicant answers it (fill), as the builder previews it (preview, local state only), or
 * a response read-only (read). Pages with progress, conditional groups and questions (`visibleItems`),
 * client validation (`validateAnswers`) with an error summary, server field errors, uploads and signatures.
 */
export function FormRenderer(props: FormRendererProps) {
  if (props.mode === 'read') {
    return (
      <ReadOnlyForm
        form={props.form}
        answers={draftAnswersOf(props.initialAnswers)}
        staff={props.staff}
        documentHref={props.documentHref}
      />
    );
  }
  return <FillForm {...props} />;
}

function FillForm(props: FormRendererProps) {
  const { form, mode, staff = false, onSave, onUpload, onPopulate, onPageChange, documentHref } = props;
  const preview = mode === 'preview';
  const pageCount = form.pages.length;
  const [answers, setAnswers] = useState<DraftAnswers>(() => draftAnswersOf(props.initialAnswers));
  const [pageState, setPageState] = useState(() => clampPage(props.currentPage ?? 0, pageCount));
  const page = clampPage(pageState, pageCount);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState<SummaryItem[] | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [documentErrors, setDocumentErrors] = useState<DocumentError[]>([]);
  const [uploading, setUploading] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<'draft' | 'complete' | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  // What takes focus after the next render: the page heading, the summary, or a question's control.
  const pendingFocus = useRef<'heading' | 'summary' | { questionId: string } | null>(null);

  const shown = useMemo(
    () => visibleItems(form, answers, { includeSpotCheck: staff }),
    [form, answers, staff],
  );

  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    if (target === 'heading') headingRef.current?.focus();
    else if (target === 'summary') summaryRef.current?.focus();
    else {
      const el = document.getElementById(answerInputId(target.questionId));
      el?.focus();
      el?.scrollIntoView?.({ block: 'center' });
    }
  });

  const change = (questionId: string, patch: Partial<DraftAnswer>) => {
    setAnswers((prev) => withAnswer(prev, questionId, patch));
    setErrors((prev) => {
      if (!(fieldKey(questionId) in prev)) return prev;
      const { [fieldKey(questionId)]: _gone, ...rest } = prev;
      return rest;
    });
  };

  /** Entries that are not answers yet (a date typed wrong) of the questions shown, keyed as problems. */
  const entryProblems = (pageIndex?: number): Record<string, string> => {
    const problems: Record<string, string> = {};
    const pages = pageIndex === undefined ? form.pages : form.pages.slice(pageIndex, pageIndex + 1);
    for (const p of pages)
      for (const g of p.groups)
        for (const q of g.questions) {
          const problem = answers.get(q.id)?.entry_problem;
          if (problem && shown.groups.has(g.id) && shown.questions.has(q.id))
            problems[fieldKey(q.id)] = problem;
        }
    return problems;
  };

  /** Next: a page with errors does not move on; its problems show and the first one takes the focus. */
  const goForward = () => {
    const onPage = new Set(form.pages[page]?.groups.flatMap((g) => g.questions.map((q) => fieldKey(q.id))));
    const formats = validateAnswers(form, answers, { complete: false, includeSpotCheck: staff });
    const problems = {
      ...Object.fromEntries(Object.entries(formats).filter(([key]) => onPage.has(key))),
      ...entryProblems(page),
    };
    const items = summaryOf(form, problems);
    const first = items[0]?.questionId;
    if (!first) {
      goToPage(page + 1);
      return;
    }
    setErrors(problems);
    setSummary(items);
    setNotice(null);
    pendingFocus.current = { questionId: first };
    rerender();
  };

  const goToPage = (next: number) => {
    const target = clampPage(next, pageCount);
    pendingFocus.current = 'heading';
    setPageState(target);
    onPageChange?.(target);
  };

  const goToQuestion = (questionId: string) => {
    const target = pageOfQuestion(form, questionId);
    if (target >= 0 && target !== page) {
      setPageState(target);
      onPageChange?.(target);
    }
    pendingFocus.current = { questionId };
    // Render again even when the page does not change, so the focus effect runs.
    rerender();
  };

  const showProblems = (problems: Record<string, string>, other: string[] = []) => {
    setErrors(problems);
    setSummary(summaryOf(form, problems, other));
    setNotice(null);
    pendingFocus.current = 'summary';
  };

  const save = async (complete: boolean) => {
    const problems = {
      ...validateAnswers(form, answers, { complete, includeSpotCheck: staff }),
      // Completing sends every answer: one typed wrong is refused, never sent as no answer.
      ...(complete ? entryProblems() : {}),
    };
    if (Object.keys(problems).length > 0) {
      showProblems(problems);
      return;
    }
    if (preview || !onSave) {
      setErrors({});
      setSummary(null);
      setNotice({
        tone: 'success',
        text: complete
          ? 'Preview: every required answer is given. Nothing is saved in a preview.'
          : 'Preview: the answers are valid. Nothing is saved in a preview.',
      });
      return;
    }
    setBusy(complete ? 'complete' : 'draft');
    try {
      const outcome = await onSave(answersToSave(form, answers), { complete, currentPage: page });
      if (outcome.status === 'saved') {
        setErrors({});
        setSummary(null);
        setNotice({
          tone: 'success',
          text:
            outcome.message ??
            (complete
              ? 'Your answers were submitted.'
              : 'Draft saved. You can come back and finish it later.'),
        });
      } else if (outcome.status === 'invalid') {
        const split = splitServerErrors(form, outcome.fields);
        const other =
          split.other.length || Object.keys(split.questions).length
            ? split.other
            : [outcome.message ?? 'The answers could not be saved.'];
        showProblems(split.questions, other);
      } else {
        setNotice({ tone: 'error', text: outcome.message });
      }
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  };

  const upload = async (q: FormQuestion, file: File) => {
    if (preview) {
      // Nothing leaves the browser in a preview: the file is only named (the id is local, never sent).
      change(q.id, { document_id: `preview:${q.id}`, file_name: file.name });
      return;
    }
    setUploading((u) => ({ ...u, [q.id]: file.name }));
    try {
      if (!onUpload) throw new Error('Files cannot be uploaded here.');
      const stored = await onUpload(q, file);
      change(q.id, { document_id: stored.document_id, file_name: stored.file_name });
      setDocumentErrors((list) => list.filter((d) => d.questionId !== q.id));
    } catch (error) {
      setDocumentErrors((list) => [
        ...list.filter((d) => d.questionId !== q.id),
        { questionId: q.id, fileName: file.name, message: errorMessage(error) },
      ]);
    } finally {
      setUploading(({ [q.id]: _done, ...rest }) => rest);
    }
  };

  // A problem leaves the summary once its answer is changed.
  const openProblems = (summary ?? []).filter((i) => !i.questionId || fieldKey(i.questionId) in errors);
  const populate = async (group: FormGroup) => {
    if (!onPopulate) return;
    try {
      const values = await onPopulate(group);
      const known = new Set(group.questions.map((q) => q.id));
      const filled = values.filter((v) => known.has(v.question_id) && v.value !== null);
      for (const v of filled) change(v.question_id, { value: v.value });
      setNotice({
        tone: 'success',
        text:
          filled.length === 0
            ? 'Nothing could be filled in: the record has none of these answers.'
            : `${filled.length} ${filled.length === 1 ? 'answer was' : 'answers were'} filled in from the record. Check them before saving.`,
      });
    } catch (error) {
      setNotice({ tone: 'error', title: 'The answers could not be filled in', text: errorMessage(error) });
    }
  };

  const current = form.pages[page];
  const isLast = page >= pageCount - 1;
  const canSaveDraft = !preview && !!onSave && props.allowDraft !== false;
  // A save waits for uploads under way, so that their files are part of it.
  const uploadingAny = Object.keys(uploading).length > 0;

  return (
    <Stack gap="md" className="form-renderer">
      <PageProgress page={page} pageCount={pageCount} title={current?.title} />

      {openProblems.length > 0 ? (
        <ErrorSummary ref={summaryRef} items={openProblems} onGoTo={goToQuestion} />
      ) : null}

      <DocumentErrors errors={documentErrors} />
      <SaveNotice notice={notice} />

      {current ? (
        <Stack gap="lg" component="section" aria-labelledby={`page-${current.id}`}>
          <Title order={2} id={`page-${current.id}`} ref={headingRef} tabIndex={-1}>
            {current.title}
          </Title>
          {current.groups.filter((g) => shown.groups.has(g.id)).length === 0 ? (
            <Text c="dimmed">Nothing to answer on this page.</Text>
          ) : null}
          {current.groups
            .filter((g) => shown.groups.has(g.id))
            .map((g) => (
              <GroupSection
                key={g.id}
                group={g}
                onPopulate={onPopulate && g.populate_entity && !preview ? () => populate(g) : undefined}
                disabled={busy !== null}
              >
                {g.questions
                  .filter((q) => shown.questions.has(q.id))
                  .map((q) => (
                    <div key={q.id} id={`question-${q.id}`} className="form-question">
                      <QuestionField
                        question={q}
                        answer={answers.get(q.id)}
                        error={errors[fieldKey(q.id)]}
                        disabled={busy !== null}
                        onChange={(patch) => change(q.id, patch)}
                        file={{
                          uploading: uploading[q.id] ?? null,
                          onFile: (question, f) => void upload(question, f),
                          documentHref,
                        }}
                      />
                    </div>
                  ))}
              </GroupSection>
            ))}
        </Stack>
      ) : (
        <Text c="dimmed">This form has no pages yet.</Text>
      )}

      <Group component="nav" aria-label="Form pages and saving" gap="sm" mt="md" wrap="wrap">
        {page > 0 ? (
          <Button variant="default" onClick={() => goToPage(page - 1)} disabled={busy !== null}>
            Back
          </Button>
        ) : null}
        {!isLast ? (
          <Button variant="default" onClick={goForward} disabled={busy !== null}>
            Next
          </Button>
        ) : null}
        {canSaveDraft ? (
          <Button
            variant="outline"
            onClick={() => void save(false)}
            loading={busy === 'draft'}
            disabled={busy === 'complete' || uploadingAny}
          >
            Save draft
          </Button>
        ) : null}
        {isLast && pageCount > 0 ? (
          <Button
            onClick={() => void save(true)}
            loading={busy === 'complete'}
            disabled={busy === 'draft' || uploadingAny}
          >
            {props.completeLabel ?? 'Complete'}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
