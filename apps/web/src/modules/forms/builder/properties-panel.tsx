import {
  type FormGroup,
  type FormQuestion,
  optionKinds,
  type QuestionKind,
  questionKinds,
} from '@licensure/contracts';
import { Checkbox, NativeSelect, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { errorsOf } from '../draft/field-errors';
import type { QuestionFields } from '../draft/form-draft';
import { findGroup, findQuestion, groupName, questionName } from '../draft/form-tree';
import { choicesOf, useDataSections, useReferenceRows } from '../use-reference-data';
import { EditableFields, focusSoon, useBuilder } from './builder-context';
import { ConditionsEditor } from './conditions-editor';
import { OptionsEditor } from './options-editor';

const formatKinds: readonly QuestionKind[] = ['short_text', 'long_text', 'number', 'email', 'phone'];
const unanswerable: readonly QuestionKind[] = ['instructions'];
const unmapped: readonly QuestionKind[] = ['instructions', 'file', 'signature'];

/** The properties of the selected group or question, and its conditions. */
export function PropertiesPanel() {
  const { form, selection } = useBuilder();
  const question = selection?.kind === 'question' ? findQuestion(form, selection.id) : null;
  const group = selection?.kind === 'group' ? findGroup(form, selection.id) : null;
  const heading = question ? 'Question properties' : group ? 'Group properties' : 'Properties';
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby="fb-properties-heading"
      className="fb-sticky"
    >
      <Stack gap="md">
        <Title order={2} size="h4" id="fb-properties-heading">
          {heading}
        </Title>
        <EditableFields>
          {question ? (
            <QuestionProperties
              key={question.question.id}
              question={question.question}
              groupId={question.group.id}
            />
          ) : group ? (
            <GroupProperties
              key={group.group.id}
              group={group.group}
              index={group.index}
              pageId={group.page.id}
            />
          ) : (
            <Text size="sm">
              Choose a group or a question (press its name) to edit its properties and conditions.
            </Text>
          )}
        </EditableFields>
      </Stack>
    </Paper>
  );
}

/** Text of an optional field: empty becomes null. */
const orNull = (value: string) => (value.trim() === '' ? null : value);

