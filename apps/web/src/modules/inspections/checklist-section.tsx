import type { AnswerInput, VisitOfflineBundle } from '@licensure/contracts';
import { Text, Title } from '@mantine/core';
import { FormRenderer } from '../responses/renderer/form-renderer';
import type { InitialAnswer, SaveOutcome } from '../responses/renderer/renderer-types';

/** The checklist form of an inspection's template (a form-builder form), answered with the renderer. */
export function ChecklistSection(props: {
  bundle: Pick<VisitOfflineBundle, 'templates' | 'forms'>;
  templateId: string;
  answers: readonly InitialAnswer[];
  readOnly: boolean;
  savedMessage: string;
  onSave(answers: AnswerInput[]): Promise<SaveOutcome>;
}) {
  const template = props.bundle.templates.find((t) => t.id === props.templateId);
  const form = template?.form_id ? props.bundle.forms.find((f) => f.id === template.form_id) : undefined;
  return (
    <section aria-labelledby="checklist-heading">
      <Title order={2} size="h3" id="checklist-heading" mb="sm">
        {form ? `Checklist: ${form.name}` : 'Checklist'}
      </Title>
      {!form ? (
        <Text>This inspection's template has no checklist form.</Text>
      ) : (
        <FormRenderer
          // A new answer set (another inspection, or answers loaded again) starts the renderer afresh.
          key={`${props.templateId}-${props.readOnly}`}
          form={form}
          mode={props.readOnly ? 'read' : 'fill'}
          staff
          initialAnswers={props.answers}
          completeLabel="Save the checklist"
          onSave={async (answers) => {
            const outcome = await props.onSave(answers);
            return outcome.status === 'saved' ? { ...outcome, message: props.savedMessage } : outcome;
          }}
        />
      )}
    </section>
  );
}
