import type {
  CandidateOutput,
  EligibleRequest,
  ExamFormOutput,
  ExamFormResponseBody,
  ExamFormResponseOutput,
  ExamPacketOutput,
  ExamSessionInput,
  ExamSessionOutput,
  ExamSkillInput,
  ExamSkillOutput,
  ExamStaffOutput,
  ListResult,
  MyExams,
  PassingRequirementOutput,
  RecordResultBody,
  ScoringSheet,
  SkillResultOutput,
} from '@licensure/contracts';
import { api, type QueryValue } from '../../platform/api/client';

export interface ListItem {
  id: string;
  label: string;
}
export interface SessionSummary {
  id: string;
  number: string | null;
  name: string | null;
  session_date: string;
  location: string | null;
  status: string | null;
  exam_packet: string | null;
  capacity: number;
  registered: number;
  passed: number;
  failed: number;
  seats_left: number;
  coordinators: number;
  examiners: number;
}
export interface StaffMember {
  user_id: string;
  roster_id: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  function_as: string | null;
}
export interface CandidateSummary extends CandidateOutput {
  skills_scored: number;
  skills_passed: number;
  points: number;
}
export interface ResultSummary {
  exam_form_id: string;
  form_name: string | null;
  skill_id: string;
  skill_name: string | null;
  scored: number;
  passed: number;
  failed: number;
  critical_failures: number;
}
export interface SessionDocument {
  id: string;
  name: string;
  mime_type: string;
  size_bytes: number;
  created_at: string;
}
export interface PersonChoice {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  is_staff: boolean;
  on_roster: boolean;
}

type Query = Record<string, QueryValue>;
const all = { currentPage: 1, numPerPage: 500 };

/** Where exam staff download a session's document (the server logs the read). */
export const sessionDocumentHref = (sessionId: string, documentId: string) =>
  `/api/ExamSessions/${sessionId}/Documents/${documentId}/content`;

export const examKeys = {
  all: ['exams'] as const,
  list: (path: string, q: Query = {}) => ['exams', 'list', path, q] as const,
  one: (path: string, id: string) => ['exams', 'one', path, id] as const,
  session: (id: string, part: string) => ['exams', 'session', id, part] as const,
  summaries: ['exams', 'summaries'] as const,
  mine: ['exams', 'mine'] as const,
};

export const personName = (p: {
  first_name: string | null;
  last_name: string | null;
  email?: string | null;
}) => [p.first_name, p.last_name].filter(Boolean).join(' ') || p.email || 'Unnamed person';