function numberOrNull(value: string): number | null {
  if (value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

function QuestionProperties({ question, groupId }: { question: FormQuestion; groupId: string }) {
  const { form, dispatch, errors, clearError, kindLabel, announce, select, showPage } = useBuilder();
  const fieldErrors = errorsOf(errors, 'question', question.id);
  const elements = useReferenceRows('fb_elements');
  const documentTypes = useReferenceRows('document_types', question.kind === 'file');
  const sections = useDataSections();
  const kind = question.kind;
  const set = (patch: Partial<QuestionFields>, field: keyof QuestionFields) => {
    dispatch({ type: 'updateQuestion', questionId: question.id, patch });
    clearError('question', question.id, field);
  };
  const groupChoices = form.pages.flatMap((p) =>
    p.groups.map((g, i) => ({ value: g.id, label: `${p.title}: ${groupName(g, i)}` })),
  );
  const populate = findGroup(form, groupId)?.group.populate_entity ?? null;
  const elementChoices = (elements.data ?? [])
    .filter((e) => e.active !== false || e.id === question.element_id)
    .filter((e) => !populate || e.entity === populate || e.id === question.element_id)
    .map((e) => ({
      value: e.id,
      label: `${String(e.label)} (${String(e.entity)}: ${String(e.field_name)})`,
    }));

  return (
    <Stack gap="sm">
      <Textarea
        label="Question label"
        autosize
        minRows={1}
        maxRows={6}
        required
        value={question.label}
        error={fieldErrors.label}
        data-focus-key="panel:question-label"
        onChange={(e) => set({ label: e.currentTarget.value }, 'label')}
      />
      <NativeSelect
        label="Question type"
        value={kind}
        error={fieldErrors.kind}
        data={questionKinds.map((k) => ({ value: k, label: kindLabel(k) }))}
        onChange={(e) => {
          const next = e.currentTarget.value as QuestionKind;
          set({ kind: next }, 'kind');
          if (optionKinds.includes(next) && question.options.length === 0) {
            for (const label of ['Option 1', 'Option 2'])
              dispatch({ type: 'addOption', questionId: question.id, optionId: crypto.randomUUID(), label });
          }
        }}
      />
      <Textarea
        label="Help text"
        description="Shown under the question."
        autosize
        minRows={2}
        value={question.help_text ?? ''}
        error={fieldErrors.help_text}
        onChange={(e) => set({ help_text: orNull(e.currentTarget.value) }, 'help_text')}
      />
      {unanswerable.includes(kind) ? null : (
        <>
          <Checkbox
            label="Required"
            checked={question.required}
            error={fieldErrors.required}
            onChange={(e) => set({ required: e.currentTarget.checked }, 'required')}
          />
          {question.required ? (
            <TextInput
              label="Required message"
              description={
                kind === 'signature'
                  ? 'Shown when the signature is left empty; by default “Required information is missing. Please sign the signature box.”'
                  : 'Shown when the question is left empty; by default “<label> is required”.'
              }
              value={question.required_message ?? ''}
              error={fieldErrors.required_message}
              onChange={(e) => set({ required_message: orNull(e.currentTarget.value) }, 'required_message')}
            />
          ) : null}
        </>
      )}
      {formatKinds.includes(kind) ? (
        <>
          <TextInput
            label="Format (regular expression)"
            description="An answer must match it, e.g. ^[0-9]{5}$ for a ZIP code."
            value={question.format ?? ''}
            spellCheck={false}
            error={fieldErrors.format}
            onChange={(e) => set({ format: orNull(e.currentTarget.value) }, 'format')}
          />
          <TextInput
            label="Format message"
            description="Shown when an answer does not match the format."
            value={question.format_message ?? ''}
            error={fieldErrors.format_message}
            onChange={(e) => set({ format_message: orNull(e.currentTarget.value) }, 'format_message')}
          />
        </>
      ) : null}
      {kind === 'number' ? (
        <>
          <TextInput
            label="Minimum"
            type="number"
            value={question.min ?? ''}
            error={fieldErrors.min}
            onChange={(e) => set({ min: numberOrNull(e.currentTarget.value) }, 'min')}
          />
          <TextInput
            label="Maximum"
            type="number"
            value={question.max ?? ''}
            error={fieldErrors.max}
            onChange={(e) => set({ max: numberOrNull(e.currentTarget.value) }, 'max')}
          />
        </>
      ) : null}
      {optionKinds.includes(kind) ? <OptionsEditor question={question} errors={fieldErrors} /> : null}
      {kind === 'element_choice' ? (
        <NativeSelect
          label="Data section"
          description="The answers to choose from are the data elements of this section."
          value={question.data_section_name ?? ''}
          error={fieldErrors.data_section_name}
          data={[
            { value: '', label: 'Choose…' },
            ...(question.data_section_name && !sections.includes(question.data_section_name)
              ? [question.data_section_name]
              : []),
            ...sections,
          ]}
          onChange={(e) => set({ data_section_name: orNull(e.currentTarget.value) }, 'data_section_name')}
        />
      ) : null}
      {kind === 'file' ? (
        <NativeSelect
          label="Document type of the upload"
          value={question.document_type_id ?? ''}
          error={fieldErrors.document_type_id}
          data={[{ value: '', label: '(none)' }, ...choicesOf(documentTypes.data, question.document_type_id)]}
          onChange={(e) => set({ document_type_id: orNull(e.currentTarget.value) }, 'document_type_id')}
        />
      ) : null}
      {unmapped.includes(kind) ? null : (
        <NativeSelect
          label="Element"
          description="The field of the person, service or vehicle that fills this answer when its group is populated."
          value={question.element_id ?? ''}
          error={fieldErrors.element_id}
          data={[{ value: '', label: '(none)' }, ...elementChoices]}
          onChange={(e) => set({ element_id: orNull(e.currentTarget.value) }, 'element_id')}
        />
      )}
      <NativeSelect
        label="Move to group"
        value={groupId}
        data-focus-key={`panel:move-to-group:${groupId}`}
        data={groupChoices}
        onChange={(e) => {
          const toGroupId = e.currentTarget.value;
          const to = findGroup(form, toGroupId);
          if (!to) return;
          dispatch({
            type: 'moveQuestion',
            questionId: question.id,
            toGroupId,
            toIndex: to.group.questions.length,
          });
          announce(
            `Question “${questionName(question)}” moved to the end of ${groupName(to.group, to.index)}.`,
          );
          // Keep it selected and the focus here: its page may have changed, which rebuilds the panel.
          showPage(to.page.id);
          select({ kind: 'question', id: question.id });
          focusSoon(`panel:move-to-group:${toGroupId}`);
        }}
      />
      <ConditionsEditor target={{ kind: 'question', id: question.id }} />
    </Stack>
  );
}

const populateChoices = [
  { value: '', label: 'Nothing (answered by hand)' },
  { value: 'user', label: 'The person' },
  { value: 'service', label: 'The service' },
  { value: 'vehicle', label: 'The vehicle' },
];

function GroupProperties({ group, index, pageId }: { group: FormGroup; index: number; pageId: string }) {
  const { form, dispatch, errors, clearError, announce, select, showPage } = useBuilder();
  const fieldErrors = errorsOf(errors, 'group', group.id);
  const set = (
    patch: Partial<Pick<FormGroup, 'title' | 'description' | 'spot_check' | 'populate_entity'>>,
    field: string,
  ) => {
    dispatch({ type: 'updateGroup', groupId: group.id, patch });
    clearError('group', group.id, field);
  };
  return (
    <Stack gap="sm">
      <TextInput
        label="Group title"
        description={`Leave empty to show no title (the builder calls it ${groupName({ title: null }, index)}).`}
        value={group.title ?? ''}
        error={fieldErrors.title}
        data-focus-key="panel:group-title"
        onChange={(e) => set({ title: orNull(e.currentTarget.value) }, 'title')}
      />
      <Textarea
        label="Group description"
        autosize
        minRows={2}
        value={group.description ?? ''}
        error={fieldErrors.description}
        onChange={(e) => set({ description: orNull(e.currentTarget.value) }, 'description')}
      />
      <Checkbox
        label="Spot-check group"
        description="Only staff see it, when they spot-check a response."
        checked={group.spot_check}
        onChange={(e) => set({ spot_check: e.currentTarget.checked }, 'spot_check')}
      />
      <NativeSelect
        label="Populate from"
        description="Fills the answers of questions mapped to an element from this record."
        value={group.populate_entity ?? ''}
        error={fieldErrors.populate_entity}
        data={populateChoices}
        onChange={(e) =>
          set(
            { populate_entity: (orNull(e.currentTarget.value) as FormGroup['populate_entity']) ?? null },
            'populate_entity',
          )
        }
      />
      {form.pages.length > 1 ? (
        <NativeSelect
          label="Move to page"
          value={pageId}
          data-focus-key={`panel:move-to-page:${pageId}`}
          data={form.pages.map((p) => ({ value: p.id, label: p.title || 'Untitled page' }))}
          onChange={(e) => {
            const to = form.pages.find((p) => p.id === e.currentTarget.value);
            if (!to) return;
            dispatch({ type: 'moveGroup', groupId: group.id, toPageId: to.id, toIndex: to.groups.length });
            announce(`Group moved to the end of page “${to.title}”.`);
            showPage(to.id);
            select({ kind: 'group', id: group.id });
            focusSoon(`panel:move-to-page:${to.id}`);
          }}
        />
      ) : null}
      <ConditionsEditor target={{ kind: 'group', id: group.id }} />
    </Stack>
  );
}
