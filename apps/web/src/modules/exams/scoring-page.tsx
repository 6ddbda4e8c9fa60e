import { type ScoringSheet, scoreSkill } from '@licensure/contracts';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { LoadFailure, LoadingState } from '../../platform/components/status';
import { ExamFormSection } from './exam-form-section';
import { examKeys, examsApi } from './exams-api';

type Skill = ScoringSheet['forms'][number]['skills'][number];
type Candidate = ScoringSheet['candidates'][number];

/**
 * `/staff/exams/sessions/:id/score`: the examiner's screen on the session day, sized for a tablet: one
 * candidate at a time, each skill's steps, critical criteria and time, with the verdict as it is scored.
 */
export function ScoringPage() {
  const { id = '' } = useParams();
  const sheet = useQuery({ queryKey: examKeys.session(id, 'scoring'), queryFn: () => examsApi.scoring(id) });
  const [candidateId, setCandidateId] = useState<string | null>(null);
  if (sheet.isPending) return <LoadingState label="Loading the score sheet…" />;
  if (sheet.isError)
    return <LoadFailure error={sheet.error} what="score sheet" onRetry={() => void sheet.refetch()} />;
  const { session, forms, candidates } = sheet.data;
  const candidate = candidates.find((c) => c.id === candidateId) ?? null;
  return (
    <Stack gap="md" maw={900}>
      <PageHeader
        title="Score candidates"
        documentTitle={`Score candidates: ${session.number ?? session.session_date}`}
        description={`${session.exam_packet ?? 'Exam'} · ${session.session_date}${session.location ? ` · ${session.location}` : ''}`}
        actions={
          <Button variant="default" component={Link} to={`/staff/exams/sessions/${session.id}`}>
            Back to the session
          </Button>
        }
      />
      {candidates.length === 0 ? <Text>No candidate is registered for this session.</Text> : null}
      <Select
        label="Candidate"
        placeholder="Choose the candidate you examine"
        size="md"
        data={candidates.map((c) => ({
          value: c.id,
          label: `${c.name ?? 'Unnamed candidate'} (${c.status})`,
        }))}
        value={candidateId}
        onChange={setCandidateId}
      />
      {candidate ? (
        <>
          <Group>
            <Text>Result so far:</Text>
            <Badge
              size="lg"
              variant="light"
              color={candidate.status === 'passed' ? 'green' : candidate.status === 'failed' ? 'red' : 'blue'}
            >
              {candidate.status === 'registered' ? 'pending' : candidate.status}
            </Badge>
          </Group>
          {forms.map((form) => [
            ...form.skills.map((skill) => (
              <SkillCard
                key={`${candidate.id}-${form.id}-${skill.id}`}
                sessionId={session.id}
                candidate={candidate}
                formId={form.id}
                formName={form.name}
                skill={skill}
              />
            )),
            form.fb_form_id ? (
              <ExamFormSection
                key={`${candidate.id}-${form.id}-form`}
                sessionId={session.id}
                candidateId={candidate.id}
                examFormId={form.id}
                examFormName={form.name}
              />
            ) : null,
          ])}
        </>
      ) : null}
    </Stack>
  );
}

function SkillCard(props: {
  sessionId: string;
  candidate: Candidate;
  formId: string;
  formName: string;
  skill: Skill;
}) {
  const { skill, candidate } = props;
  const saved = candidate.results.find((r) => r.exam_form_id === props.formId && r.skill_id === skill.id);
  const client = useQueryClient();
  const [points, setPoints] = useState<number[]>(() => skill.steps.map((_, i) => saved?.step_points[i] ?? 0));
  const [critical, setCritical] = useState<string[]>(() => (saved?.critical_failures ?? []).map(String));
  const [time, setTime] = useState<number | string>(saved?.time_seconds ?? '');
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const verdict = scoreSkill(skill, {
    step_points: points,
    critical_failures: critical.map(Number),
    time_seconds: time === '' ? null : Number(time),
  });
  const record = useMutation({
    mutationFn: () =>
      examsApi.recordResult(props.sessionId, {
        candidate_id: candidate.id,
        exam_form_id: props.formId,
        skill_id: skill.id,
        step_points: points,
        critical_failures: critical.map(Number),
        time_seconds: time === '' ? null : Number(time),
      }),
    onSuccess: (r) => {
      setMessage({
        text: `${skill.name}: ${r.result.passed ? 'passed' : 'failed'}. Packet: ${r.outcome}.`,
        error: false,
      });
      void client.invalidateQueries({ queryKey: examKeys.all });
    },
    onError: (e) => setMessage({ text: errorMessage(e), error: true }),
  });
  const headingId = `skill-${props.formId}-${skill.id}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3" id={headingId}>
          {skill.name}
        </Title>
        <Text size="sm" c="dimmed">
          {props.formName}
          {skill.time_limit_seconds ? ` · ${Math.round(skill.time_limit_seconds / 60)} min limit` : ''}
        </Text>
      </Group>
      <Stack gap="xs">
        {skill.steps.map((step, i) => (
          <NumberInput
            // Steps have no id of their own: their place in the sheet is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={i}
            size="md"
            label={`${step.label} (${step.points} ${step.points === 1 ? 'point' : 'points'})`}
            min={0}
            max={step.points}
            clampBehavior="strict"
            allowDecimal={false}
            value={points[i] ?? 0}
            onChange={(v) => setPoints((prev) => prev.map((p, j) => (j === i ? Number(v) || 0 : p)))}
          />
        ))}
        {skill.critical_criteria.length ? (
          <Checkbox.Group
            label="Critical criteria (any one fails the skill)"
            value={critical}
            onChange={setCritical}
          >
            <Stack gap={6} mt="xs">
              {skill.critical_criteria.map((c, i) => (
                <Checkbox key={c.label} size="md" value={String(i)} label={c.label} />
              ))}
            </Stack>
          </Checkbox.Group>
        ) : null}
        <NumberInput
          size="md"
          label="Time taken (seconds)"
          min={0}
          max={86400}
          allowDecimal={false}
          value={time}
          onChange={setTime}
        />
        <Group justify="space-between" mt="xs">
          <Text role="status">
            {verdict.passed ? 'Passes' : 'Fails'}: {verdict.points} of {verdict.possible} points (at least{' '}
            {skill.min_points}){verdict.reasons.length ? `. ${verdict.reasons.join('; ')}` : ''}
          </Text>
          <Button size="md" loading={record.isPending} onClick={() => record.mutate()}>
            {saved ? 'Record again' : 'Record result'}
          </Button>
        </Group>
        {message ? (
          <Alert
            color={message.error ? 'red' : verdict.passed ? 'green' : 'orange'}
            role={message.error ? 'alert' : 'status'}
          >
            {message.text}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