export const examsApi = {
  list: <T = ListItem>(path: string, q: Query = {}, signal?: AbortSignal) =>
    api.get<ListResult<T>>(`/api/${path}`, { query: { ...all, ...q }, signal }),
  page: <T>(path: string, q: Query, signal?: AbortSignal) =>
    api.get<ListResult<T>>(`/api/${path}`, { query: q, signal }),
  skill: (id: string) => api.get<ExamSkillOutput>(`/api/EXSkill/${id}`),
  saveSkill: (id: string | null, skill: ExamSkillInput) =>
    id
      ? api.put<ExamSkillOutput>(`/api/EXSkill/${id}`, { skill })
      : api.post<ExamSkillOutput>('/api/EXSkill', { skill }),
  skillBatch: (
    route: 'BatchActive' | 'BatchCritical' | 'BatchCategory',
    ids: string[],
    value: boolean | string | null,
  ) =>
    api.post<{ updated: number }>(`/api/EXSkill/${route}`, {
      examSkillIDs: ids,
      ...(route === 'BatchCategory' ? { category: value } : { status: value }),
    }),
  saveForm: (
    id: string | null,
    exam_form: {
      name: string;
      description?: string | null;
      skill_ids: string[];
      fb_form_id?: string | null;
    },
  ) =>
    id
      ? api.put<ExamFormOutput>(`/api/EXForms/${id}`, { exam_form })
      : api.post<ExamFormOutput>('/api/EXForms', { exam_form }),
  copyForm: (copyID: string) => api.post<ExamFormOutput>('/api/exams/copyForm', { copyID }),
  formStatuses: (ids: string[], active: boolean) =>
    api.post<{ updated: number }>('/api/UpdateExamFormStatuses', { examFormIDs: ids, status: active }),
  packet: (id: string) => api.get<ExamPacketOutput>(`/api/ExamPackets/${id}`),
  savePacket: (id: string | null, exam_packet: Record<string, unknown>) =>
    id
      ? api.put<ExamPacketOutput>(`/api/ExamPackets/${id}`, { exam_packet })
      : api.post<ExamPacketOutput>('/api/ExamPackets', { exam_packet }),
  copyPacket: (id: string) =>
    api.post<{ message: string; id: string; name: string }>(`/api/CopyExamPacket/${id}`),
  packetStatuses: (ids: string[], active: boolean) =>
    api.post<{ updated: number }>('/api/ExamPackets/UpdateStatuses', { examPacketIDs: ids, status: active }),
  addFormToPacket: (packetId: string, formId: string) =>
    api.post<ExamPacketOutput>(`/api/ExamFormsSaveForm/${packetId}/${formId}`),
  saveGroup: (passing_requirement: {
    exam_packet_id: string;
    name: string;
    min_passed_forms: number;
    exam_form_ids: string[];
  }) => api.post<PassingRequirementOutput>('/api/PassingRequirments', { passing_requirement }),
  deleteGroup: (id: string) => api.delete(`/api/PassingRequirments/${id}`),
  summaries: () => api.get<SessionSummary[]>('/api/ExamSessionSummaries'),
  session: (id: string) => api.get<ExamSessionOutput>(`/api/ExamSessions/${id}`),
  createSession: (exam_session: ExamSessionInput) =>
    api.post<ExamSessionOutput>('/api/ExamSessions', { exam_session }),
  sessionSummary: (id: string) => api.get<SessionSummary>(`/api/ExamSessions/${id}/Summary`),
  sessionStaff: (id: string, kind: 'Coordinators' | 'Examiners') =>
    api.get<StaffMember[]>(`/api/ExamSessions/${id}/${kind}`),
  candidates: (id: string) => api.get<CandidateSummary[]>(`/api/ExamSessions/${id}/CandidateSummaries`),
  resultSummaries: (id: string) => api.get<ResultSummary[]>(`/api/ExamSessions/${id}/ExamResultSummaries`),
  documents: (id: string) => api.get<SessionDocument[]>(`/api/ExamSessions/${id}/Documents`),
  attachDocument: (id: string, documentId: string) =>
    api.post<SessionDocument[]>(`/api/ExamSessions/${id}/Documents`, { document_id: documentId }),
  removeDocument: (id: string, documentId: string) =>
    api.delete(`/api/ExamSessions/${id}/Documents/${documentId}`),
  eligible: (id: string) => api.get<EligibleRequest[]>(`/api/ExamSessions/${id}/EligibleCandidates`),
  register: (sessionId: string, licenseRequestId: string) =>
    api.post<CandidateOutput>(`/api/ExamSessions/${sessionId}/Register`, {
      license_request_id: licenseRequestId,
    }),
  withdraw: (sessionId: string, candidateId: string) =>
    api.post<CandidateOutput>(`/api/ExamSessions/${sessionId}/Candidates/${candidateId}/Withdraw`),
  deleteSession: (id: string, reason: string) => api.delete(`/api/ExamSessions/${id}`, { query: { reason } }),
  scoring: (id: string) => api.get<ScoringSheet>(`/api/ExamSessions/${id}/Scoring`),
  recordResult: (sessionId: string, body: RecordResultBody) =>
    api.post<{
      result: SkillResultOutput;
      candidate: CandidateOutput;
      outcome: 'passed' | 'failed' | 'pending';
    }>(`/api/ExamSessions/${sessionId}/Results`, body),
  roster: (kind: 'ExamCoordinators' | 'ExamExaminers') =>
    api.post<ListResult<ExamStaffOutput>>(`/api/${kind}/getFilter`, all),
  people: (kind: 'ExamCoordinatorsFilter' | 'ExamExaminersFilter', search: string) =>
    api.post<ListResult<PersonChoice>>(`/api/${kind}/getFilter`, { currentPage: 1, numPerPage: 20, search }),
  addToRoster: (kind: 'ExamCoordinators' | 'ExamExaminers', userId: string) =>
    api.post<ExamStaffOutput>(`/api/${kind}`, {
      [kind === 'ExamCoordinators' ? 'exam_coordinator' : 'exam_examiner']: { user_id: userId },
    }),
  examFormResponse: (sessionId: string, candidateId: string, examFormId: string) =>
    api.get<ExamFormResponseOutput>(
      `/api/ExamSessions/${sessionId}/Candidates/${candidateId}/Forms/${examFormId}`,
    ),
  saveExamFormResponse: (
    sessionId: string,
    candidateId: string,
    examFormId: string,
    body: ExamFormResponseBody,
  ) =>
    api.put<ExamFormResponseOutput>(
      `/api/ExamSessions/${sessionId}/Candidates/${candidateId}/Forms/${examFormId}`,
      body,
    ),
  mine: () => api.get<MyExams>('/api/exams/mySessions'),
  withdrawMine: (candidateId: string) =>
    api.post<CandidateOutput>(`/api/exams/myRegistrations/${candidateId}/Withdraw`),
};
