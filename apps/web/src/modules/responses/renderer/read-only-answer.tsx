import { type FormQuestion, splitMultiSelect } from '@licensure/contracts';
import { Anchor, Image, Text } from '@mantine/core';
import { formatDate } from '../../../platform/display/format';
import { addressText, type DraftAnswer } from './answer-state';
import { useDataElements } from './element-choice-field';

const notAnswered = (
  <Text span c="dimmed" fs="italic">
    Not answered
  </Text>
);

function optionLabel(q: FormQuestion, id: string): string {
  return q.options.find((o) => o.id === id)?.label ?? id;
}

function ElementLabel({ question, id }: { question: FormQuestion; id: string }) {
  const elements = useDataElements(question.data_section_name);
  return <>{elements.data?.find((e) => e.id === id)?.label ?? id}</>;
}

/** The answer of one question as text, a link to its file, or its signature image. */
export function AnswerText({
  question: q,
  answer,
  documentHref,
}: {
  question: FormQuestion;
  answer: DraftAnswer | undefined;
  documentHref?: (documentId: string) => string;
}) {
  const value = answer?.value?.trim() ?? '';
  switch (q.kind) {
    case 'signature':
      return answer?.signature ? (
        <Image
          src={answer.signature}
          alt={`Signature given for ${q.label}`}
          maw={360}
          bd="1px solid var(--mantine-color-default-border)"
        />
      ) : (
        notAnswered
      );
    case 'file':
      if (!answer?.document_id) return notAnswered;
      return documentHref ? (
        <Anchor href={documentHref(answer.document_id)} target="_blank" rel="noopener">
          {answer.file_name ?? 'Uploaded file'}
        </Anchor>
      ) : (
        (answer.file_name ?? 'Uploaded file')
      );
    case 'checkbox':
      return <>{value === 'true' ? 'Yes (checked)' : 'No (not checked)'}</>;
    default:
      break;
  }
  if (value === '') return notAnswered;
  switch (q.kind) {
    case 'yes_no':
      return <>{value === 'yes' ? 'Yes' : value === 'no' ? 'No' : value}</>;
    case 'select':
    case 'radio':
      return <>{optionLabel(q, value)}</>;
    case 'multi_select':
      return (
        <>
          {splitMultiSelect(value)
            .map((id) => optionLabel(q, id))
            .join(', ')}
        </>
      );
    case 'date':
      return formatDate(value) || value;
    case 'address':
      return <>{addressText(value) || value}</>;
    case 'element_choice':
      return <ElementLabel question={q} id={value} />;
    default:
      return <span className="pre-line">{value}</span>;
  }
}
